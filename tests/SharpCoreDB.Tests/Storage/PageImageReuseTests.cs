// Page images used again (Storage/Cache/PageImagePool): a commit's private copies are
// taken from the images that earlier commits made obsolete, and a rolled-back
// transaction's copies go back to the pool. What must hold is that reuse is never
// seen: every snapshot reads exactly its committed state while writers recycle
// images under it, the newest state survives a reopen, and a transaction that ended
// cannot be read from (its bodies may be reused). The private page objects are
// used again too (WriterWorkspace): one that served a changed page must serve a
// freshly allocated one as fresh, or its commit record is diffed against nothing.
using System.Buffers.Binary;
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.Cache;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.TestSupport.FileSystems;

namespace SharpCoreDB.Tests.Storage;

public sealed class PageImageReuseTests() : TempDirectoryTests("scdb-reuse-")
{
    private const int PageSize = 4096;
    private const long GoldenRatio = unchecked((long)0x9E3779B97F4A7C15UL);

    [Fact]
    public void CommitsReuseTheImagesEarlierCommitsMadeObsolete()
    {
        uint page;
        using (var engine = Open())
        {
            page = Allocate(engine, 1)[0];
            long reusedBefore = engine.Cache.Images.Reused;
            for (long generation = 1; generation <= 200; generation++)
            {
                using var tx = engine.BeginWrite(TestTimeouts.WriteLock);
                Stamp(tx.Write(page).Span, page, generation);
                tx.Commit();

                using var read = engine.BeginRead();
                Assert.Equal(generation, Generation(read.Read(page).Span, page));
            }

            // With no reader in between, each commit's copy is the image the commit before it replaced.
            Assert.True(engine.Cache.Images.Reused - reusedBefore >= 190, $"{engine.Cache.Images.Reused - reusedBefore} images reused in 200 commits");
        }

        using (var engine = Open())
        using (var read = engine.BeginRead())
        {
            Assert.Equal(200, Generation(read.Read(page).Span, page));
        }
    }

    [Fact]
    public void APrivatePageObjectUsedAgainStartsOverAsTheNewPage()
    {
        uint changed, allocated;
        using (var engine = Open())
        {
            changed = Allocate(engine, 1)[0];
            object used;
            using (var tx = engine.BeginWrite(TestTimeouts.WriteLock))
            {
                Stamp(tx.Write(changed).Span, changed, 1);
                used = tx.ChangedPages[changed];
                tx.Commit();
            }

            using (var tx = engine.BeginWrite(TestTimeouts.WriteLock))
            {
                allocated = tx.Allocate(PageType.TableNode);
                Stamp(tx.Write(allocated).Span, allocated, 2);
                var page = tx.ChangedPages[allocated];
                Assert.Same(used, page);
                Assert.True(page.Fresh);
                Assert.Null(page.BaseImage);
                tx.Commit();
            }
        }

        // After a restart: both pages as committed.
        using (var engine = Open())
        using (var read = engine.BeginRead())
        {
            Assert.Equal(1, Generation(read.Read(changed).Span, changed));
            Assert.Equal(2, Generation(read.Read(allocated).Span, allocated));
        }
    }

    [Fact]
    public void ARolledBackTransactionGivesItsCopiesBack()
    {
        using var engine = Open();
        uint[] pages = Allocate(engine, 8);
        int idleBefore = engine.Cache.Images.Idle;
        using (var tx = engine.BeginWrite(TestTimeouts.WriteLock))
        {
            foreach (uint page in pages)
            {
                Stamp(tx.Write(page).Span, page, 99);
            }

            tx.Rollback();
        }

        Assert.Equal(idleBefore + pages.Length, engine.Cache.Images.Idle);
        using var read = engine.BeginRead();
        Assert.All(pages, page => Assert.Equal(0, Generation(read.Read(page).Span, page)));
    }

    [Fact]
    public void ATransactionThatEndedCannotBeReadFrom()
    {
        using var engine = Open();
        uint page = Allocate(engine, 1)[0];
        var read = engine.BeginRead();
        Assert.True(read.IsOpen);
        read.Dispose();
        Assert.False(read.IsOpen);

        var tx = engine.BeginWrite(TestTimeouts.WriteLock);
        Stamp(tx.Write(page).Span, page, 1);
        Assert.True(tx.IsOpen);
        tx.Commit();
        Assert.False(tx.IsOpen);
        Assert.Throws<SharpCoreDBException>(() => tx.Read(page));
    }

    // Writers rewrite every page of a set in each commit (the whole body, derived from the page number and the
    // commit's generation) while readers take snapshots, some held across many commits, and check that each page
    // is intact and that all pages come from one generation. Old versions are pruned and their images reused all
    // along (the test fails if none were), so a reader handed a reused image would see a foreign body.
    [Fact]
    public async Task SnapshotsReadExactlyTheirStateWhileImagesAreReused()
    {
        using var engine = Open(cacheBytes: 32 * PageSize);
        uint[] pages = Allocate(engine, 24);
        using var stop = new CancellationTokenSource(TimeSpan.FromSeconds(1.5));
        long committed = 0;
        var writer = Workers.Start(() =>
        {
            for (long generation = 1; !stop.IsCancellationRequested; generation++)
            {
                using var tx = engine.BeginWrite(TestTimeouts.WriteLock);
                foreach (uint page in pages)
                {
                    Stamp(tx.Write(page).Span, page, generation);
                }

                tx.Commit();
                committed = generation;
            }
        });

        var readers = Enumerable.Range(0, 2).Select(seed => Workers.Start(() =>
        {
            var random = new Random(seed);
            long snapshots = 0;
            while (!stop.IsCancellationRequested)
            {
                using var read = engine.BeginRead();
                long generation = Generation(read.Read(pages[0]).Span, pages[0]);

                // Some snapshots stay open while many commits go by, so their versions are pinned, then pruned at once.
                int passes = random.Next(4) == 0 ? 50 : 1;
                for (int pass = 0; pass < passes; pass++)
                {
                    foreach (uint page in pages)
                    {
                        Assert.Equal(generation, Generation(read.Read(page).Span, page));
                    }
                }

                snapshots++;
            }

            return snapshots;
        })).ToArray();

        await Task.WhenAll([writer, .. readers]).WaitAsync(TestTimeouts.Hang);
        Assert.True(committed > 10, $"only {committed} commits");
        Assert.All(readers, r => Assert.True(r.Result > 0, "a reader took no snapshot"));
        Assert.True(engine.Cache.Images.Reused > committed, $"{engine.Cache.Images.Reused} images reused over {committed} commits");
    }

    // Far more pages than the cache holds: every read misses, evicts a clean page and loads into an image that some
    // evicted page left (once no transaction that was open when it was evicted is open any more). Readers that hold
    // a page's body while others evict it must still read that page's bytes.
    [Fact]
    public async Task ImagesEvictedUnderReadersAreReusedOnlyOnceTheyEnded()
    {
        using var engine = Open(cacheBytes: 16 * PageSize);
        uint[] pages = Allocate(engine, 200);
        engine.Checkpoint();
        using var stop = new CancellationTokenSource(TimeSpan.FromSeconds(1.5));
        var readers = Enumerable.Range(0, 3).Select(seed => Workers.Start(() =>
        {
            var random = new Random(seed);
            long reads = 0;
            while (!stop.IsCancellationRequested)
            {
                using var read = engine.BeginRead();

                // Hold a few bodies while reading many other pages (which evicts these from the cache), then check them.
                var held = Enumerable.Range(0, 4).Select(_ => pages[random.Next(pages.Length)]).Select(p => (p, read.Read(p))).ToList();
                for (int i = 0; i < 40; i++)
                {
                    uint page = pages[random.Next(pages.Length)];
                    Assert.Equal(0, Generation(read.Read(page).Span, page));
                    reads++;
                }

                foreach (var (page, body) in held)
                {
                    Assert.Equal(0, Generation(body.Span, page));
                }
            }

            return reads;
        })).ToArray();

        await Task.WhenAll(readers).WaitAsync(TestTimeouts.Hang);
        Assert.All(readers, r => Assert.True(r.Result > 0));
        Assert.True(engine.Cache.Misses > 1000, $"{engine.Cache.Misses} misses");
        // Misses load into reused images (at most a pool's worth per epoch; the rest are left to the garbage collector).
        Assert.True(engine.Cache.Images.Reused > 500, $"{engine.Cache.Images.Reused} images reused for {engine.Cache.Misses} misses");
    }

    [Fact]
    public void ARetiredImageWaitsForEveryTransactionThatWasOpenWhenItWasDropped()
    {
        var pool = new PageImagePool(PageSize, capacity: 8);
        var reclaimer = new ImageReclaimer(pool, capacity: 8);
        long open = reclaimer.Enter();
        var image = new byte[PageSize];
        reclaimer.Retire(image);

        // Transactions that begin after the drop come and go (one stays open), but the one that was open holds it back.
        long later = reclaimer.Enter();
        for (int i = 0; i < 10; i++)
        {
            reclaimer.Exit(reclaimer.Enter());
        }

        Assert.Equal(0, pool.Idle);
        reclaimer.Exit(open);
        Assert.Equal(1, pool.Idle);
        Assert.Same(image, pool.Rent());
        reclaimer.Exit(later);
    }

    private StorageEngine Open(long cacheBytes = 1 << 20) => StorageEngine.Open(new StorageOptions
    {
        Path = Dir.File("reuse.scdb"),
        PageSize = PageSize,
        CacheSizeBytes = cacheBytes,
        FileSystem = new FaultyFileSystem(),
    });

    private static uint[] Allocate(StorageEngine engine, int count)
    {
        using var tx = engine.BeginWrite(TestTimeouts.WriteLock);
        var pages = new uint[count];
        for (int i = 0; i < count; i++)
        {
            pages[i] = tx.Allocate(PageType.TableNode);
            Stamp(tx.Write(pages[i]).Span, pages[i], 0);
        }

        tx.Commit();
        return pages;
    }

    // The whole body: the generation, then every 8 bytes the page number mixed with the generation.
    private static void Stamp(Span<byte> body, uint page, long generation)
    {
        BinaryPrimitives.WriteInt64LittleEndian(body, generation);
        for (int at = 8; at + 8 <= body.Length; at += 8)
        {
            BinaryPrimitives.WriteInt64LittleEndian(body[at..], Mix(page, generation, at));
        }
    }

    // The body's generation, after checking that every byte of the body belongs to it and to this page.
    private static long Generation(ReadOnlySpan<byte> body, uint page)
    {
        long generation = BinaryPrimitives.ReadInt64LittleEndian(body);
        for (int at = 8; at + 8 <= body.Length; at += 8)
        {
            if (BinaryPrimitives.ReadInt64LittleEndian(body[at..]) != Mix(page, generation, at))
            {
                Assert.Fail($"page {page} holds a body that is not generation {generation}'s (offset {at})");
            }
        }

        return generation;
    }

    private static long Mix(uint page, long generation, int offset) =>
        ((long)page << 40) ^ (generation * GoldenRatio) ^ offset;
}
