// Crash recovery's second half: re-applies the commit records logged after the
// header's checkpoint LSN to the pages they changed (the first half, the
// checkpoint journal, has already repaired any torn page write).
//
// A record changes a page only if the page's stored LSN is older than the
// record's: the file may already hold a newer image of a page (written by a
// checkpoint whose header write did not complete), and applying an older change on
// top of it would corrupt it. Replayed pages go into the cache as dirty versions;
// the checkpoint that follows the open writes them to the file.
using SharpCoreDB.Storage.Cache;
using SharpCoreDB.Storage.File;
using SharpCoreDB.Storage.Logging;
using SharpCoreDB.Storage.Pages;

namespace SharpCoreDB.Storage;

/// <summary>Applies logged commit records to the page cache.</summary>
internal sealed class LogReplayer(PageCache cache, PageLayout layout)
{
    /// <summary>The LSN of the last record applied.</summary>
    public long LastLsn { get; private set; }

    /// <summary>The database state after the last record applied.</summary>
    public DatabaseState? State { get; private set; }

    /// <summary>Records applied.</summary>
    public int Records { get; private set; }

    /// <summary>The largest page count of any record applied (a VACUUM's record has a smaller one than those before it).</summary>
    public uint MostPages { get; private set; }

    /// <summary>Applies one commit record (already decrypted).</summary>
    public void Apply(long lsn, ReadOnlySpan<byte> record)
    {
        CommitRecordReader reader;
        try
        {
            reader = new CommitRecordReader(record);
            while (reader.NextPage(out uint pageNumber, out var type, out bool fresh))
            {
                ApplyPage(ref reader, lsn, pageNumber, type, fresh);
            }
        }
        catch (Exception e) when (e is FormatException or OverflowException or ArgumentOutOfRangeException)
        {
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.Corrupt, $"The log record at LSN {lsn} is malformed: {e.Message}", e);
        }

        // Nobody reads an older state while the log is replayed: the versions this record superseded go at once.
        cache.PruneSuperseded(SnapshotSet.From(lsn));
        State = reader.State;
        MostPages = Math.Max(MostPages, reader.State.PageCount);
        LastLsn = lsn;
        Records++;
    }

    private void ApplyPage(ref CommitRecordReader reader, long lsn, uint pageNumber, PageType type, bool fresh)
    {
        byte[]? current = Current(pageNumber, fresh);
        if (current is not null && PageHeader.GetLsn(current) >= lsn)
        {
            return; // the page already holds this change; NextPage skips its ranges
        }

        byte[] image;
        if (fresh)
        {
            image = new byte[layout.PageSize];
        }
        else
        {
            image = (byte[])current!.Clone();
        }

        var body = image.AsSpan(PageLayout.HeaderSize, layout.BodySize);
        while (reader.NextRange(out int offset, out var bytes))
        {
            if (offset + bytes.Length > body.Length)
            {
                throw new FormatException($"a range of page {pageNumber} ends past the page body");
            }

            bytes.CopyTo(body[offset..]);
        }

        PageHeader.SetType(image, type);
        PageHeader.SetLsn(image, lsn);
        cache.Install(pageNumber, image, lsn, SnapshotSet.From(lsn - 1));
    }

    // The page's newest image, or null for a fresh page the file does not hold (yet).
    private byte[]? Current(uint pageNumber, bool fresh)
    {
        if (!fresh)
        {
            return cache.Get(pageNumber, long.MaxValue);
        }

        try
        {
            return cache.Get(pageNumber, long.MaxValue);
        }
        catch (SharpCoreDBException e) when (e.ErrorCode == SharpCoreDBErrorCode.Corrupt)
        {
            // A page allocated after the checkpoint was never written: nothing to compare with.
            return null;
        }
    }
}
