// The log record of one committed transaction: the database state after it and,
// for every page it changed, the changed byte ranges of the page body.
//
// Layout (before encryption, which seals the whole record; docs/file-format.md,
// "Commit records", has the same table, and the fields and sizes below are what the
// code reads and writes):
//   0   1  kind: 1 = commit; 2 = commit whose pages went through the checkpoint
//           journal (a transaction larger than memory: no page entries follow)
//   1  24  DatabaseState after the commit
//   25  4  number of page entries (uint32 LE)
//   then, per page entry:
//       varint  page number
//       1       page type (PageType)
//       1       flags: bit 0 = fresh (start from a zeroed body, not from the page's previous image)
//       2       number of ranges (uint16 LE)
//       per range: varint offset within the body, varint length, the bytes
//
// Redo applies an entry to a page only when the page's stored LSN is older than
// the record's LSN, so replaying a record twice, or over a page a checkpoint
// already wrote, changes nothing.
using System.Buffers.Binary;
using SharpCoreDB.Storage.File;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Storage.Records;
using SharpCoreDB.Wal.Format;

namespace SharpCoreDB.Storage.Logging;

/// <summary>Builds commit records into a reusable buffer (one per database, used under the writer lock).</summary>
internal sealed class CommitRecordWriter
{
    public const byte CommitKind = 1;

    /// <summary>The kind of a commit whose whole pages were written through the checkpoint journal, not logged.</summary>
    public const byte JournaledCommitKind = 2;

    /// <summary>Byte 0: the record kind (<see cref="CommitKind"/>).</summary>
    internal static readonly LayoutField KindField = LayoutField.First(1);

    /// <summary>Bytes 1..24: the database state after the commit.</summary>
    internal static readonly LayoutField StateField = KindField.Next(DatabaseState.EncodedSize);

    /// <summary>Bytes 25..28: the number of page entries (uint32 LE).</summary>
    internal static readonly LayoutField PageCountField = StateField.Next(sizeof(uint));

    /// <summary>The fixed part before the first page entry.</summary>
    internal static readonly int HeaderSize = PageCountField.End;

    // A page entry starts with its page number as a varint, so the fields after it
    // have sizes but no fixed offsets.

    /// <summary>Page entry, after the page number: the page type (1 byte).</summary>
    internal const int EntryTypeSize = 1;

    /// <summary>Page entry: the flags (1 byte), bit 0 = <see cref="FreshFlag"/>.</summary>
    internal const int EntryFlagsSize = 1;

    /// <summary>Page entry: the number of ranges (uint16 LE).</summary>
    internal const int EntryRangeCountSize = sizeof(ushort);

    /// <summary>The entry flag of a page whose ranges apply to a zeroed body, not to the previous image.</summary>
    internal const byte FreshFlag = 1;
    private byte[] _bytes = new byte[4096];
    private int _length;
    private int _pages;

    /// <summary>The record built so far.</summary>
    public ReadOnlySpan<byte> Written => _bytes.AsSpan(0, _length);

    public void Begin(DatabaseState state, byte kind = CommitKind)
    {
        _length = 0;
        _pages = 0;
        var header = Reserve(HeaderSize);
        KindField.WriteByte(header, kind);
        state.WriteTo(StateField.Of(header));
        PageCountField.WriteUInt32(header, 0);
    }

    /// <summary>Adds the difference between the old and new body of one page.</summary>
    public void AddPage(uint pageNumber, PageType type, bool fresh, ReadOnlySpan<byte> oldBody, ReadOnlySpan<byte> newBody)
    {
        var head = Reserve(Varint.MaxLength + EntryTypeSize + EntryFlagsSize + EntryRangeCountSize);
        int n = Varint.Write(head, pageNumber);
        head[n] = (byte)type;
        n += EntryTypeSize;
        head[n] = fresh ? FreshFlag : (byte)0;
        n += EntryFlagsSize;
        int countAt = _length - head.Length + n;
        _length = countAt + EntryRangeCountSize;

        int ranges = 0;
        var diff = new PageDiff(oldBody, newBody);
        while (diff.Next(out int offset, out int length))
        {
            var span = Reserve((2 * Varint.MaxLength) + length);
            int used = Varint.Write(span, (ulong)offset);
            used += Varint.Write(span[used..], (ulong)length);
            newBody.Slice(offset, length).CopyTo(span[used..]);
            _length -= span.Length - used - length;
            ranges++;
        }

        if (ranges > ushort.MaxValue)
        {
            throw new InvalidOperationException("A page diff has more ranges than a commit record can describe.");
        }

        BinaryPrimitives.WriteUInt16LittleEndian(_bytes.AsSpan(countAt), (ushort)ranges);
        _pages++;
        PageCountField.WriteUInt32(_bytes, (uint)_pages);
    }

    private Span<byte> Reserve(int count)
    {
        if (_length + count > _bytes.Length)
        {
            Array.Resize(ref _bytes, Math.Max(_bytes.Length * 2, _length + count));
        }

        var span = _bytes.AsSpan(_length, count);
        _length += count;
        return span;
    }
}

/// <summary>Walks a commit record: its state, then each page entry and its ranges.</summary>
internal ref struct CommitRecordReader
{
    private readonly ReadOnlySpan<byte> _record;
    private int _position;
    private int _pagesLeft;
    private int _rangesLeft;

    public CommitRecordReader(ReadOnlySpan<byte> record)
    {
        if (record.Length < CommitRecordWriter.HeaderSize
            || CommitRecordWriter.KindField.ReadByte(record) is not (CommitRecordWriter.CommitKind or CommitRecordWriter.JournaledCommitKind))
        {
            throw new FormatException("Not a commit record.");
        }

        _record = record;
        State = DatabaseState.ReadFrom(CommitRecordWriter.StateField.Of(record));
        _pagesLeft = (int)CommitRecordWriter.PageCountField.ReadUInt32(record);
        _position = CommitRecordWriter.HeaderSize;
    }

    public DatabaseState State { get; }

    public bool NextPage(out uint pageNumber, out PageType type, out bool fresh)
    {
        while (_rangesLeft > 0)
        {
            NextRange(out _, out _);
        }

        if (_pagesLeft == 0)
        {
            pageNumber = 0;
            type = PageType.Unused;
            fresh = false;
            return false;
        }

        _pagesLeft--;
        pageNumber = checked((uint)ReadVarint());
        if (_position + CommitRecordWriter.EntryTypeSize + CommitRecordWriter.EntryFlagsSize + CommitRecordWriter.EntryRangeCountSize > _record.Length)
        {
            throw new FormatException("Truncated commit record.");
        }

        type = (PageType)_record[_position];
        _position += CommitRecordWriter.EntryTypeSize;
        fresh = (_record[_position] & CommitRecordWriter.FreshFlag) != 0;
        _position += CommitRecordWriter.EntryFlagsSize;
        _rangesLeft = BinaryPrimitives.ReadUInt16LittleEndian(_record[_position..]);
        _position += CommitRecordWriter.EntryRangeCountSize;
        return true;
    }

    public bool NextRange(out int offset, out ReadOnlySpan<byte> bytes)
    {
        if (_rangesLeft == 0)
        {
            offset = 0;
            bytes = default;
            return false;
        }

        _rangesLeft--;
        offset = checked((int)ReadVarint());
        int length = checked((int)ReadVarint());
        if (length > _record.Length - _position)
        {
            throw new FormatException("Truncated commit record range.");
        }

        bytes = _record.Slice(_position, length);
        _position += length;
        return true;
    }

    private ulong ReadVarint()
    {
        int used = Varint.Read(_record[_position..], out ulong value);
        if (used == 0)
        {
            throw new FormatException("Truncated or overlong varint.");
        }

        _position += used;
        return value;
    }
}
