// The cache reuses its own bookkeeping objects: a page version that left its chain
// serves the next version a page of its stripe gets, and an evicted page's entry
// serves the next page the stripe takes in (SpareObjects). New ones per commit
// lived long enough to be promoted and made every young collection longer. Reuse is
// safe only because nothing holds a version outside its stripe's lock; the
// checkpoint used to hold the versions it writes, so it now copies their LSNs, and
// the second test pins that down.
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.Cache;
using SharpCoreDB.Storage.File;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Tests.Storage;

public sealed class CacheObjectReuseTests() : TempDirectoryTests("scdb-reuse-")
{
    private const int PageSize = 4096;

    [Fact]
    public void RewritingCachedPagesAllocatesNoVersionObjects()
    {
        using var file = new DatabaseFile(OsFileSystem.Instance.Open(Dir.File("versions.scdb"), StorageFileMode.CreateNew), new ChecksumPageCodec(PageSize));
        var cache = new PageCache(file, PageSize, 1024 * PageSize);
        long lsn = 0;
        void RewriteAll()
        {
            lsn++;
            for (uint page = 0; page < 64; page++)
            {
                // An image from the pool, as a commit's copies are: only the cache's own objects can allocate here.
                byte[] image = cache.Images.Rent();
                image[^1] = (byte)(lsn + page);
                cache.Install(page, image, lsn, SnapshotSet.From(lsn));
            }
        }

        for (int round = 0; round < 4; round++)
        {
            RewriteAll();
        }

        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int round = 0; round < 100; round++)
        {
            RewriteAll();
        }

        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        // 6,400 new versions: one object each was 300 KB.
        Assert.True(allocated < 6_400, $"{allocated:N0} bytes allocated for 6,400 versions");
        Assert.Equal(64, cache.ImagesInMemory);
        for (uint page = 0; page < 64; page++)
        {
            Assert.Equal((byte)(lsn + page), cache.Get(page, lsn)[^1]);
        }
    }

    [Fact]
    public void VersionsReusedWhileACheckpointWritesDoNotChangeWhatItMarksWritten()
    {
        var fs = new JournalWriteHook();
        var options = new StorageOptions { Path = Dir.File("checkpoint.scdb"), PageSize = PageSize, FileSystem = fs };
        uint[] pages;
        using (var engine = StorageEngine.Open(options))
        {
            pages = FilledPages.Allocate(engine, count: 8, value: 1);

            fs.OnFirstJournalWrite = () =>
            {
                // The checkpoint writes each page as of round 1. Three commits: round 3's drops round 1's version (no
                // snapshot can read it once round 2 is visible) and keeps the object, which round 4's reuses. Had the
                // checkpoint kept the object, it would now mark round 4 as written, and the pages would count as clean.
                for (byte round = 2; round <= 4; round++)
                {
                    FilledPages.Rewrite(engine, pages, round);
                }
            };
            engine.Checkpoint();
            Assert.Equal(pages.Length, engine.Cache.CollectDirty(long.MaxValue).Count);

            // The next checkpoint writes round 4 and lets the log go up to it: had it found the pages clean, only
            // round 1 would be left anywhere.
            engine.Checkpoint();
        }

        using var reopened = StorageEngine.Open(options);
        using var reader = reopened.BeginRead();
        Assert.All(pages, page => Assert.Equal(4, reader.Read(page).Span[300]));
    }
}
