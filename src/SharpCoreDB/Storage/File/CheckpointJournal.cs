// The checkpoint journal (the "-journal" file beside the database): a
// double-write area. A checkpoint first writes every page it is about to write in
// place into this file, in one write, and fsyncs it; only then does it overwrite
// the pages in the database file. If a crash tears an in-place write, the next
// open finds a complete journal newer than the header's checkpoint and copies its
// pages over the database file before replaying the log.
//
// Layout:
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
    public const int HeaderSize = 64;
    public const int EntryHeaderSize = 8;
    internal const ulong Magic = 0x314E524A42444353; // "SCDBJRN1" read as little-endian

    /// <summary>Bytes the journal for <paramref name="entries"/> pages of <paramref name="pageSize"/> takes.</summary>
    public static int SizeFor(int entries, int pageSize) => HeaderSize + (entries * (EntryHeaderSize + pageSize));

    /// <summary>Fills the journal header at the start of <paramref name="buffer"/>.</summary>
    public static void WriteHeader(Span<byte> buffer, Guid databaseId, long checkpointLsn, int pageSize, int entries)
    {
        buffer[..HeaderSize].Clear();
        BinaryPrimitives.WriteUInt64LittleEndian(buffer, Magic);
        databaseId.TryWriteBytes(buffer[8..24]);
        BinaryPrimitives.WriteInt64LittleEndian(buffer[24..], checkpointLsn);
        BinaryPrimitives.WriteInt32LittleEndian(buffer[32..], pageSize);
        BinaryPrimitives.WriteInt32LittleEndian(buffer[36..], entries);
        BinaryPrimitives.WriteUInt32LittleEndian(buffer[60..], Crc32.HashToUInt32(buffer[..60]));
    }

    /// <summary>Offset of entry <paramref name="index"/> in a journal buffer.</summary>
    public static int EntryOffset(int index, int pageSize) => HeaderSize + (index * (EntryHeaderSize + pageSize));

    /// <summary>
    /// Writes a complete journal (header and entries, built by the caller) and makes it durable. If that
    /// fails, the database file is still untouched, so the partial journal is emptied again rather than
    /// left holding space a full disk needs.
    /// </summary>
    public void Write(ReadOnlySpan<byte> journal)
    {
        try
        {
            file.Write(0, journal);
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
        if (BinaryPrimitives.ReadUInt64LittleEndian(head) != Magic
            || BinaryPrimitives.ReadUInt32LittleEndian(head[60..]) != Crc32.HashToUInt32(head[..60])
            || new Guid(head[8..24]) != header.DatabaseId
            || BinaryPrimitives.ReadInt64LittleEndian(head[24..]) <= header.CheckpointLsn
            || BinaryPrimitives.ReadInt32LittleEndian(head[32..]) != header.PageSize)
        {
            return 0;
        }

        int entries = BinaryPrimitives.ReadInt32LittleEndian(head[36..]);
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
            uint page = BinaryPrimitives.ReadUInt32LittleEndian(entry);
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
            database.WriteEncodedPage(BinaryPrimitives.ReadUInt32LittleEndian(entry), entry[EntryHeaderSize..]);
        }

        database.Flush();
        return entries;
    }

    public void Dispose() => file.Dispose();
}
