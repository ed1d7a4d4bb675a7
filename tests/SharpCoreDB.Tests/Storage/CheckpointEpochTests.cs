// Images the cache evicts wait in the reclaimer until every transaction that may
// still read them has ended, then feed the image pool (ImageReclaimer). A checkpoint
// counts as such a transaction only while it reads the cache's images: once it has
// encoded them into its journal buffer it lets go, so that the epoch moves on while it
// writes (most of its time under a write-heavy load). Held for the whole checkpoint,
// every image evicted meanwhile went to the garbage collector instead of the pool.
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.TestSupport.FileSystems;
using SharpCoreDB.Wal;
using SharpCoreDB.Wal.IO;

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

    private sealed class JournalWriteHook() : FileSystemWrapper(inner: null, watch: path => path.EndsWith("-journal", StringComparison.Ordinal))
    {
        public Action? OnFirstJournalWrite { get; set; }

        protected override void OnWrite(IStorageFile file, int number, long offset, ReadOnlySpan<byte> data)
        {
            var hook = OnFirstJournalWrite;
            OnFirstJournalWrite = null;
            hook?.Invoke();
            file.Write(offset, data);
        }
    }
}
