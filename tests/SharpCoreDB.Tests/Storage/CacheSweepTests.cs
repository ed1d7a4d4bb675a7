// The cache sweeps for clean pages to evict when an added image takes it over its
// budget. When only dirty pages are left, a sweep is in vain, and until a checkpoint
// writes them it would be in vain again for every image added: every commit swept the
// whole cache under the writer lock (a quarter of the CPU of a write-heavy load over a
// table larger than the cache, and 40 ms commits at p99). After a sweep in vain the
// cache waits for a share of its budget in new images, or for a checkpoint to make
// pages clean, before it sweeps again.
using SharpCoreDB.Storage.Cache;
using SharpCoreDB.Storage.File;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Tests.Storage;

public sealed class CacheSweepTests() : TempDirectoryTests("scdb-sweep-")
{
    private const int PageSize = 4096;
    private const int CapacityPages = 16;

    [Fact]
    public void ACacheFullOfDirtyPagesDoesNotSweepForEveryImageAdded()
    {
        using var file = new DatabaseFile(OsFileSystem.Instance.Open(Dir.File("sweep.scdb"), StorageFileMode.CreateNew), new ChecksumPageCodec(PageSize));
        var cache = new PageCache(file, PageSize, CapacityPages * PageSize);
        int checkpointsWanted = 0;
        cache.CheckpointWanted = () => checkpointsWanted++;

        for (uint page = 1; page <= 200; page++)
        {
            cache.Install(page, new byte[PageSize], lsn: page, SnapshotSet.From(long.MaxValue));
        }

        // 184 images over the budget, all dirty: one sweep per 16 added (the minimum credit), not one each.
        Assert.InRange(cache.Sweeps, 1, 13);
        Assert.InRange(checkpointsWanted, 1, 13);
        Assert.Equal(200, cache.ImagesInMemory);

        // A checkpoint wrote half of them: the next image added sweeps at once and evicts every clean page.
        for (uint page = 1; page <= 100; page++)
        {
            cache.MarkInFile(page, lsn: page);
        }

        long sweeps = cache.Sweeps;
        cache.Install(201, new byte[PageSize], lsn: 201, SnapshotSet.From(long.MaxValue));
        Assert.Equal(sweeps + 1, cache.Sweeps);
        Assert.Equal(101, cache.ImagesInMemory);
    }

    [Fact]
    public void ACacheThatCanEvictSweepsWheneverItIsOverItsBudget()
    {
        using var file = new DatabaseFile(OsFileSystem.Instance.Open(Dir.File("clean.scdb"), StorageFileMode.CreateNew), new ChecksumPageCodec(PageSize));
        var cache = new PageCache(file, PageSize, CapacityPages * PageSize);
        for (uint page = 1; page <= 200; page++)
        {
            cache.Install(page, new byte[PageSize], lsn: page, SnapshotSet.From(long.MaxValue));
            cache.MarkInFile(page, lsn: page);
            Assert.InRange(cache.ImagesInMemory, 1, CapacityPages + 1);
        }
    }
}
