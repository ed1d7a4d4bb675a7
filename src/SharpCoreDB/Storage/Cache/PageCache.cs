// The page cache: committed page images shared by every transaction of one open
// database, bounded by a size in bytes.
//
// Each page has a chain of versions, newest first (see CacheEntry). A reader asks
// for the newest version no newer than its snapshot LSN; the writer asks for the
// newest. Versions that no active snapshot can need are pruned, so in steady state
// a page has one version (PageCache.Versions.cs). The budget counts every image in
// memory, old versions included. When the cache is over it, in this order: chains
// are pruned to the versions some snapshot needs; clean pages are evicted with a
// second-chance sweep; the images of pages that readers pin are moved out of memory
// (to the version spill file (a PageSlotFile), or dropped when the database file holds them); and if
// dirty pages (newest version not yet in the database file, which never leave but
// through a checkpoint) are what remains, a checkpoint is asked for. So images in
// memory stay within the budget, plus the dirty pages of the commits since the last
// checkpoint, whatever readers do; what a pinned page costs beyond that is its
// small entry.
//
// The map is split into stripes, each with its own lock, so that readers on
// different pages do not contend. A miss reads the page from the file under the
// stripe lock: a checkpoint writing that page in place takes the same lock, so a
// reader can never see a half-written image.
using SharpCoreDB.Storage.File;

namespace SharpCoreDB.Storage.Cache;

/// <summary>Committed page images, versioned for snapshot readers, bounded in size.</summary>
internal sealed partial class PageCache
{
    internal const int StripeCount = 64;

    // The pool of reusable images (and each epoch's list of images waiting to join it: ImageReclaimer) holds up to
    // 1/8 of the cache budget, between 16 and 16,384 images: enough to take the clean pages a checkpoint lets the
    // cache evict at once under a write-heavy load (the dirty pages of a whole checkpoint interval), which would
    // otherwise die in the oldest generation and cost full collections; 8 MiB of the default 64 MiB.
    private const long ImagePoolShare = 8;
    private const int MinPooledImages = 16;
    private const int MaxPooledImages = 16384;

    // After a sweep in vain, images added before the next one: this share of the budget.
    private const int SweepCreditShare = 32;

    // While sweeps are held off, old versions no reader needs are dropped after every this many images added (MakeRoom).
    private const int PruneEvery = 4;
    private readonly Stripe[] _stripes = new Stripe[StripeCount];
    private readonly DatabaseFile? _file;
    private readonly int _capacityPages;
    private int _count;
    private int _images;
    private long _hits;
    private long _misses;
    private long _fileLsnLimit;

    // Set when a sweep left the cache over its budget (only dirty or pinned pages were left to drop): the
    // images added after it count down _sweepCredit, and the next sweep waits until it is spent or a checkpoint
    // made pages clean (MarkInFile). Without this every commit sweeps the whole cache in vain, under the writer
    // lock, for as long as a checkpoint of a cache full of dirty pages takes: the sustained-load probe over a
    // 3-million-row table spent 27% of its CPU in SweepStripe and commits waited 40 ms at p99.
    private int _sweepFutile;
    private int _sweepCredit;
    private long _sweeps;

    /// <param name="file">The file pages are loaded from; null for an in-memory database.</param>
    /// <param name="pageSize">The size of every page.</param>
    /// <param name="capacityBytes">The budget; the cache may exceed it only with dirty pages.</param>
    /// <param name="spill">Where old versions may go when readers pin too many; null to keep them all in memory.</param>
    public PageCache(DatabaseFile? file, int pageSize, long capacityBytes, Func<PageSlotFile>? spill = null)
    {
        _file = file;
        _spillFactory = spill;
        // An in-memory database has nowhere to evict to: its pages are its data.
        _capacityPages = file is null ? int.MaxValue : (int)Math.Clamp(capacityBytes / pageSize, 16, int.MaxValue);
        int pooled = (int)Math.Clamp(capacityBytes / pageSize / ImagePoolShare, MinPooledImages, MaxPooledImages);
        Images = new PageImagePool(pageSize, pooled);
        Reclaimer = new ImageReclaimer(Images, pooled);
        for (int i = 0; i < StripeCount; i++)
        {
            _stripes[i] = new Stripe();
        }
    }

    /// <summary>Pages currently cached (each counted once, however many versions it has).</summary>
    public int Count => Volatile.Read(ref _count);

    /// <summary>Page images held in memory, newest and older versions alike: what the budget counts.</summary>
    public int ImagesInMemory => Volatile.Read(ref _images);

    public int CapacityPages => _capacityPages;

    /// <summary>Images of versions no snapshot reads any more, for write transactions to copy pages into and misses to load into.</summary>
    public PageImagePool Images { get; }

    /// <summary>
    /// Where dropped images wait until no transaction that may hold them is open; every transaction enters it while it
    /// reads (ICommittedPages.EnterEpoch).
    /// </summary>
    public ImageReclaimer Reclaimer { get; }

    public long Hits => Interlocked.Read(ref _hits);

    public long Misses => Interlocked.Read(ref _misses);

    /// <summary>Eviction sweeps run since the cache was made (for tests and probes).</summary>
    public long Sweeps => Interlocked.Read(ref _sweeps);

    /// <summary>Raised (outside any lock) when dirty pages should be checkpointed to make room.</summary>
    public Action? CheckpointWanted { get; set; }

    /// <summary>The image of the newest version of the page no newer than <paramref name="snapshotLsn"/>.</summary>
    public byte[] Get(uint pageNumber, long snapshotLsn)
    {
        var stripe = StripeOf(pageNumber);
        bool inserted = false;
        byte[] result;
        lock (stripe.Gate)
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
                result = loaded.Image!;
                Interlocked.Increment(ref _images);
            }
        }

        if (inserted)
        {
            Interlocked.Increment(ref _count);
        }

        MakeRoom(stripe);

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
        lock (stripe.Gate)
        {
            if (stripe.Entries.TryGetValue(pageNumber, out var entry))
            {
                version.Older = entry.Latest;
                entry.Latest = version;
                entry.Referenced = true;
                PruneChain(entry, oldestSnapshot);
                if (version.Older is not null)
                {
                    MarkChained(pageNumber, entry);
                }
            }
            else
            {
                // Nothing cached: any older image a reader may need is the one in the file, if the file has the page
                // (a page past its end is new: a later extension of the file leaves zeros there, never an older image).
                entry = new CacheEntry(version, fileLsn: -1, olderInFile: _file is not null && pageNumber < _file.PagesOnDisk);
                stripe.Entries.Add(pageNumber, entry);
                inserted = true;
            }
        }

        Interlocked.Increment(ref _images);
        if (inserted)
        {
            Interlocked.Increment(ref _count);
        }

        // A new version of a cached page grows memory as much as a new page: both count.
        MakeRoom(stripe);
    }

    /// <summary>Brings the cache back within its budget as far as it can (see the top of this file).</summary>
    public void Trim()
    {
        if (ImagesInMemory > _capacityPages)
        {
            EvictFrom(_stripes[0]);
        }
    }

    /// <summary>
    /// The pages whose newest version up to <paramref name="upToLsn"/> is not yet in the file. Such a
    /// version is newer than the file's image, so its image is always in memory (it is never moved out).
    /// </summary>
    public List<(uint Page, PageVersion Version)> CollectDirty(long upToLsn)
    {
        var dirty = new List<(uint, PageVersion)>();
        foreach (var stripe in _stripes)
        {
            lock (stripe.Gate)
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

    private PageVersion Load(uint pageNumber)
    {
        if (_file is null)
        {
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.Corrupt,
                $"Page {pageNumber} does not exist in this in-memory database.");
        }

        var image = _file.ReadPage(pageNumber, Images.Rent());
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

    // The file's image of a page whose version at exactly this LSN the cache dropped because the file held it.
    private byte[] LoadExactly(uint pageNumber, long lsn)
    {
        var loaded = Load(pageNumber);
        return loaded.Lsn == lsn
            ? loaded.Image!
            : throw new SharpCoreDBException(
                SharpCoreDBErrorCode.Corrupt,
                $"Database page {pageNumber} holds LSN {loaded.Lsn} where LSN {lsn} was written: the file changed under the database.");
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
    // clean. Meanwhile old versions no reader needs any more are dropped after every PruneEvery images: that
    // walks only the chained pages, and their images feed the pool the next commits copy pages into. (Held off
    // entirely, those copies allocated: 3.4 GB in 30 s of 16 writers over a 3-million-row table against 1.0 GB
    // with a sweep per image; pruning every 4 images brought it to 1.8 GB, and p99 commit latency from 7 ms to
    // 10 ms, against 40 ms with a sweep per image.)
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
        else if (credit % PruneEvery == 0)
        {
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
                    if (stripe.Entries.Remove(page, out var victim) && victim.Latest.Image is { } image)
                    {
                        Interlocked.Decrement(ref _images);

                        // A transaction may still be reading it: reused only once none that could is open.
                        Reclaimer.Retire(image);
                    }
                }

                Interlocked.Add(ref _count, -victims.Count);
            }
        }

        return sawDirty;
    }

    private Stripe StripeOf(uint pageNumber) => _stripes[(int)(pageNumber % StripeCount)];

    private sealed class Stripe
    {
        // A Lock rather than the stripe object's monitor: every page access takes it, and Lock is the cheaper of the two.
        public Lock Gate { get; } = new();

        public Dictionary<uint, CacheEntry> Entries { get; } = [];
    }
}
