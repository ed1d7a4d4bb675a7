// The page cache: committed page images shared by every transaction of one open
// database, bounded by a size in bytes.
//
// Each page has a chain of versions, newest first (see CacheEntry). A reader asks
// for the newest version no newer than its snapshot LSN; the writer asks for the
// newest. Versions that no active snapshot can need are pruned, so in steady state
// a page has one version. Dirty pages (newest version not yet in the database file)
// are never evicted: they leave the cache only through a checkpoint, which the
// cache asks for when it is over its budget and evicting clean pages could not make
// room. Clean pages are evicted with a second-chance sweep when the cache is over
// its budget.
//
// The map is split into stripes, each with its own lock, so that readers on
// different pages do not contend. A miss reads the page from the file under the
// stripe lock: a checkpoint writing that page in place takes the same lock, so a
// reader can never see a half-written image.
using SharpCoreDB.Storage.File;

namespace SharpCoreDB.Storage.Cache;

/// <summary>Committed page images, versioned for snapshot readers, bounded in size.</summary>
internal sealed class PageCache
{
    internal const int StripeCount = 64;
    private readonly Stripe[] _stripes = new Stripe[StripeCount];
    private readonly DatabaseFile? _file;
    private readonly int _capacityPages;
    private int _count;
    private long _hits;
    private long _misses;
    private long _fileLsnLimit;

    /// <param name="file">The file pages are loaded from; null for an in-memory database.</param>
    /// <param name="pageSize">The size of every page.</param>
    /// <param name="capacityBytes">The budget; the cache may exceed it only with dirty or still-needed pages.</param>
    public PageCache(DatabaseFile? file, int pageSize, long capacityBytes)
    {
        _file = file;
        // An in-memory database has nowhere to evict to: its pages are its data.
        _capacityPages = file is null ? int.MaxValue : (int)Math.Clamp(capacityBytes / pageSize, 16, int.MaxValue);
        for (int i = 0; i < StripeCount; i++)
        {
            _stripes[i] = new Stripe();
        }
    }

    /// <summary>Pages currently cached.</summary>
    public int Count => Volatile.Read(ref _count);

    public int CapacityPages => _capacityPages;

    public long Hits => Interlocked.Read(ref _hits);

    public long Misses => Interlocked.Read(ref _misses);

    /// <summary>Raised (outside any lock) when dirty pages should be checkpointed to make room.</summary>
    public Action? CheckpointWanted { get; set; }

    /// <summary>The newest version of the page no newer than <paramref name="snapshotLsn"/>.</summary>
    public PageVersion Get(uint pageNumber, long snapshotLsn)
    {
        var stripe = StripeOf(pageNumber);
        bool inserted = false;
        PageVersion result;
        lock (stripe)
        {
            if (stripe.Entries.TryGetValue(pageNumber, out var entry))
            {
                Interlocked.Increment(ref _hits);
                entry.Referenced = true;
                result = Resolve(pageNumber, entry, snapshotLsn);
            }
            else
            {
                Interlocked.Increment(ref _misses);
                var loaded = Load(pageNumber);
                entry = new CacheEntry(loaded, loaded.Lsn, olderInFile: false);
                stripe.Entries.Add(pageNumber, entry);
                inserted = true;
                result = loaded;
            }
        }

        if (inserted && Interlocked.Increment(ref _count) > _capacityPages)
        {
            EvictFrom(stripe);
        }

        return result;
    }

    /// <summary>
    /// Makes <paramref name="image"/> the newest version of the page, committed at <paramref name="lsn"/>.
    /// The cache takes ownership of the array.
    /// </summary>
    public void Install(uint pageNumber, byte[] image, long lsn, long oldestSnapshot)
    {
        var version = new PageVersion(image, lsn);
        var stripe = StripeOf(pageNumber);
        bool inserted = false;
        lock (stripe)
        {
            if (stripe.Entries.TryGetValue(pageNumber, out var entry))
            {
                version.Older = entry.Latest;
                entry.Latest = version;
                entry.Referenced = true;
                PruneChain(entry, oldestSnapshot);
            }
            else
            {
                // Nothing cached: any older image a reader may need is the one in the file.
                entry = new CacheEntry(version, fileLsn: -1, olderInFile: _file is not null);
                stripe.Entries.Add(pageNumber, entry);
                inserted = true;
            }
        }

        if (inserted && Interlocked.Increment(ref _count) > _capacityPages)
        {
            EvictFrom(stripe);
        }
    }

    /// <summary>Evicts clean pages until the cache is within its budget (or only dirty and needed pages remain).</summary>
    public void Trim()
    {
        if (Count > _capacityPages)
        {
            EvictFrom(_stripes[0]);
        }
    }

    /// <summary>The pages whose newest version up to <paramref name="upToLsn"/> is not yet in the file.</summary>
    public List<(uint Page, PageVersion Version)> CollectDirty(long upToLsn)
    {
        var dirty = new List<(uint, PageVersion)>();
        foreach (var stripe in _stripes)
        {
            lock (stripe)
            {
                foreach (var (page, entry) in stripe.Entries)
                {
                    var version = entry.Latest;
                    while (version is not null && version.Lsn > upToLsn)
                    {
                        version = version.Older;
                    }

                    if (version is not null && version.Lsn > entry.FileLsn)
                    {
                        dirty.Add((page, version));
                    }
                }
            }
        }

        return dirty;
    }

    /// <summary>
    /// Runs <paramref name="write"/> (an in-place write of <paramref name="version"/>) under the page's
    /// stripe lock, first keeping the file's current image in memory if a reader older than the version
    /// may still need it. The page stays dirty until <see cref="MarkInFile"/> says the write is durable.
    /// </summary>
    public void WriteThrough(uint pageNumber, PageVersion version, long oldestSnapshot, Action write)
    {
        var stripe = StripeOf(pageNumber);
        lock (stripe)
        {
            var entry = stripe.Entries[pageNumber];
            if (entry.OlderInFile && oldestSnapshot < version.Lsn && _file is not null && pageNumber < _file.PagesOnDisk)
            {
                var bottom = entry.Latest;
                while (bottom.Older is not null)
                {
                    bottom = bottom.Older;
                }

                bottom.Older = Load(pageNumber);
            }

            entry.OlderInFile = false;
            write();
        }
    }

    /// <summary>Records that the file durably holds the page's version committed at <paramref name="lsn"/>.</summary>
    public void MarkInFile(uint pageNumber, long lsn)
    {
        var stripe = StripeOf(pageNumber);
        lock (stripe)
        {
            var entry = stripe.Entries[pageNumber];
            entry.FileLsn = Math.Max(entry.FileLsn, lsn);
        }
    }

    /// <summary>Drops versions that no snapshot at or after <paramref name="oldestSnapshot"/> can need.</summary>
    public void Prune(long oldestSnapshot)
    {
        foreach (var stripe in _stripes)
        {
            lock (stripe)
            {
                foreach (var entry in stripe.Entries.Values)
                {
                    PruneChain(entry, oldestSnapshot);
                }
            }
        }
    }

    // The first version at or below the oldest snapshot is the last one any reader needs.
    private static void PruneChain(CacheEntry entry, long oldestSnapshot)
    {
        var version = entry.Latest;
        while (version is not null && version.Lsn > oldestSnapshot)
        {
            version = version.Older;
        }

        if (version is not null)
        {
            version.Older = null;
            entry.OlderInFile = false;
        }
    }

    /// <summary>Counts dirty pages; used to decide when to checkpoint.</summary>
    public int CountDirty()
    {
        int dirty = 0;
        foreach (var stripe in _stripes)
        {
            lock (stripe)
            {
                foreach (var entry in stripe.Entries.Values)
                {
                    if (entry.IsDirty)
                    {
                        dirty++;
                    }
                }
            }
        }

        return dirty;
    }

    private PageVersion Resolve(uint pageNumber, CacheEntry entry, long snapshotLsn)
    {
        var version = entry.Latest;
        PageVersion? last = null;
        while (version is not null && version.Lsn > snapshotLsn)
        {
            last = version;
            version = version.Older;
        }

        if (version is not null)
        {
            return version;
        }

        if (entry.OlderInFile && last is not null)
        {
            // The chain started on top of an image that was never loaded: it is the file's.
            var fromFile = Load(pageNumber);
            last.Older = fromFile;
            entry.OlderInFile = false;
            return fromFile;
        }

        throw new InvalidOperationException(
            $"Page {pageNumber} has no version visible to snapshot {snapshotLsn}; the snapshot registry lost a reader.");
    }

    private PageVersion Load(uint pageNumber)
    {
        if (_file is null)
        {
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.Corrupt,
                $"Page {pageNumber} does not exist in this in-memory database.");
        }

        var image = _file.ReadPage(pageNumber);
        long lsn = Pages.PageHeader.GetLsn(image);
        if (lsn > Interlocked.Read(ref _fileLsnLimit))
        {
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.Corrupt,
                $"Database page {pageNumber} was written at LSN {lsn}, later than the header and the log account for "
                + $"({_fileLsnLimit}): the header is out of date or the page comes from another copy of the database.");
        }

        return new PageVersion(image, lsn);
    }

    /// <summary>
    /// Raises the newest LSN a page in the file may carry: the header's checkpoint or the log's
    /// end at open, then each checkpoint's LSN before it writes. A page newer than that betrays
    /// a stale header (its newest slot lost) or a page copied in from elsewhere.
    /// </summary>
    public void AllowFileLsn(long lsn)
    {
        long current;
        while (lsn > (current = Interlocked.Read(ref _fileLsnLimit)))
        {
            Interlocked.CompareExchange(ref _fileLsnLimit, lsn, current);
        }
    }

    private void EvictFrom(Stripe hot)
    {
        // Sweep stripes starting after the one that grew, so eviction spreads over the cache.
        int start = Array.IndexOf(_stripes, hot);
        bool wantCheckpoint = false;
        for (int pass = 0; pass < 2 && Count > _capacityPages; pass++)
        {
            for (int i = 0; i < StripeCount && Count > _capacityPages; i++)
            {
                var stripe = _stripes[(start + 1 + i) % StripeCount];
                wantCheckpoint |= SweepStripe(stripe);
            }
        }

        // Only when clean pages could not make room: a sweep nearly always meets a few dirty pages
        // (the last commits'), and asking for a checkpoint each time would run them back to back
        // once the database outgrew the cache.
        if (wantCheckpoint && Count > _capacityPages)
        {
            CheckpointWanted?.Invoke();
        }
    }

    // Evicts clean entries whose reference bit is clear and clears the bit of the others.
    // Returns true when dirty pages were found that only a checkpoint can release.
    private bool SweepStripe(Stripe stripe)
    {
        bool sawDirty = false;
        lock (stripe)
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
                    stripe.Entries.Remove(page);
                }

                Interlocked.Add(ref _count, -victims.Count);
            }
        }

        return sawDirty;
    }

    private Stripe StripeOf(uint pageNumber) => _stripes[(int)(pageNumber % StripeCount)];

    private sealed class Stripe
    {
        public Dictionary<uint, CacheEntry> Entries { get; } = [];
    }
}
