// A page's old versions are kept exactly as long as some snapshot reads them. A
// commit gives each page it installs the snapshots it listed once, and the page's
// chain is pruned there; the pages that kept their previous version for the
// statements running at that commit are visited again once only the oldest snapshot
// (a checkpoint's, a long reader's) could still read it. These tests give the cache
// snapshot sets by hand and read each snapshot's image back.
using SharpCoreDB.Storage.Cache;
using SharpCoreDB.Storage.File;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Tests.Storage;

public sealed class VersionPruningTests : IDisposable
{
    private const int PageSize = 4096;
    private const uint Page = 7;
    private readonly TempDirectory _dir = new("scdb-prune-");
    private readonly DatabaseFile _file;
    private readonly PageCache _cache;

    public VersionPruningTests()
    {
        _file = new DatabaseFile(OsFileSystem.Instance.Open(_dir.File("prune.scdb"), StorageFileMode.CreateNew), new ChecksumPageCodec(PageSize));
        _cache = new PageCache(_file, PageSize, 1024 * PageSize);
    }

    public void Dispose()
    {
        _file.Dispose();
        _dir.Dispose();
    }

    [Fact]
    public void InstallKeepsTheVersionsHeldSnapshotsReadAndDropsThoseBetweenThem()
    {
        Install(lsn: 10, Held(), floor: 9);
        Install(lsn: 20, Held(15), floor: 19);
        Install(lsn: 30, Held(15), floor: 29);
        Install(lsn: 40, Held(15), floor: 39);

        // Snapshot 15 reads 10; 20 and 30 are read by nobody (new snapshots start at 39 or later, reading 30 or 40);
        // 30 is the newest a snapshot at the floor reads until 40 is visible.
        Install(lsn: 50, Held(15), floor: 40);
        Assert.Equal(10, Read(15));
        Assert.Equal(40, Read(45));
        Assert.Equal(50, Read(55));
        Assert.Equal(3, _cache.ImagesInMemory);
        Assert.Equal(1, _cache.ChainedPages);
    }

    [Fact]
    public void AVersionKeptForRunningStatementsGoesOnceOnlyTheOldestSnapshotRemains()
    {
        Install(lsn: 10, Held(), floor: 9);

        // Statements at 12 and 14 ran while 20 committed: 10 stays for them.
        Install(lsn: 20, Held(12, 14), floor: 14);
        Assert.Equal(2, _cache.ImagesInMemory);

        // Still read by the statement at 14 (the second oldest, below 20): kept.
        _cache.PruneSuperseded(new SnapshotSet(Held(12, 14), 20));
        Assert.Equal(10, Read(14));

        // Now only the oldest could read it, and it does: kept, and left for the pass over every chained page.
        _cache.PruneSuperseded(new SnapshotSet(Held(12, 25), 25));
        Assert.Equal(10, Read(12));
        Assert.Equal(1, _cache.ChainedPages);
        _cache.ListSnapshots = list => { list.Clear(); return 25; };
        _cache.PruneChained();
        Assert.Equal(1, _cache.ImagesInMemory);
        Assert.Equal(0, _cache.ChainedPages);
    }

    [Fact]
    public void AVersionNoSnapshotReadsAnyMoreGoesWithoutTheFullPass()
    {
        Install(lsn: 10, Held(), floor: 9);

        // The statement at 12 ran while 20 committed, beside an old reader at 5 (which reads what was before 10).
        Install(lsn: 20, Held(5, 12), floor: 14);
        Assert.Equal(2, _cache.ImagesInMemory);

        // The statement finished and the page is not written again: only the superseded visit reaches 10.
        _cache.PruneSuperseded(new SnapshotSet(Held(5, 25), 30));
        Assert.Equal(1, _cache.ImagesInMemory);
        Assert.Equal(0, _cache.ChainedPages);
        Assert.Equal(20, Read(25));
    }

    [Fact]
    public void TheSupersededPagesComeBackInCommitOrderUpToTheLsnAskedFor()
    {
        var queue = new SupersededPages(limit: 1000);
        uint next = 0;
        for (long lsn = 1; lsn <= 300; lsn++)
        {
            queue.Enqueue((uint)lsn, lsn);

            // Taken out a third of the time, so the ring wraps around as it grows.
            if (lsn % 3 == 0)
            {
                Assert.True(queue.TryDequeueUpTo(lsn, out uint page));
                Assert.Equal(++next, page);
            }
        }

        Assert.False(queue.TryDequeueUpTo(next, out _));
        while (queue.TryDequeueUpTo(250, out uint page))
        {
            Assert.Equal(++next, page);
        }

        Assert.Equal(250u, next);
    }

    [Fact]
    public void TheSupersededPagesKeepOnlyTheNewestUpToTheirLimit()
    {
        // Two readers holding snapshots for long would grow the queue with every commit: past its limit the oldest go.
        var queue = new SupersededPages(limit: 100);
        for (long lsn = 1; lsn <= 1000; lsn++)
        {
            queue.Enqueue((uint)lsn, lsn);
        }

        Assert.Equal(100, queue.Count);
        Assert.True(queue.TryDequeueUpTo(long.MaxValue, out uint first));
        Assert.Equal(901u, first);
    }

    private static List<long> Held(params long[] snapshots) => [.. snapshots];

    private void Install(long lsn, List<long> held, long floor)
    {
        var image = new byte[PageSize];
        image[^1] = (byte)lsn;
        _cache.Install(Page, image, lsn, new SnapshotSet(held, floor));
    }

    private byte Read(long snapshot) => _cache.Get(Page, snapshot)[^1];
}
