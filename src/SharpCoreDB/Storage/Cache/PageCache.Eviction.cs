// The page cache's eviction: what happens when an added image takes the cache over its
// budget (see PageCache.cs for the order: prune, sweep clean pages, move pinned images
// out, ask for a checkpoint). A second-chance sweep evicts clean pages; when only dirty
// pages are left it is in vain, and the next one waits for a share of the budget in new
// images or for a checkpoint to make pages clean.
namespace SharpCoreDB.Storage.Cache;

internal sealed partial class PageCache
{
    // After a sweep in vain, images added before the next one: this share of the budget.
    private const int SweepCreditShare = 32;

    // While sweeps are held off, the chained pages are pruned after this many images added per chained page (at least
    // PruneEveryLeast): a constant amount of pruning per image however many pages are chained (MakeRoom).
    private const int ChainedPagesPerPrune = 32;
    private const int PruneEveryLeast = 4;

    // Set when a sweep left the cache over its budget (only dirty or pinned pages were left to drop): the
    // images added after it count down _sweepCredit, and the next sweep waits until it is spent or a checkpoint
    // made pages clean (MarkInFile). Without this every commit sweeps the whole cache in vain, under the writer
    // lock, for as long as a checkpoint of a cache full of dirty pages takes: the sustained-load probe over a
    // 3-million-row table spent 27% of its CPU in SweepStripe and commits waited 40 ms at p99.
    private int _sweepFutile;
    private int _sweepCredit;
    private int _imagesSincePrune;
    private long _sweeps;

    /// <summary>Brings the cache back within its budget as far as it can (see the top of PageCache.cs).</summary>
    public void Trim()
    {
        if (ImagesInMemory > _capacityPages)
        {
            EvictFrom(_stripes[0]);
        }
    }

    private void EvictFrom(Stripe hot)
    {
        Interlocked.Increment(ref _sweeps);
        // Old versions no reader needs any more go first: they cost nothing to drop.
        PruneChained();

        // Sweep stripes starting after the one that grew, so eviction spreads over the cache.
        int start = Array.IndexOf(_stripes, hot);
        bool wantCheckpoint = false;
        for (int pass = 0; pass < 2 && ImagesInMemory > _capacityPages; pass++)
        {
            for (int i = 0; i < StripeCount && ImagesInMemory > _capacityPages; i++)
            {
                var stripe = _stripes[(start + 1 + i) % StripeCount];
                wantCheckpoint |= SweepStripe(stripe);
            }
        }

        if (ImagesInMemory > _capacityPages)
        {
            ReleasePinnedImages();
        }

        // Only when clean pages could not make room: a sweep nearly always meets a few dirty pages
        // (the last commits'), and asking for a checkpoint each time would run them back to back
        // once the database outgrew the cache.
        if (wantCheckpoint && ImagesInMemory > _capacityPages)
        {
            CheckpointWanted?.Invoke();
        }

        // Still over: what is left is dirty or pinned, and sweeping again before more images came in (or a
        // checkpoint made pages clean) would only scan the same pages again.
        if (ImagesInMemory > _capacityPages)
        {
            Volatile.Write(ref _sweepCredit, Math.Max(MinPooledImages, _capacityPages / SweepCreditShare));
            Volatile.Write(ref _sweepFutile, 1);
        }
        else
        {
            Volatile.Write(ref _sweepFutile, 0);
        }
    }

    // After an image was added: over the budget, a sweep makes room, unless the last one was in vain and neither
    // enough images came in since (a cache of 8,192 pages sweeps again after 256) nor a checkpoint made pages
    // clean. Meanwhile the chained pages' versions no reader needs any more are dropped (their images feed the pool
    // the commits copy pages into; held off, those copies allocated 3.4 GB in 30 s of 16 writers over a 3-million-row
    // table against 1.0 GB), once per ChainedPagesPerPrune images per chained page: Install prunes the page it adds a
    // version to, and this reaches the pages not written again after a reader let go of theirs. (A walk of all
    // chained pages after every fourth image took 18% of the writers' CPU: a checkpoint's snapshot chains every page
    // written while it runs.)
    private void MakeRoom(Stripe stripe)
    {
        if (ImagesInMemory <= _capacityPages)
        {
            return;
        }

        int credit = Volatile.Read(ref _sweepFutile) == 0 ? 0 : Interlocked.Decrement(ref _sweepCredit);
        if (credit <= 0)
        {
            EvictFrom(stripe);
        }
        else if (Interlocked.Increment(ref _imagesSincePrune) >= Math.Max(PruneEveryLeast, ChainedPages / ChainedPagesPerPrune))
        {
            Volatile.Write(ref _imagesSincePrune, 0);
            PruneChained();
        }
    }

    /// <summary>A checkpoint made pages clean: the next image added over the budget sweeps at once.</summary>
    private void AllowSweep() => Volatile.Write(ref _sweepFutile, 0);

    // Evicts clean entries whose reference bit is clear and clears the bit of the others.
    // Returns true when dirty pages were found that only a checkpoint can release.
    private bool SweepStripe(Stripe stripe)
    {
        bool sawDirty = false;
        lock (stripe.Gate)
        {
            List<uint>? victims = null;
            foreach (var (page, entry) in stripe.Entries)
            {
                if (entry.IsDirty)
                {
                    sawDirty = true;
                    continue;
                }

                if (entry.Referenced)
                {
                    entry.Referenced = false;
                }
                else if (entry.IsEvictable)
                {
                    (victims ??= []).Add(page);
                }
            }

            if (victims is not null)
            {
                foreach (uint page in victims)
                {
                    if (!stripe.Entries.Remove(page, out var victim))
                    {
                        continue;
                    }

                    if (victim.Latest.Surrender() is { } image)
                    {
                        Interlocked.Decrement(ref _images);

                        // A transaction may still be reading it: reused only once none that could is open.
                        Reclaimer.Retire(image);
                    }

                    // The spare entry still names this version, which may serve another page by the time the entry
                    // is taken again; NewEntry's Reuse replaces every field before the entry joins a stripe again.
                    KeepSpare(stripe, victim.Latest);
                    stripe.SpareEntries.Keep(victim);
                }

                Interlocked.Add(ref _count, -victims.Count);
            }
        }

        return sawDirty;
    }
}
