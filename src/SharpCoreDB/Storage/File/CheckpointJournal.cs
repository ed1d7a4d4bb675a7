// The checkpoint journal (the "-journal" file beside the database): a
// double-write area. A checkpoint first writes every page it is about to write in
// place into this file and fsyncs it; only then does it overwrite
// the pages in the database file. If a crash tears an in-place write, the next
// open finds a complete journal newer than the header's checkpoint and copies its
// pages over the database file before replaying the log.
//
// Layout (docs/file-format.md, "Checkpoint and recovery", has the same tables; the
// constants below are what the code reads and writes):
//   0   8  magic "SCDBJRN1"
//   8  16  database id
//   24  8  checkpoint LSN the journal belongs to
//   32  4  page size
//   36  4  entry count n
//   40 20  reserved, zero
//   60  4  CRC32 of bytes 0..59
//   64     n entries: page number (uint32 LE), 4 reserved bytes, then the page
//          exactly as it goes to disk (encoded: checksummed or encrypted)
//
// A journal is applied only if its header is valid, it belongs to this database,
// its LSN is newer than the header's checkpoint LSN (an older one describes a
// checkpoint that completed), and every entry is present and verifies. Anything
// less means the crash came before the in-place writes began, so the database file
// is untouched and the journal is ignored.
using System.Buffers.Binary;
using System.IO.Hashing;
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Storage.File;

/// <summary>The double-write area that makes checkpoints safe against torn page writes.</summary>
internal sealed class CheckpointJournal(IStorageFile file) : IDisposable
{
    /// <summary>Bytes 0..7: the magic.</summary>
    internal const int MagicOffset = 0; // [0-7]
    internal const int MagicSize = sizeof(ulong);

    /// <summary>Bytes 8..23: the database id.</summary>
    internal const int DatabaseIdOffset = 8; // [8-23]
    internal const int DatabaseIdSize = 16;

    /// <summary>Bytes 24..31: the checkpoint LSN the journal belongs to.</summary>
    internal const int CheckpointLsnOffset = 24; // [24-31]
    internal const int CheckpointLsnSize = sizeof(long);

    /// <summary>Bytes 32..35: the page size.</summary>
    internal const int PageSizeOffset = 32; // [32-35]
    internal const int PageSizeSize = sizeof(int);

    /// <summary>Bytes 36..39: the entry count.</summary>
    internal const int EntryCountOffset = 36; // [36-39]
    internal const int EntryCountSize = sizeof(int);

    /// <summary>Bytes 40..59: reserved, zero.</summary>
    internal const int ReservedOffset = 40; // [40-59]
    internal const int ReservedSize = 20;

    /// <summary>Bytes 60..63: CRC32 of bytes 0..59.</summary>
    internal const int ChecksumOffset = 60; // [60-63]
    internal const int ChecksumSize = sizeof(uint);

    public const int HeaderSize = ChecksumOffset + ChecksumSize;

    /// <summary>Entry bytes 0..3: the page number (uint32 LE).</summary>
    internal const int EntryPageNumberOffset = 0; // [0-3]
    internal const int EntryPageNumberSize = sizeof(uint);

    /// <summary>Entry bytes 4..7: reserved, zero.</summary>
    internal const int EntryReservedOffset = 4; // [4-7]
    internal const int EntryReservedSize = 4;

    /// <summary>Bytes before the encoded page of an entry, which follows at this offset.</summary>
    public const int EntryHeaderSize = EntryReservedOffset + EntryReservedSize;
    internal const ulong Magic = 0x314E524A42444353; // "SCDBJRN1" read as little-endian

    /// <summary>Bytes the journal for <paramref name="entries"/> pages of <paramref name="pageSize"/> takes.</summary>
    public static int SizeFor(int entries, int pageSize) => HeaderSize + (entries * (EntryHeaderSize + pageSize));

    /// <summary>Fills the journal header at the start of <paramref name="buffer"/>.</summary>
    public static void WriteHeader(Span<byte> buffer, Guid databaseId, long checkpointLsn, int pageSize, int entries)
    {
        buffer[..HeaderSize].Clear();
        BinaryPrimitives.WriteUInt64LittleEndian(buffer[MagicOffset..], Magic);
        databaseId.TryWriteBytes(buffer.Slice(DatabaseIdOffset, DatabaseIdSize));
        BinaryPrimitives.WriteInt64LittleEndian(buffer[CheckpointLsnOffset..], checkpointLsn);
        BinaryPrimitives.WriteInt32LittleEndian(buffer[PageSizeOffset..], pageSize);
        BinaryPrimitives.WriteInt32LittleEndian(buffer[EntryCountOffset..], entries);
        BinaryPrimitives.WriteUInt32LittleEndian(buffer[ChecksumOffset..], Crc32.HashToUInt32(buffer[..ChecksumOffset]));
    }

    /// <summary>Fills the header of an entry (its page number; the reserved bytes zeroed) at the start of <paramref name="entry"/>.</summary>
    public static void WriteEntryHeader(Span<byte> entry, uint pageNumber)
    {
        BinaryPrimitives.WriteUInt32LittleEndian(entry[EntryPageNumberOffset..], pageNumber);
        entry.Slice(EntryReservedOffset, EntryReservedSize).Clear();
    }

    /// <summary>Offset of entry <paramref name="index"/> in a journal buffer.</summary>
    public static int EntryOffset(int index, int pageSize) => HeaderSize + (index * (EntryHeaderSize + pageSize));

    /// <summary>
    /// Writes a complete journal (header and entries, built by the caller) and makes it durable, with an
    /// fsync after every <paramref name="flushEveryBytes"/> (pacing: see Checkpointer). If that fails, the
    /// database file is still untouched, so the partial journal is emptied again rather than left holding
    /// space a full disk needs. A crash between the paced fsyncs leaves an incomplete journal, which the
    /// next open ignores as it would any other.
    /// </summary>
    public void Write(ReadOnlySpan<byte> journal, int flushEveryBytes)
    {
        try
        {
            for (int offset = 0; offset < journal.Length; offset += flushEveryBytes)
            {
                if (offset > 0)
                {
                    file.Flush();
                }

                file.Write(offset, journal.Slice(offset, Math.Min(flushEveryBytes, journal.Length - offset)));
            }

            file.SetLength(journal.Length);
            file.Flush();
        }
        catch (IOException e)
        {
            try
            {
                file.SetLength(0);
            }
            catch (IOException)
            {
                // An incomplete journal is ignored by the next open anyway (see the rule above).
            }

            throw IoFailure.From(e, $"writing the checkpoint journal '{file.Path}'");
        }
    }

    /// <summary>True when the journal holds nothing (no checkpoint's pages wait in it).</summary>
    public bool IsEmpty => file.Length == 0;

    /// <summary>Forgets the journal after its checkpoint completed (no fsync needed: see the LSN rule).</summary>
    public void Clear()
    {
        try
        {
            file.SetLength(0);
        }
        catch (IOException e)
        {
            throw IoFailure.From(e, $"clearing the checkpoint journal '{file.Path}'");
        }
    }

    /// <summary>
    /// Copies a complete journal newer than <paramref name="header"/>'s checkpoint over the database
    /// file and fsyncs it. Returns the number of pages restored (0 if the journal did not apply).
    /// </summary>
    public int RecoverInto(DatabaseFile database, DatabaseHeader header) => Apply(database, header, write: true);

    /// <summary>True when a complete journal newer than the header's checkpoint waits to be applied.</summary>
    public bool NeedsRecovery(DatabaseHeader header) => Apply(null, header, write: false) > 0;

    private int Apply(DatabaseFile? database, DatabaseHeader header, bool write)
    {
        try
        {
            return ApplyUnchecked(database, header, write);
        }
        catch (IOException e)
        {
            throw IoFailure.From(e, $"recovering from the checkpoint journal '{file.Path}'");
        }
    }

    private int ApplyUnchecked(DatabaseFile? database, DatabaseHeader header, bool write)
    {
        long length = file.Length;
        if (length < HeaderSize)
        {
            return 0;
        }

        Span<byte> head = stackalloc byte[HeaderSize];
        file.Read(0, head);
        if (BinaryPrimitives.ReadUInt64LittleEndian(head[MagicOffset..]) != Magic
            || BinaryPrimitives.ReadUInt32LittleEndian(head[ChecksumOffset..]) != Crc32.HashToUInt32(head[..ChecksumOffset])
            || new Guid(head.Slice(DatabaseIdOffset, DatabaseIdSize)) != header.DatabaseId
            || BinaryPrimitives.ReadInt64LittleEndian(head[CheckpointLsnOffset..]) <= header.CheckpointLsn
            || BinaryPrimitives.ReadInt32LittleEndian(head[PageSizeOffset..]) != header.PageSize)
        {
            return 0;
        }

        int entries = BinaryPrimitives.ReadInt32LittleEndian(head[EntryCountOffset..]);
        int pageSize = header.PageSize;
        if (entries < 0 || SizeFor(entries, pageSize) > length)
        {
            return 0;
        }

        var all = new byte[SizeFor(entries, pageSize) - HeaderSize];
        file.Read(HeaderSize, all);
        var scratch = new byte[pageSize];
        for (int i = 0; i < entries; i++)
        {
            var entry = all.AsSpan(i * (EntryHeaderSize + pageSize), EntryHeaderSize + pageSize);
            uint page = BinaryPrimitives.ReadUInt32LittleEndian(entry[EntryPageNumberOffset..]);
            try
            {
                if (database is not null)
                {
                    database.Codec.Decode(page, entry[EntryHeaderSize..], scratch);
                }
            }
            catch (SharpCoreDBException)
            {
                return 0;
            }
        }

        if (!write || database is null)
        {
            return Math.Max(entries, 1);
        }

        for (int i = 0; i < entries; i++)
        {
            var entry = all.AsSpan(i * (EntryHeaderSize + pageSize), EntryHeaderSize + pageSize);
            database.WriteEncodedPage(BinaryPrimitives.ReadUInt32LittleEndian(entry[EntryPageNumberOffset..]), entry[EntryHeaderSize..]);
        }

        database.Flush();
        return entries;
    }

    public void Dispose() => file.Dispose();
}
