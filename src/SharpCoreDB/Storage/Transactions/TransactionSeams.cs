// What transactions need from the storage engine, and nothing more: committed page images
// as of a snapshot, and (for the writer) commit, release of the writer lock and the wait
// for durability. Transactions used to hold the StorageEngine itself and reach into its
// cache; with these two interfaces the Transactions folder no longer depends on the
// engine above it, and a test can stand in for either side.
using SharpCoreDB.Storage.Pages;

namespace SharpCoreDB.Storage.Transactions;

/// <summary>The committed page versions transactions read.</summary>
internal interface ICommittedPages
{
    PageLayout Layout { get; }

    /// <summary>The newest image of a page committed at or before <paramref name="snapshotLsn"/> (long.MaxValue: the newest).</summary>
    byte[] Committed(uint pageNumber, long snapshotLsn);

    /// <summary>A page-sized array for a private copy, its content unspecified (an image nobody reads any more, or a new one).</summary>
    byte[] RentImage();

    /// <summary>Takes back a private copy that nothing can read any more (its transaction rolled back).</summary>
    void ReturnImage(byte[] image);

    /// <summary>
    /// A transaction begins reading page images: images the cache drops from now on are not reused before it calls
    /// <see cref="ExitEpoch"/> with the returned ticket (Cache/ImageReclaimer).
    /// </summary>
    long EnterEpoch();

    /// <summary>The transaction that entered with <paramref name="ticket"/> reads no image any more.</summary>
    void ExitEpoch(long ticket);

    /// <summary>Private pages a write transaction keeps in memory before it moves some out (int.MaxValue: never).</summary>
    int PrivatePageLimit { get; }

    /// <summary>A new temporary file for a write transaction's pages that memory does not hold; null where there is none (in memory).</summary>
    File.PageSlotFile? CreatePrivatePageFile();
}

/// <summary>What the one write transaction asks of its database when it ends.</summary>
internal interface IWriterHost
{
    /// <summary>Logs and installs the transaction's pages; returns the commit's LSN. Called under the writer lock.</summary>
    long CommitLocked(WriteTransaction transaction);

    /// <summary>Frees the writer lock if <paramref name="transaction"/> holds it.</summary>
    void ReleaseWriter(WriteTransaction transaction);

    /// <summary>Blocks until the commit with <paramref name="lsn"/> is durable (and visible).</summary>
    void WaitForCommit(long lsn);

    /// <inheritdoc cref="WaitForCommit"/>
    ValueTask WaitForCommitAsync(long lsn, CancellationToken cancellationToken);
}

/// <summary>The check every page pointer a transaction follows gets.</summary>
internal static class PageNumbers
{
    /// <summary>Throws a corruption error if a page pointer leads outside the database.</summary>
    public static void Check(uint pageNumber, uint pageCount)
    {
        if (pageNumber == 0 || pageNumber >= pageCount)
        {
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.Corrupt,
                $"Page {pageNumber} is outside the database ({pageCount} pages): a page pointer is damaged.");
        }
    }
}
