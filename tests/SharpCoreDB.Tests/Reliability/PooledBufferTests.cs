// Resources, pooled buffers: every buffer the engine and the log rent goes through
// BufferPool, which counts the rentals not yet returned. Databases of every kind
// (file, encrypted file, in-memory) run a workload that rents on every path we know
// of (log appends, recovery reads of the log, savepoint pre-images, B+tree node
// compaction, sorts spilling to temporary files, I/O faults, connections closed in the
// middle of a transaction) and are closed; the count must then be back where it
// started. Runs in the ResourceTests collection, alone, so the count is its own.
using System.Text;
using SharpCoreDB.Data;
using SharpCoreDB.Engine;
using SharpCoreDB.Planning;
using SharpCoreDB.Sql;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.Encryption;
using SharpCoreDB.TestSupport.FileSystems;
using SharpCoreDB.Values;
using SharpCoreDB.Wal.Buffers;

namespace SharpCoreDB.Tests.Reliability;

[Collection(nameof(ResourceTests))]
[Trait("Category", "Slow")]
public sealed class PooledBufferTests() : TempDirectoryTests("scdb-pool-")
{
    // The most buffers seen out at once during a workload: proves the workload does rent.
    private static long _peak;

    [Fact]
    public void NoPooledBufferOutlivesAClosedDatabase()
    {
        long before = BufferPool.Outstanding;
        var encrypted = new EncryptionSettings { Password = "pool", Iterations = 1000 };
        int faultsSeen = 0;
        for (int round = 0; round < 3; round++)
        {
            // File, encrypted file, in-memory (an in-memory database cannot be encrypted).
            Workload(Options(Dir.File($"plain{round}.scdb"), null), ref faultsSeen);
            Workload(Options(Dir.File($"secret{round}.scdb"), encrypted), ref faultsSeen);
            Workload(new StorageOptions { Path = null }, ref faultsSeen);
            Assert.Equal(before, BufferPool.Outstanding);
        }

        // The workload again with an I/O fault at each of its I/O calls in turn (counted on a
        // fault-free run first, so the sweep follows the workload), then reopened healthy
        // (recovery reads the log the failure left behind).
        var counter = new FaultyFileSystem();
        Workload(Options(Dir.File("count.scdb"), null) with { FileSystem = counter }, ref faultsSeen);
        for (int failAt = 1; failAt <= counter.Calls; failAt++)
        {
            foreach (bool secret in new[] { false, true })
            {
                string path = Dir.File($"fault{failAt}-{secret}.scdb");
                var fs = new FaultyFileSystem { FailAt = failAt, Mode = (FaultMode)(failAt % 3) };
                Workload(Options(path, secret ? encrypted : null) with { FileSystem = fs }, ref faultsSeen);
                Assert.True(before == BufferPool.Outstanding, $"{BufferPool.Outstanding - before} buffers still out after a {(FaultMode)(failAt % 3)} at I/O call {failAt} of {counter.Calls} (encrypted: {secret}, in {fs.FailedPath})");
                Workload(Options(path, secret ? encrypted : null), ref faultsSeen);
                Assert.Equal(before, BufferPool.Outstanding);
            }
        }

        Assert.True(_peak > before + 2, $"the workload held at most {_peak - before} pooled buffers at once");
        Assert.True(faultsSeen > 5, $"only {faultsSeen} injected faults reached the workload");

        // Connections closed in the middle of a transaction with savepoints, file and memory.
        foreach (string source in new[] { Dir.File("adonet.scdb"), ":memory:" })
        {
            for (int i = 0; i < 3; i++)
            {
                AbandonTransaction(source, i);
            }
        }

        Assert.Equal(before, BufferPool.Outstanding);
    }

    private static StorageOptions Options(string path, EncryptionSettings? encryption) => new()
    {
        Path = path,
        PageSize = 4096,
        CheckpointLogBytes = 64 << 10,
        Encryption = encryption,
    };

    // Schema, a transaction with a rolled-back savepoint, page splits and merges, a spilling
    // sort, a checkpoint, then a session left mid-transaction; every fault ends the workload.
    private static void Workload(StorageOptions options, ref int faultsSeen)
    {
        try
        {
            using var database = Database.Open(new DatabaseOptions { Storage = options });
            database.SpillThresholdRows = 16;
            using Session session = database.CreateSession();
            Execute(session, "CREATE TABLE IF NOT EXISTS t(id INTEGER PRIMARY KEY, s TEXT)");
            Execute(session, "CREATE INDEX IF NOT EXISTS t_s ON t(s)");
            Execute(session, "BEGIN");
            Insert(session, 1, 150);
            Execute(session, "SAVEPOINT a");
            Insert(session, 100, 150);
            _peak = Math.Max(_peak, BufferPool.Outstanding); // the savepoint holds pre-images of the pages changed before it
            Execute(session, "ROLLBACK TO a");
            Insert(session, 100, 150);
            Execute(session, "RELEASE a");
            Execute(session, "COMMIT");
            Execute(session, "DELETE FROM t WHERE id % 3 = 0");
            Execute(session, "SELECT s, id FROM t ORDER BY s DESC");
            database.Checkpoint();
            Execute(session, "UPDATE t SET s = s || 'x' WHERE id % 5 = 0");

            // Closed mid-transaction (its dispose rolls back), also when a fault ends it early.
            using Session abandoned = database.CreateSession();
            Execute(abandoned, "BEGIN");
            Execute(abandoned, "SAVEPOINT b");
            Insert(abandoned, 1000, 40);
        }
        catch (SharpCoreDBException e) when (e.ErrorCode is SharpCoreDBErrorCode.IoError or SharpCoreDBErrorCode.DiskFull or SharpCoreDBErrorCode.LogFailed)
        {
            faultsSeen++;
        }
    }

    private static void Insert(Session session, int first, int count)
    {
        for (int id = first; id < first + count; id++)
        {
            Execute(session, $"INSERT OR REPLACE INTO t VALUES ({id}, '{new string((char)('a' + (id % 26)), 60 + (id % 40))}')");
        }
    }

    private static void Execute(Session session, string sql)
    {
        foreach (Statement statement in SqlParser.Parse(sql))
        {
            using StatementResult result = session.Execute(session.Prepare(statement), NoParameters.Instance);
            while (result.Read())
            {
            }
        }
    }

    private static void AbandonTransaction(string source, int round)
    {
        using var connection = new SharpCoreDBConnection($"Data Source={source};Page Size=4096");
        connection.Open();
        using var command = connection.CreateCommand();
        command.CommandText = "CREATE TABLE IF NOT EXISTS a(id INTEGER PRIMARY KEY, s TEXT)";
        command.ExecuteNonQuery();
        var transaction = connection.BeginTransaction();
        command.Transaction = transaction;
        var text = new StringBuilder();
        for (int i = 0; i < 200; i++)
        {
            text.Append($"INSERT OR REPLACE INTO a VALUES ({(round * 1000) + i}, '{new string('q', 100)}');");
        }

        command.CommandText = "SAVEPOINT s; " + text;
        command.ExecuteNonQuery();

        // Closed with the transaction and savepoint open: the connection's dispose rolls back.
    }

    private sealed class NoParameters : IParameterValues
    {
        public static readonly NoParameters Instance = new();

        public DbValue GetValue(StatementParameter parameter) => throw new SharpCoreDBException(SharpCoreDBErrorCode.Misuse, "no parameters");
    }
}
