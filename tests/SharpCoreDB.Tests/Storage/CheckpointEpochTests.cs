// Images the cache evicts wait in the reclaimer until every transaction that may
// still read them has ended, then feed the image pool (ImageReclaimer). A checkpoint
// counts as such a transaction only while it reads the cache's images: once it has
// encoded them into its journal buffer it lets go, so that the epoch moves on while it
// writes (most of its time under a write-heavy load). Held for the whole checkpoint,
// every image evicted meanwhile went to the garbage collector instead of the pool.
// Its snapshot goes at the same moment: held through the writes, it kept under every
// page a commit changed meanwhile the version the checkpoint was writing, images taken
// from the pool and given back only when the checkpoint ended.
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.File;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Tests.Storage;

public sealed class CheckpointEpochTests() : TempDirectoryTests("scdb-epoch-")
{
    [Fact]
    public void TheReclaimerEpochMovesOnWhileACheckpointWrites()
    {
        var fs = new JournalWriteHook();
        var options = new StorageOptions { Path = Dir.File("epoch.scdb"), PageSize = 4096, FileSystem = fs, Log = new WalOptions { Durability = WalDurability.Async } };
        using var engine = StorageEngine.Open(options);
        for (int i = 0; i < 20; i++)
        {
            using var tx = engine.BeginWrite(TestTimeouts.WriteLock);
            tx.Write(tx.Allocate(PageType.TableNode)).Span[200..].Fill((byte)i);
            tx.Commit();
        }

        long advanced = -1;
        fs.OnFirstJournalWrite = () =>
        {
            // Short transactions come and go and evicted images are retired while the checkpoint writes its journal.
            var reclaimer = engine.Cache.Reclaimer;
            long before = reclaimer.Epoch;
            for (int i = 0; i < 3; i++)
            {
                reclaimer.Exit(reclaimer.Enter());
                reclaimer.Retire(new byte[4096]);
            }

            advanced = reclaimer.Epoch - before;
        };
        engine.Checkpoint();

        // Each round moves it on (held back by the checkpoint, it moved once and then waited for the checkpoint to end).
        Assert.True(advanced >= 3, $"the epoch moved on {advanced} time(s) in three rounds");
    }

    [Fact]
    public void ACheckpointKeepsNoOldVersionOnceItHasEncodedThePages()
    {
        var fs = new JournalWriteHook();
        var options = new StorageOptions { Path = Dir.File("versions.scdb"), PageSize = 4096, FileSystem = fs };
        uint[] pages;
        using (var engine = StorageEngine.Open(options))
        {
            pages = FilledPages.Allocate(engine, count: 8, value: 1);

            (int Chained, int ExtraImages) whileWriting = (-1, -1);
            fs.OnFirstJournalWrite = () =>
            {
                // The checkpoint has encoded every page as of its LSN and is writing; commits change each of them,
                // then the versions no snapshot reads are dropped.
                for (byte round = 2; round <= 4; round++)
                {
                    FilledPages.Rewrite(engine, pages, round);
                }

                engine.Cache.PruneChained();
                whileWriting = (engine.Cache.ChainedPages, engine.Cache.ImagesInMemory - engine.Cache.Count);
            };
            engine.Checkpoint();

            // Held, the checkpoint's snapshot kept each page's version as of its LSN under the newest: 8 chained, 8 more images.
            Assert.Equal((0, 0), whileWriting);
            using var reader = engine.BeginRead();
            Assert.All(pages, page => Assert.Equal(4, reader.Read(page).Span[300]));
        }

        // What the checkpoint wrote and the log after it: the last commit, read back after a restart.
        using (var reopened = StorageEngine.Open(options))
        {
            using var reader = reopened.BeginRead();
            Assert.All(pages, page => Assert.Equal(4, reader.Read(page).Span[300]));
        }
    }

    [Fact]
    public void CheckpointsOfAGrowingTableDoNotEachAllocateAJournalBuffer()
    {
        var options = new StorageOptions { Path = Dir.File("growing.scdb"), PageSize = 4096, Log = new WalOptions { Durability = WalDurability.Async } };
        using var engine = StorageEngine.Open(options);
        var pages = new List<uint>();
        long allocated = 0;
        for (int dirty = 40; dirty <= 60; dirty++)
        {
            using (var tx = engine.BeginWrite(TestTimeouts.WriteLock))
            {
                while (pages.Count < dirty)
                {
                    pages.Add(tx.Allocate(PageType.TableNode));
                }

                foreach (uint page in pages)
                {
                    tx.Write(page).Span[200..].Fill((byte)dirty);
                }

                tx.Commit();
            }

            long before = GC.GetAllocatedBytesForCurrentThread();
            engine.Checkpoint();
            allocated += dirty > 40 ? GC.GetAllocatedBytesForCurrentThread() - before : 0;
        }

        // Twenty checkpoints after the first, each a page larger than the last: sized exactly, each allocated a new
        // buffer (4 MiB in all); grown by half, one does.
        long largest = CheckpointJournal.SizeFor(60, 4096);
        Assert.True(allocated < 3 * largest, $"{allocated:N0} bytes allocated by the checkpoints; the largest journal is {largest:N0}");
    }
}
