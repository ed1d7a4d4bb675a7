// When background checkpoints run: once CheckpointLogBytes more bytes have been
// logged since the last checkpoint began. The log file's length used to be the
// measure, but the current segment is never released, so once it had grown past
// the threshold every commit queued another checkpoint (three fsyncs each) until
// the segment rolled over.
using System.Buffers.Binary;
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Tests.Storage;

public sealed class CheckpointCadenceTests() : TempDirectoryTests("scdb-cadence-")
{
    [Fact]
    public void CheckpointsFollowTheBytesLoggedNotTheNumberOfCommits()
    {
        string path = Dir.File("cadence.scdb");
        var options = new StorageOptions { Path = path, PageSize = 4096, CheckpointLogBytes = 256 * 1024, Log = new WalOptions { Durability = WalDurability.Async } };
        uint marked;
        using (var engine = StorageEngine.Open(options))
        {
            // Whole new pages: about 1.2 MB of log, so background checkpoints run (a few, not one per commit).
            marked = Commit(engine, page: 0, 0);
            for (int i = 0; i < 300; i++)
            {
                Commit(engine, page: 0, 1000 + i);
            }

            engine.Log!.Flush();
            Commit(engine, marked, 1);
            Assert.True(SpinWait.SpinUntil(() => engine.Checkpoints >= 1, TestTimeouts.Hang));
            Assert.InRange(engine.Checkpoints, 1L, 10L);

            // Everything checkpointed, and no background checkpoint left to run.
            engine.Checkpoint();
            Assert.True(SpinWait.SpinUntil(() => !engine.CheckpointPending, TestTimeouts.Hang));
            long before = engine.Checkpoints;

            // Small commits: a few hundred bytes of log each, far below the threshold in total, while the
            // log file (its current segment is never released) is longer than the threshold. None may
            // ask for a checkpoint.
            int asked = 0;
            for (int i = 2; i <= 301; i++)
            {
                Commit(engine, marked, i);
                asked += engine.CheckpointPending ? 1 : 0;
            }

            Assert.True(engine.Log!.Statistics.FileLength > options.CheckpointLogBytes);
            Assert.Equal(0, asked);
            Assert.Equal(before, engine.Checkpoints);
        }

        using (var reopened = StorageEngine.Open(options))
        using (var read = reopened.BeginRead())
        {
            Assert.Equal(301L, BinaryPrimitives.ReadInt64LittleEndian(read.Read(marked).Span[100..]));
        }
    }

    // Writes value into a new page (page 0) or into an existing one; returns the page.
    private static uint Commit(StorageEngine engine, uint page, long value)
    {
        using var tx = engine.BeginWrite(TestTimeouts.WriteLock);
        if (page == 0)
        {
            page = tx.Allocate(PageType.TableNode);
            tx.Write(page).Span[200..].Fill((byte)value);
        }

        BinaryPrimitives.WriteInt64LittleEndian(tx.Write(page).Span[100..], value);
        tx.Commit();
        return page;
    }
}
