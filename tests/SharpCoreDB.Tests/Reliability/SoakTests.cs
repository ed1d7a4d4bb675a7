// The soak: 16 threads run a mixed workload against one database for a configurable
// time — transfers between accounts (some rolled back on purpose), inserts and
// deletes of audit rows, range scans — while a verifier thread checks, on its own
// snapshots, the invariant the workload keeps: the account balances always sum to
// zero. Between rounds the database is "killed" (every further I/O call fails, as
// if the process died) and reopened through recovery, and the invariant and the
// B+tree structure are checked again, and the heap after each round must stay
// flat. SCDB_SOAK_SECONDS sets the time per round, SCDB_SOAK_ROUNDS the rounds.
using System.Buffers.Binary;
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Records;
using SharpCoreDB.TestSupport.FileSystems;

namespace SharpCoreDB.Tests.Reliability;

[Collection(nameof(ResourceTests))] // alone, so that the heap it measures is its own
[Trait("Category", "Slow")]
public sealed class SoakTests() : TempDirectoryTests("scdb-soak-")
{
    private const int Accounts = 64;
    private const int Threads = 16;

    [Fact]
    public async Task BalancesAlwaysSumToZeroAcrossThreadsRollbacksAndKills()
    {
        double seconds = double.TryParse(Environment.GetEnvironmentVariable("SCDB_SOAK_SECONDS"), out double s) ? s : 1.5;
        string path = Dir.File("soak.scdb");
        long committed = 0;
        var heapAfterRound = new List<long>();
        int rounds = int.TryParse(Environment.GetEnvironmentVariable("SCDB_SOAK_ROUNDS"), out int r) ? Math.Max(2, r) : 3;
        for (int round = 0; round < rounds; round++)
        {
            var fs = new FaultyFileSystem();
            var engine = StorageEngine.Open(new StorageOptions { Path = path, PageSize = 4096, CacheSizeBytes = 512 * 1024, CheckpointLogBytes = 256 * 1024, FileSystem = fs });
            if (round == 0)
            {
                CreateAccounts(engine);
            }

            Assert.Equal(0, SumOfBalances(engine, out int count));
            Assert.Equal(Accounts, count);

            using var stop = new CancellationTokenSource(TimeSpan.FromSeconds(seconds));
            int violations = 0;
            var verifier = Workers.Start(() =>
            {
                while (!stop.IsCancellationRequested)
                {
                    if (SumOfBalances(engine, out _) != 0)
                    {
                        Interlocked.Increment(ref violations);
                    }
                }
            });
            var workers = Enumerable.Range(0, Threads).Select(t => Workers.Start(() => Interlocked.Add(ref committed, Work(engine, t + (round * Threads), stop.Token)))).ToArray();
            await Task.WhenAll(workers);
            await verifier;
            Assert.Equal(0, violations);

            fs.Crash(); // the kill: nothing more reaches the files
            engine.Dispose();
            heapAfterRound.Add(GC.GetTotalMemory(forceFullCollection: true));
        }

        // Memory stays flat: what a closed database held is released, round after round.
        Assert.True(heapAfterRound[^1] < heapAfterRound[0] + (64L << 20), $"the heap grew from {heapAfterRound[0]} to {heapAfterRound[^1]} bytes");

        using var final = StorageEngine.Open(new StorageOptions { Path = path, PageSize = 4096 });
        Assert.Equal(0, SumOfBalances(final, out _));
        Assert.True(committed > 100, $"only {committed} transactions committed");
    }

    // Key space: accounts are rowids 1..Accounts; audit rows start at 1,000,000.
    private static long Work(StorageEngine engine, int seed, CancellationToken stop)
    {
        var random = new Random(seed);
        long committed = 0;
        while (!stop.IsCancellationRequested)
        {
            int action = random.Next(10);
            if (action < 2)
            {
                SumOfBalances(engine, out _); // a full range scan on a snapshot
                continue;
            }

            using var tx = engine.BeginWrite(TestTimeouts.WriteLock);
            var tree = TableTree.Open(tx, tx.State.CatalogRoot);
            long from = random.Next(1, Accounts + 1), to = random.Next(1, Accounts + 1);
            long amount = random.Next(1, 1000);
            Write(tree, from, Read(tree, from) - amount);
            Write(tree, to, Read(tree, to) + amount);
            long audit = Math.Max(1_000_000, tree.NextRowId());
            tree.Insert(audit, new byte[random.Next(8, 600)], BTreeInsertMode.FailIfExists);
            if (audit > 1_000_200)
            {
                tree.Delete(audit - 200);
            }

            if (action == 9)
            {
                tx.Rollback(); // the transfer must vanish whole
                continue;
            }

            tx.Commit();
            committed++;
        }

        return committed;
    }

    private static void CreateAccounts(StorageEngine engine)
    {
        using var tx = engine.BeginWrite(TestTimeouts.WriteLock);
        var tree = TableTree.Create(tx);
        tx.State = tx.State with { CatalogRoot = tree.RootPage };
        for (long account = 1; account <= Accounts; account++)
        {
            Write(tree, account, 0);
        }

        tx.Commit();
    }

    private static long SumOfBalances(StorageEngine engine, out int accounts)
    {
        using var read = engine.BeginRead();
        var tree = TableTree.Open(read, read.State.CatalogRoot);
        var cursor = tree.Tree.OpenCursor();
        long sum = 0;
        accounts = 0;
        for (bool ok = cursor.SeekFirst(); ok && RowIdKey.Read(cursor.Key) <= Accounts; ok = cursor.Next())
        {
            sum += BinaryPrimitives.ReadInt64LittleEndian(cursor.Value);
            accounts++;
        }

        return sum;
    }

    private static long Read(TableTree tree, long account)
    {
        Assert.True(tree.TryGet(account, out var value));
        return BinaryPrimitives.ReadInt64LittleEndian(value.Span);
    }

    private static void Write(TableTree tree, long account, long balance)
    {
        Span<byte> value = stackalloc byte[8];
        BinaryPrimitives.WriteInt64LittleEndian(value, balance);
        tree.Insert(account, value, BTreeInsertMode.Replace);
    }
}
