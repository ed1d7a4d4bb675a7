// Fault injection at the storage level: a workload of B+tree commits and checkpoints
// runs with the Nth I/O call failing (a read, write, fsync or length change; as EIO,
// ENOSPC or a short write), for every N the workload makes. Each time: the failing
// operation reports a SharpCoreDBException (never a bare .NET exception); the
// database then either goes on working or refuses writes with a clear error; and
// after reopening, the state is exactly that after some transaction L with every
// acknowledged commit present (L is the newest acknowledged, or one more whose commit
// reached the log before its error), and the tree and free list pass their checks.
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Transactions;
using SharpCoreDB.StorageCrashWorker;
using SharpCoreDB.TestSupport.FileSystems;
using SharpCoreDB.Wal;
using Xunit.Abstractions;

namespace SharpCoreDB.Tests.Reliability;

[Trait("Category", "Slow")]
public sealed class StorageFaultTests(ITestOutputHelper output) : TempDirectoryTests("scdb-fault-")
{
    private const int Transactions = 40;

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void EveryIoCallOfAWorkloadCanFailWithoutLosingAcknowledgedCommits(bool groupCommit)
    {
        int total = Run(new FaultyFileSystem(), groupCommit, "dry").Calls;
        Assert.True(total > 50, $"the workload made only {total} I/O calls");
        output.WriteLine($"group commit {groupCommit}: {total} I/O calls, each failed in turn");
        var modes = Enum.GetValues<FaultMode>();
        for (int failAt = 0; failAt < total; failAt++)
        {
            var fs = new FaultyFileSystem { FailAt = failAt, Mode = modes[failAt % modes.Length] };
            var outcome = Run(fs, groupCommit, $"f{failAt}");
            Assert.True(fs.CallFailed, $"call {failAt} was never made");
            long last = Verify(outcome.Path);
            Assert.True(last >= outcome.Acknowledged, $"fault at call {failAt}: commit {outcome.Acknowledged} was acknowledged, only {last} survived");
            Assert.True(last <= outcome.Acknowledged + 1, $"fault at call {failAt}: {last} survived, {outcome.Acknowledged} acknowledged");
        }
    }

    private sealed record Outcome(string Path, long Acknowledged, int Calls);

    // Runs the workload; every failure must be a SharpCoreDBException. Returns what was acknowledged.
    private Outcome Run(FaultyFileSystem fs, bool groupCommit, string name)
    {
        string path = Dir.File(name + ".scdb");
        long acknowledged = 0;
        StorageEngine? engine = null;
        try
        {
            engine = StorageEngine.Open(Options(path, groupCommit) with { FileSystem = fs });
            for (int i = 0; i < Transactions; i++)
            {
                try
                {
                    acknowledged = Math.Max(acknowledged, Commit(engine));
                    if (i % 13 == 12)
                    {
                        engine.Checkpoint();
                    }
                }
                catch (SharpCoreDBException e) when (e.ErrorCode is SharpCoreDBErrorCode.LogFailed)
                {
                    // The log refuses writes until reopened: the rest of the workload must say so too.
                    var again = Assert.Throws<SharpCoreDBException>(() => Commit(engine));
                    Assert.Equal(SharpCoreDBErrorCode.LogFailed, again.ErrorCode);
                    break;
                }
                catch (SharpCoreDBException e) when (e.ErrorCode is SharpCoreDBErrorCode.IoError or SharpCoreDBErrorCode.DiskFull)
                {
                    // A failed checkpoint or page read: the database goes on working.
                }
            }
        }
        catch (SharpCoreDBException e) when (engine is null && e.ErrorCode is SharpCoreDBErrorCode.IoError or SharpCoreDBErrorCode.DiskFull)
        {
            // The open itself failed: nothing was acknowledged.
        }
        finally
        {
            engine?.Dispose();
        }

        return new Outcome(path, acknowledged, fs.Calls);
    }

    private static StorageOptions Options(string path, bool groupCommit) => new()
    {
        Path = path,
        PageSize = 4096,
        Log = new WalOptions { UseGroupCommit = groupCommit },
        CheckpointLogBytes = long.MaxValue,
    };

    // One transaction of the crash-test workload (a 10-row window); returns its number once acknowledged.
    private static long Commit(StorageEngine engine) => WorkloadCommits.CommitNext(engine, TestTimeouts.WriteLock, window: 10);

    private static long Verify(string path)
    {
        if (!System.IO.File.Exists(path))
        {
            return 0;
        }

        using var engine = StorageEngine.Open(Options(path, true));
        using var read = engine.BeginRead();
        int freeListed = 0;
        FreeList.ForEach(read, read.State, (_, _) => freeListed++);
        Assert.Equal((int)read.State.FreePageCount, freeListed);
        if (read.State.CatalogRoot == 0)
        {
            return 0;
        }

        var tree = TableTree.Open(read, read.State.CatalogRoot);
        tree.Tree.Verify();
        long last = tree.MaxRowId() ?? 0;
        long first = Math.Max(1, last - 9);
        Assert.Equal(last - first + 1, tree.Count());
        for (long n = first; n <= last; n++)
        {
            Assert.True(tree.TryGet(n, out var value) && value.Span.SequenceEqual(CrashWorkload.Payload(n)), $"row {n} of state {last} is wrong");
        }

        return last;
    }
}
