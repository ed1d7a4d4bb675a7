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
    // half the cache budget, between 16 and 16,384 images: enough to take the clean pages a checkpoint lets the
    // cache evict at once under a write-heavy load (the dirty pages of a whole checkpoint interval), which would
    // otherwise die in the oldest generation and cost full collections; 32 MiB of the default 64 MiB, held only
    // while there are that many to hold. An eighth was too little once the table outgrew the cache: 16 writers
    // over a table of 2-3 million rows lost 15,000-45,000 images every 20 s to full lists and the pool missed 45,000
    // times (a young collection every 0.4 s, a gen2 one every 2 s); with half, none was lost and the pool missed
    // 250-900 times (a young collection every 1.4 s, a gen2 one every 20-40 s).
    private const long ImagePoolShare = 2;
    private const int MinPooledImages = 16;
    private const int MaxPooledImages = 16384;

    private readonly Stripe[] _stripes = new Stripe[StripeCount];
    private readonly DatabaseFile? _file;
    private readonly int _capacityPages;
    private int _count;
    private int _images;
    private long _hits;
    private long _misses;
    private long _fileLsnLimit;

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
                result = ReadImage(pageNumber, out long lsn);
                entry = NewEntry(stripe, NewVersion(stripe, result, lsn), lsn, olderInFile: false);
                stripe.Entries.Add(pageNumber, entry);
                inserted = true;
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
    /// Makes <paramref name="image"/> the newest version of the page, committed at <paramref name="lsn"/>, and drops the
    /// page's older versions none of <paramref name="snapshots"/> reads. The cache takes ownership of the array.
    /// </summary>
    public void Install(uint pageNumber, byte[] image, long lsn, SnapshotSet snapshots)
    {
        var stripe = StripeOf(pageNumber);
        bool inserted = false;
        lock (stripe.Gate)
        {
            var version = NewVersion(stripe, image, lsn);
            if (stripe.Entries.TryGetValue(pageNumber, out var entry))
            {
                version.Older = entry.Latest;
                entry.Latest = version;
                entry.Referenced = true;
                PruneUnread(stripe, entry, snapshots.Held, snapshots.FutureFloor);
                if (version.Older is not null)
                {
                    MarkChained(pageNumber, entry);
                    lock (_superseded)
                    {
                        _superseded.Enqueue(pageNumber, lsn);
                    }
                }
                else if (entry.Chained)
                {
                    entry.Chained = false;
                    Unchain(pageNumber);
                }
            }
            else
            {
                // Nothing cached: any older image a reader may need is the one in the file, if the file has the page
                // (a page past its end is new: a later extension of the file leaves zeros there, never an older image).
                entry = NewEntry(stripe, version, fileLsn: -1, olderInFile: _file is not null && pageNumber < _file.PagesOnDisk);
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

    /// <summary>
    /// The pages whose newest version up to <paramref name="upToLsn"/> is not yet in the file. Such a
    /// version is newer than the file's image, so its image is always in memory (it is never moved out).
    /// </summary>
    public List<DirtyPage> CollectDirty(long upToLsn) => CollectDirty(upToLsn, []);

    /// <summary>Fills <paramref name="dirty"/> (emptied first) as <see cref="CollectDirty(long)"/> returns, and returns it.</summary>
    public List<DirtyPage> CollectDirty(long upToLsn, List<DirtyPage> dirty)
    {
        dirty.Clear();
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
                        dirty.Add(new DirtyPage(page, version.Lsn, version.Image!));
                    }
                }
            }
        }

        return dirty;
    }

    // Called under the stripe's lock: a version of one of its pages, a spare one when it has one.
    private static PageVersion NewVersion(Stripe stripe, byte[]? image, long lsn)
    {
        if (stripe.SpareVersions.Take() is not { } version)
        {
            return new PageVersion(image, lsn);
        }

        version.Reuse(image, lsn);
        return version;
    }

    // Called under the stripe's lock: an entry for one of its pages, a spare one when it has one.
    private static CacheEntry NewEntry(Stripe stripe, PageVersion latest, long fileLsn, bool olderInFile)
    {
        if (stripe.SpareEntries.Take() is not { } entry)
        {
            return new CacheEntry(latest, fileLsn, olderInFile);
        }

        entry.Reuse(latest, fileLsn, olderInFile);
        return entry;
    }

    // Called under the stripe's lock for a version that left its chain, its image surrendered or handed on.
    private static void KeepSpare(Stripe stripe, PageVersion version)
    {
        version.Reuse(image: null, lsn: -1);
        stripe.SpareVersions.Keep(version);
    }

    private PageVersion Load(uint pageNumber) => new(ReadImage(pageNumber, out long lsn), lsn);

    // The page as the file holds it, in a pooled image, and the LSN it was written at.
    private byte[] ReadImage(uint pageNumber, out long lsn)
    {
        if (_file is null)
        {
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.Corrupt,
                $"Page {pageNumber} does not exist in this in-memory database.");
        }

        var image = _file.ReadPage(pageNumber, Images.Rent());
        lsn = Pages.PageHeader.GetLsn(image);
        if (lsn > Interlocked.Read(ref _fileLsnLimit))
        {
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.Corrupt,
                $"Database page {pageNumber} was written at LSN {lsn}, later than the header and the log account for "
                + $"({_fileLsnLimit}): the header is out of date or the page comes from another copy of the database.");
        }

        return image;
    }

    // The file's image of a page whose version at exactly this LSN the cache dropped because the file held it.
    private byte[] LoadExactly(uint pageNumber, long lsn)
    {
        byte[] image = ReadImage(pageNumber, out long stored);
        return stored == lsn
            ? image
            : throw new SharpCoreDBException(
                SharpCoreDBErrorCode.Corrupt,
                $"Database page {pageNumber} holds LSN {stored} where LSN {lsn} was written: the file changed under the database.");
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

    private Stripe StripeOf(uint pageNumber) => _stripes[(int)(pageNumber % StripeCount)];

    private sealed class Stripe
    {
        // A Lock rather than the stripe object's monitor: every page access takes it, and Lock is the cheaper of the two.
        public Lock Gate { get; } = new();

        public Dictionary<uint, CacheEntry> Entries { get; } = [];

        public SpareObjects<PageVersion> SpareVersions { get; } = new();

        public SpareObjects<CacheEntry> SpareEntries { get; } = new();
    }
}
