// The checkpoint journal (the "-journal" file beside the database): a
// double-write area. A checkpoint first writes every page it is about to write in
// place into this file and fsyncs it; only then does it overwrite
// the pages in the database file. If a crash tears an in-place write, the next
// open finds a complete journal newer than the header's checkpoint and copies its
// pages over the database file before replaying the log.
//
// Layout (docs/file-format.md, "Checkpoint and recovery", has the same tables; the
// fields below are what the code reads and writes through):
//   0   8  magic "SCDBJRN1"
//   8  16  database id
//   24  8  checkpoint LSN the journal belongs to
//   32  4  page size
//   36  4  entry count n
//   40  1  kind: 0 = a checkpoint's, 1 = a commit's (JournalKind)
//   41 19  reserved, zero
//   60  4  CRC32 of bytes 0..59
//   64     n entries: page number (uint32 LE), 4 reserved bytes, then the page
//          exactly as it goes to disk (encoded: checksummed or encrypted)
//
// A journal is applied only if its header is valid, it belongs to this database,
// its LSN is newer than the header's checkpoint LSN (an older one describes a
// checkpoint that completed) and no newer than the log's last record, and every
// entry is present and verifies. Anything less means the crash came before the
// in-place writes began, so the database file is untouched and the journal is
// ignored (CheckpointJournal.Recovery.cs).
//
// Two writers use it, one at a time (the checkpointer's lock): a checkpoint, whose
// LSN is a commit already in the log, and the commit of a transaction too large for
// memory (Checkpointer.CommitThroughJournal), whose LSN is that of the commit record
// it logs only once the journal is durable. A crash between the two leaves a
// complete journal with an LSN the log never reached: the rule above ignores it,
// and the open empties it before new commits reuse that LSN.
//
// The file is kept between checkpoints and overwritten by the next one rather than cut
// to nothing and grown again: cutting it freed its blocks in a file-system journal
// commit, and growing it again made each of the checkpoint's fsyncs commit new block
// allocations; commits whose log fsync needed those journal commits waited for them
// (7–9 ms truncations beside each checkpoint in the sustained-load probe, 16–20 ms once
// the journals outgrew a fixed 64 MiB limit with a cache full of dirty pages). What it
// keeps follows what recent checkpoints wrote (Clear); a file much longer than that (the
// commit of a transaction larger than memory, a burst of dirty pages) is cut back in
// durable steps (DurableShortening). Stale entries left from an earlier checkpoint decode like fresh ones, so a
// checkpoint writes its entries first and its header last, each durable before the
// next: until the new header is durable, the header in the file is the old one, which
// the LSN rule above ignores. One that may still apply (a checkpoint that failed after
// its journal was written, once the Checkpointer wrote its pages again from it:
// Checkpointer.Unfinished.cs) is invalidated, durably, before any entry is overwritten.
using SharpCoreDB.Wal.Format;
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Storage.File;

/// <summary>The double-write area that makes checkpoints safe against torn page writes.</summary>
internal sealed partial class CheckpointJournal(IStorageFile file) : IDisposable
{
    /// <summary>Bytes 0..7: the magic.</summary>
    internal static readonly LayoutField MagicField = LayoutField.First(sizeof(ulong));

    /// <summary>Bytes 8..23: the database id.</summary>
    internal static readonly LayoutField DatabaseIdField = MagicField.Next(16);

    /// <summary>Bytes 24..31: the checkpoint LSN the journal belongs to.</summary>
    internal static readonly LayoutField CheckpointLsnField = DatabaseIdField.Next(sizeof(long));

    /// <summary>Bytes 32..35: the page size.</summary>
    internal static readonly LayoutField PageSizeField = CheckpointLsnField.Next(sizeof(int));

    /// <summary>Bytes 36..39: the entry count.</summary>
    internal static readonly LayoutField EntryCountField = PageSizeField.Next(sizeof(int));

    /// <summary>Byte 40: whose journal it is (<see cref="JournalKind"/>).</summary>
    internal static readonly LayoutField KindField = EntryCountField.Next(1);

    /// <summary>Bytes 41..59: reserved, zero.</summary>
    internal static readonly LayoutField ReservedField = KindField.Next(19);

    /// <summary>Bytes 60..63: CRC32 of bytes 0..59.</summary>
    internal static readonly LayoutField ChecksumField = ReservedField.Next(sizeof(uint));

    public static readonly int HeaderSize = ChecksumField.End;

    /// <summary>Entry bytes 0..3: the page number (uint32 LE).</summary>
    internal static readonly LayoutField EntryPageNumberField = LayoutField.First(sizeof(uint));

    /// <summary>Entry bytes 4..7: reserved, zero.</summary>
    internal static readonly LayoutField EntryReservedField = EntryPageNumberField.Next(4);

    /// <summary>Bytes before the encoded page of an entry, which follows at this offset.</summary>
    public static readonly int EntryHeaderSize = EntryReservedField.End;

    internal const ulong Magic = 0x314E524A42444353; // "SCDBJRN1" read as little-endian

    /// <summary>Bytes the journal for <paramref name="entries"/> pages of <paramref name="pageSize"/> takes.</summary>
    public static long SizeFor(int entries, int pageSize) => HeaderSize + ((long)entries * (EntryHeaderSize + pageSize));

    /// <summary>A journal up to this long is always kept when cleared (see <see cref="Clear"/> for longer ones).</summary>
    internal const long RetainedBytes = 64L << 20;

    private long _written = -1;

    // The largest journal recent checkpoints wrote: raised by each one, and lowered by an eighth at each, so that
    // it follows the checkpoints' size without jumping down at one small checkpoint.
    private long _recentLargest;

    // True while the header in the file may be one that recovery would apply: from the moment a new header is written
    // until Clear (its checkpoint completed) or Abandon (the file was emptied). Unknown at open, so assumed.
    private bool _mayApply = file.Length > 0;

    /// <summary>Fills the journal header at the start of <paramref name="buffer"/>.</summary>
    public static void WriteHeader(Span<byte> buffer, Guid databaseId, long checkpointLsn, int pageSize, int entries, JournalKind kind)
    {
        buffer[..HeaderSize].Clear();
        KindField.WriteByte(buffer, (byte)kind);
        MagicField.WriteUInt64(buffer, Magic);
        databaseId.TryWriteBytes(DatabaseIdField.Of(buffer));
        CheckpointLsnField.WriteInt64(buffer, checkpointLsn);
        PageSizeField.WriteInt32(buffer, pageSize);
        EntryCountField.WriteInt32(buffer, entries);
        ChecksumField.WriteCrc32OfPreceding(buffer);
    }

    /// <summary>Fills the header of an entry (its page number; the reserved bytes zeroed) at the start of <paramref name="entry"/>.</summary>
    public static void WriteEntryHeader(Span<byte> entry, uint pageNumber)
    {
        EntryPageNumberField.WriteUInt32(entry, pageNumber);
        EntryReservedField.Of(entry).Clear();
    }

    /// <summary>Offset of entry <paramref name="index"/> in a journal.</summary>
    public static long EntryOffset(int index, int pageSize) => HeaderSize + ((long)index * (EntryHeaderSize + pageSize));

    /// <summary>
    /// Starts writing a journal piece by piece (a journal too large to build in memory): empties the file and writes
    /// <paramref name="header"/> (HeaderSize bytes, from <see cref="WriteHeader"/>). <see cref="Append"/> adds entries,
    /// <see cref="Complete"/> makes it durable. A failure empties the journal again, as <see cref="Write"/> does.
    /// </summary>
    public void Begin(ReadOnlySpan<byte> header)
    {
        try
        {
            // This journal writes its header first, so stale entries must be gone, durably, before it is written.
            DurableShortening.Shorten(file, 0);

            _mayApply = true;
            file.Write(0, header[..HeaderSize]);
            _written = HeaderSize;
        }
        catch (IOException e)
        {
            throw Abandon(e);
        }
    }

    /// <summary>Adds whole entries after those written so far; <paramref name="sync"/> fsyncs first (pacing).</summary>
    public void Append(ReadOnlySpan<byte> entries, bool sync)
    {
        if (_written < 0)
        {
            throw new InvalidOperationException("No journal is being written.");
        }

        try
        {
            if (sync)
            {
                file.Flush();
            }

            file.Write(_written, entries);
            _written += entries.Length;
        }
        catch (IOException e)
        {
            throw Abandon(e);
        }
    }

    /// <summary>Makes the journal begun with <see cref="Begin"/> durable.</summary>
    public void Complete()
    {
        try
        {
            file.SetLength(_written);
            file.Flush();
            _written = -1;
        }
        catch (IOException e)
        {
            throw Abandon(e);
        }
    }

    /// <summary>Reads journal bytes back (entries of a journal just completed, to write them in place).</summary>
    public void Read(long offset, Span<byte> destination)
    {
        int read;
        try
        {
            read = file.Read(offset, destination);
        }
        catch (IOException e)
        {
            throw IoFailure.From(e, $"reading the checkpoint journal '{file.Path}'");
        }

        if (read != destination.Length)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Corrupt, $"The checkpoint journal '{file.Path}' is shorter than it was written.");
        }
    }

    /// <summary>
    /// Writes a complete journal (header and entries, built by the caller) and makes it durable: the entries first,
    /// with an fsync after every <paramref name="flushEveryBytes"/> (pacing: see Checkpointer), then the header (see
    /// the file's header for why in that order). If that fails, the database file is still untouched, so the partial
    /// journal is emptied again rather than left holding space a full disk needs. A crash before the header is durable
    /// leaves the old header, which the next open ignores.
    /// </summary>
    public void Write(ReadOnlySpan<byte> journal, int flushEveryBytes)
    {
        try
        {
            if (_mayApply)
            {
                Invalidate();
            }

            for (int offset = HeaderSize; offset < journal.Length; offset += flushEveryBytes)
            {
                if (offset > HeaderSize)
                {
                    file.Flush();
                }

                file.Write(offset, journal.Slice(offset, Math.Min(flushEveryBytes, journal.Length - offset)));
            }

            file.Flush();
            _mayApply = true;
            file.Write(0, journal[..HeaderSize]);
            file.Flush();
            _recentLargest = Math.Max(journal.Length, _recentLargest - (_recentLargest >> 3));
        }
        catch (IOException e)
        {
            throw Abandon(e);
        }
    }

    // Overwrites the header with zeros, durably: a header that fails its checks makes the journal apply to nothing.
    private void Invalidate()
    {
        Span<byte> zeros = stackalloc byte[HeaderSize];
        zeros.Clear();
        file.Write(0, zeros);
        file.Flush();
        _mayApply = false;
    }

    // A write failed: the database file is still untouched, so the partial journal is emptied
    // rather than left holding space a full disk needs.
    private SharpCoreDBException Abandon(IOException e)
    {
        _written = -1;
        try
        {
            file.SetLength(0);
            _mayApply = false;
        }
        catch (IOException)
        {
            // An incomplete journal is ignored by the next open anyway (see the rule above).
        }

        return IoFailure.From(e, $"writing the checkpoint journal '{file.Path}'");
    }

    /// <summary>True when the journal holds nothing that could apply (no checkpoint's pages wait in it).</summary>
    public bool IsEmpty => !_mayApply || file.Length == 0;

    /// <summary>
    /// Forgets the journal after its checkpoint completed (no fsync needed: see the LSN rule). The file keeps its
    /// bytes for the next checkpoint to overwrite while it is no longer than <see cref="RetainedBytes"/> or twice the
    /// largest journal recent checkpoints wrote; a longer one is cut back to that largest, in durable steps.
    /// </summary>
    public void Clear()
    {
        _mayApply = false;
        try
        {
            if (file.Length > Math.Max(RetainedBytes, 2 * _recentLargest))
            {
                DurableShortening.Shorten(file, _recentLargest);
            }
        }
        catch (IOException e)
        {
            throw IoFailure.From(e, $"clearing the checkpoint journal '{file.Path}'");
        }
    }

    /// <summary>Gives the bytes of a journal that no longer applies back to the file system.</summary>
    public void Shrink()
    {
        if (_mayApply || file.Length == 0)
        {
            return;
        }

        try
        {
            DurableShortening.Shorten(file, 0);
            _recentLargest = 0;
        }
        catch (IOException e)
        {
            throw IoFailure.From(e, $"emptying the checkpoint journal '{file.Path}'");
        }
    }

    public void Dispose() => file.Dispose();
}

/// <summary>Whose pages a checkpoint journal holds (byte 40 of its header).</summary>
internal enum JournalKind : byte
{
    /// <summary>A checkpoint's: pages of commits already in the log (journals written before this byte existed read as this).</summary>
    Checkpoint = 0,

    /// <summary>
    /// The commit of a transaction larger than memory: its pages, written before its commit record is logged. If the log
    /// never reached its LSN, the commit never happened and the journal is emptied, not applied.
    /// </summary>
    Commit = 1,
}
