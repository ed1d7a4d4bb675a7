// The page cache's old versions: finding the one a snapshot needs, pruning those no
// snapshot needs, and moving out of memory those that only long-running readers
// still need.
//
// A version is needed while some snapshot reads it: for each snapshot (held by a
// reader, or the visible commit that new readers take), the newest version at or
// below it. A page's chain of versions, newest first, is pruned exactly (versions
// between two snapshots that neither reads go too, so a reader that stays open while
// a page is rewritten a thousand times pins two versions, not a thousand):
//   - whenever the page gets a new version (Install, given the snapshots the commit
//     listed once for all its pages);
//   - for a page that kept its previous version there, again once only the oldest
//     snapshot could still read it (PruneSuperseded, at each commit);
//   - for every page listed as having more than one version (the chained set), when
//     the oldest snapshot moves on (SnapshotRegistry tells the engine), after a
//     checkpoint, and now and then while the cache is over its budget (MakeRoom): this
//     reaches pages written while a reader was active and never again.
using System.Runtime.InteropServices;
using SharpCoreDB.Storage.Collections;
using SharpCoreDB.Storage.File;

namespace SharpCoreDB.Storage.Cache;

internal sealed partial class PageCache
{
    private readonly PageSet _chained = new();

    // Pages that kept an older version when Install gave them a new one, in commit order, with the LSN of the new one:
    // visited again once only the oldest snapshot could still read the older version (PruneSuperseded).
    // At most this many: about a second of sixteen writers' commits, 768 KiB.
    private readonly SupersededPages _superseded = new(limit: 65_536);
    private readonly List<uint> _chainedScratch = [];
    private readonly List<long> _snapshotScratch = [];
    private readonly Lock _maintenance = new();
    private readonly Func<PageSlotFile>? _spillFactory;
    private PageSlotFile? _spill;
    private int _spilledVersions;
    private int _chainedCount;

    /// <summary>
    /// Fills the list with the snapshot LSNs readers hold, ascending, and returns the lowest LSN a snapshot
    /// taken from now on can have (the visible commit); the exact pruning asks it. Without it, nothing is pruned.
    /// </summary>
    public Func<List<long>, long>? ListSnapshots { get; set; }

    /// <summary>Old versions moved to the spill file.</summary>
    public int SpilledVersions => Volatile.Read(ref _spilledVersions);

    /// <summary>Pages holding more than one version.</summary>
    public int ChainedPages => Volatile.Read(ref _chainedCount);

    /// <summary>Drops, from every page with more than one version, the versions no snapshot reads.</summary>
    public void PruneChained()
    {
        if (Volatile.Read(ref _chainedCount) == 0 || ListSnapshots is null || !_maintenance.TryEnter())
        {
            return;
        }

        try
        {
            long futureFloor = ListSnapshots(_snapshotScratch);
            CopyChained();
            foreach (uint page in _chainedScratch)
            {
                var stripe = StripeOf(page);
                lock (stripe.Gate)
                {
                    bool stillChained = false;
                    if (stripe.Entries.TryGetValue(page, out var entry))
                    {
                        PruneUnread(stripe, entry, _snapshotScratch, futureFloor);
                        stillChained = entry.Latest.Older is not null;
                        entry.Chained = stillChained;
                    }

                    if (!stillChained)
                    {
                        Unchain(page);
                    }
                }
            }
        }
        finally
        {
            _maintenance.Exit();
        }
    }

    /// <summary>
    /// Prunes again the pages that kept their previous version at Install once no snapshot but the oldest can read it:
    /// a version superseded at LSN L is read by no snapshot at or above L, so once every snapshot held but the oldest,
    /// and every one taken from now on, is at or above L, only the oldest can (a checkpoint's or a long reader's: the
    /// pass over all chained pages handles that one when it goes). Without this, the previous versions of pages not
    /// written again, kept only for the snapshots of statements running at their commit, waited for that pass.
    /// </summary>
    public void PruneSuperseded(SnapshotSet snapshots)
    {
        long ready = Math.Min(snapshots.FutureFloor, snapshots.Held.Count >= 2 ? snapshots.Held[1] : long.MaxValue);
        while (true)
        {
            uint page;
            lock (_superseded)
            {
                if (!_superseded.TryDequeueUpTo(ready, out page))
                {
                    return;
                }
            }

            var stripe = StripeOf(page);
            lock (stripe.Gate)
            {
                if (stripe.Entries.TryGetValue(page, out var entry) && entry.Chained)
                {
                    PruneUnread(stripe, entry, snapshots.Held, snapshots.FutureFloor);
                    if (entry.Latest.Older is null)
                    {
                        entry.Chained = false;
                        Unchain(page);
                    }
                }
            }
        }
    }

    /// <summary>Deletes the spill file (the database is closing).</summary>
    public void DisposeSpill() => _spill?.Dispose();

    // Called under the stripe lock.
    private byte[] Resolve(uint pageNumber, CacheEntry entry, long snapshotLsn)
    {
        var version = entry.Latest;
        PageVersion? last = null;
        while (version is not null && version.Lsn > snapshotLsn)
        {
            last = version;
            version = version.Older;
        }

        if (version is null && entry.OlderInFile && last is not null)
        {
            // The chain started on top of an image that was never loaded: it is the file's.
            version = Load(pageNumber);
            last.Older = version;
            entry.OlderInFile = false;
            Interlocked.Increment(ref _images);
            MarkChained(pageNumber, entry);
        }

        if (version is null)
        {
            throw new InvalidOperationException(
                $"Page {pageNumber} has no version visible to snapshot {snapshotLsn}; the snapshot registry lost a reader.");
        }

        if (version.Image is { } image)
        {
            return image;
        }

        if (!version.InFile)
        {
            // Read back for an old reader each time, never kept again: that is what bounds memory.
            return _spill!.Read(pageNumber, version.SpillSlot);
        }

        image = LoadExactly(pageNumber, version.Lsn);
        if (ReferenceEquals(version, entry.Latest))
        {
            version.Reattach(image);
            Interlocked.Increment(ref _images);
        }

        return image;
    }

    // Called under the stripe lock. The first version at or below the oldest snapshot is the last one any reader needs.
    private void PruneChain(Stripe stripe, CacheEntry entry, long oldestSnapshot)
    {
        var version = entry.Latest;
        while (version is not null && version.Lsn > oldestSnapshot)
        {
            version = version.Older;
        }

        if (version is null)
        {
            return;
        }

        for (var dropped = version.Older; dropped is not null;)
        {
            var older = dropped.Older;
            Forget(stripe, dropped);
            dropped = older;
        }

        version.Older = null;
        entry.OlderInFile = false;
    }

    // Called under the stripe lock: keeps the newest version and, below it, each version some
    // snapshot reads (one at or above its LSN and below the next newer version's), and every version
    // at or above the floor of future snapshots (a commit published after the list was taken may
    // become visible and be read at any of those LSNs).
    private void PruneUnread(Stripe stripe, CacheEntry entry, List<long> snapshots, long futureFloor)
    {
        var newer = entry.Latest;
        for (var version = newer.Older; version is not null;)
        {
            var older = version.Older;
            if (version.Lsn >= futureFloor || newer.Lsn > futureFloor || IsRead(snapshots, version.Lsn, newer.Lsn))
            {
                newer = version;
            }
            else
            {
                newer.Older = older;
                Forget(stripe, version);
            }

            version = older;
        }

        // Below the chain lies the file's image: needed only by a snapshot older than the chain's last version.
        if (entry.OlderInFile && futureFloor >= newer.Lsn && (snapshots.Count == 0 || snapshots[0] >= newer.Lsn))
        {
            entry.OlderInFile = false;
        }
    }

    // True when some snapshot s has from <= s < below (snapshots ascending).
    private static bool IsRead(List<long> snapshots, long from, long below)
    {
        // The first snapshot >= from, by hand over the list's span: List<long>.BinarySearch is framework generic code
        // the package's ReadyToRun images cannot hold, compiled by the JIT inside a fresh process's first batch.
        ReadOnlySpan<long> held = CollectionsMarshal.AsSpan(snapshots);
        int low = 0, high = held.Length;
        while (low < high)
        {
            int middle = (low + high) >>> 1;
            if (held[middle] < from)
            {
                low = middle + 1;
            }
            else
            {
                high = middle;
            }
        }

        return low < held.Length && held[low] < below;
    }

    // A version leaves the chain (called under its stripe's lock): its image goes to the pool of images to reuse (no
    // snapshot reads it, so no open transaction can: PageImagePool), or its spill slot is given back; the object itself
    // waits in the stripe's spares for a later version.
    private void Forget(Stripe stripe, PageVersion version)
    {
        if (version.Image is not null)
        {
            Interlocked.Decrement(ref _images);
            Images.Return(version.Surrender()!);
        }
        else if (!version.InFile)
        {
            _spill!.Free(version.SpillSlot);
            Interlocked.Decrement(ref _spilledVersions);
        }

        KeepSpare(stripe, version);
    }

    // Called under the stripe lock.
    private void MarkChained(uint pageNumber, CacheEntry entry)
    {
        if (entry.Chained)
        {
            return;
        }

        entry.Chained = true;
        lock (_chained)
        {
            if (_chained.Add(pageNumber))
            {
                _chainedCount++;
            }
        }
    }

    private void Unchain(uint pageNumber)
    {
        lock (_chained)
        {
            if (_chained.Remove(pageNumber))
            {
                _chainedCount--;
            }
        }
    }

    private void CopyChained()
    {
        _chainedScratch.Clear();
        lock (_chained)
        {
            _chained.CopyTo(_chainedScratch);
        }
    }

    // Over the budget after pruning and eviction: what remains is pinned by readers (pages with
    // versions some snapshot reads cannot be evicted). Their images leave memory until the cache
    // is within its budget: an image the database file holds exactly is dropped (read from the
    // file when needed), and an older one that no checkpoint needs moves to the spill file.
    // Images newer than the file's (dirty) stay: only a checkpoint releases them.
    private void ReleasePinnedImages()
    {
        if (_file is null || !_maintenance.TryEnter())
        {
            return;
        }

        try
        {
            CopyChained();
            foreach (uint page in _chainedScratch)
            {
                if (ImagesInMemory <= _capacityPages)
                {
                    return;
                }

                var stripe = StripeOf(page);
                lock (stripe.Gate)
                {
                    if (stripe.Entries.TryGetValue(page, out var entry))
                    {
                        ReleaseImages(page, entry);
                    }
                }
            }
        }
        finally
        {
            _maintenance.Exit();
        }
    }

    // Called under the stripe lock, for a version whose image the file is about to stop holding (a
    // checkpoint overwrites the page) while readers may still read it: it goes straight to the spill
    // file rather than back into memory, so a checkpoint never grows the cache past its budget.
    private void KeepForReaders(uint page, PageVersion version, byte[] image)
    {
        if (_spillFactory is null)
        {
            version.Reattach(image);
            Interlocked.Increment(ref _images);
            return;
        }

        _spill ??= _spillFactory();
        version.MoveToSpill(_spill.Write(page, image));
        Interlocked.Increment(ref _spilledVersions);

        // The image was just read from the file for this and handed to nobody.
        Images.Return(image);
    }

    // Called under the stripe lock.
    private void ReleaseImages(uint page, CacheEntry entry)
    {
        for (var version = entry.Latest; version is not null; version = version.Older)
        {
            if (version.Image is not { } image || version.Lsn > entry.FileLsn)
            {
                continue;
            }

            if (version.Lsn == entry.FileLsn)
            {
                version.DropToFile();
            }
            else if (_spillFactory is not null)
            {
                _spill ??= _spillFactory();
                version.MoveToSpill(_spill.Write(page, image));
                Interlocked.Increment(ref _spilledVersions);
            }
            else
            {
                continue;
            }

            Interlocked.Decrement(ref _images);
            Reclaimer.Retire(image);
        }
    }
}
