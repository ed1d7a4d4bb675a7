// The page cache's side of writing pages in place: a checkpoint writes dirty
// versions through WriteThrough and MarkInFile; the commit of a transaction larger
// than memory writes its pages straight into the file through WriteCommitted. Both
// overwrite an image of the file that a snapshot may still read, so before each
// write the image is kept for such readers (in the version spill file, or memory),
// under the lock of the page's stripe, which a reader missing the cache takes too:
// no reader ever sees a half-written page or a newer one than its snapshot.
namespace SharpCoreDB.Storage.Cache;

internal sealed partial class PageCache
{
    /// <summary>
    /// Runs <paramref name="write"/> (an in-place write of the page's version committed at <paramref name="lsn"/>) under the page's
    /// stripe lock, first taking back into memory any version whose image only the file held (the write
    /// replaces it), and the file's image itself if a reader older than the version may still need it
    /// (only for a page the file had, <paramref name="pagesOnDisk"/>, before the checkpoint extended it).
    /// The page stays dirty until <see cref="MarkInFile"/> says the write is durable.
    /// </summary>
    public void WriteThrough(uint pageNumber, long lsn, long oldestSnapshot, long pagesOnDisk, Action write)
    {
        var stripe = StripeOf(pageNumber);
        lock (stripe.Gate)
        {
            var entry = stripe.Entries[pageNumber];
            KeepOlderImages(pageNumber, entry, lsn, oldestSnapshot, pagesOnDisk);

            // Until MarkInFile, nobody knows which image the file holds: the page counts as dirty,
            // so no image is dropped on the strength of an image the write is replacing.
            entry.OlderInFile = false;
            entry.FileLsn = -1;
            write();
        }
    }

    // Called under the stripe lock before the file's image of a page is overwritten with the version at lsn: every
    // version whose image only the file held is taken back (into the spill file, or memory), and so is the file's
    // own image below the chain if a snapshot older than lsn may still read it and the file had the page before
    // the writer extended it (pagesOnDisk: past that, the file holds zeros, nothing a reader can want).
    private void KeepOlderImages(uint pageNumber, CacheEntry entry, long lsn, long oldestSnapshot, long pagesOnDisk)
    {
        PageVersion bottom = entry.Latest;
        for (var v = entry.Latest; v is not null; v = v.Older)
        {
            if (v.InFile)
            {
                KeepForReaders(pageNumber, v, LoadExactly(pageNumber, v.Lsn));
            }

            bottom = v;
        }

        if (entry.OlderInFile && oldestSnapshot < lsn && _file is not null && pageNumber < pagesOnDisk)
        {
            var fromFile = Load(pageNumber);
            byte[] image = fromFile.Image!;
            fromFile.DropToFile();
            bottom.Older = fromFile;
            KeepForReaders(pageNumber, fromFile, image);
            MarkChained(pageNumber, entry);
        }
    }

    /// <summary>
    /// For a commit that writes its pages straight into the database file (a transaction larger than memory): runs
    /// <paramref name="write"/> (the in-place write of the page as committed at <paramref name="lsn"/>) under the page's
    /// stripe lock, first keeping for older snapshots the image the write replaces (as <see cref="WriteThrough"/> does;
    /// for a page the cache does not hold, the file's image, when the file has the page: <paramref name="pagesOnDisk"/>),
    /// then makes the file's new image the page's newest version. The commit is not visible yet, so no reader can want it.
    /// </summary>
    public void WriteCommitted(uint pageNumber, long lsn, long pagesOnDisk, long oldestSnapshot, Action write)
    {
        var stripe = StripeOf(pageNumber);
        bool inserted = false;
        lock (stripe.Gate)
        {
            if (!stripe.Entries.TryGetValue(pageNumber, out var entry))
            {
                if (pageNumber >= pagesOnDisk || _file is null)
                {
                    // Nothing older exists to keep: a later read loads the new image from the file.
                    write();
                    return;
                }

                var fromFile = Load(pageNumber);
                byte[] image = fromFile.Image!;
                fromFile.DropToFile();
                entry = NewEntry(stripe, fromFile, fromFile.Lsn, olderInFile: false);
                stripe.Entries.Add(pageNumber, entry);
                inserted = true;
                KeepForReaders(pageNumber, fromFile, image);
            }
            else
            {
                KeepOlderImages(pageNumber, entry, lsn, oldestSnapshot, pagesOnDisk);
            }

            write();
            var version = NewVersion(stripe, image: null, lsn);
            version.Older = entry.Latest;
            entry.Latest = version;
            entry.FileLsn = lsn;
            entry.OlderInFile = false;
            PruneChain(stripe, entry, oldestSnapshot);
            if (version.Older is not null)
            {
                MarkChained(pageNumber, entry);
            }
        }

        if (inserted)
        {
            Interlocked.Increment(ref _count);
        }
    }

    /// <summary>Records that the file durably holds the page's version committed at <paramref name="lsn"/> (after <see cref="WriteThrough"/>).</summary>
    public void MarkInFile(uint pageNumber, long lsn)
    {
        var stripe = StripeOf(pageNumber);
        lock (stripe.Gate)
        {
            var entry = stripe.Entries[pageNumber];
            entry.FileLsn = Math.Max(entry.FileLsn, lsn);
        }

        AllowSweep();
    }
}
