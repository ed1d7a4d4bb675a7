// Durable inserts at the storage level, side by side with SQLite: 1,000 rows in one
// transaction, and 1,000 autocommitted rows from 1 and from 16 threads. SharpCoreDB
// encodes each row with the record format and inserts it into a table B+tree (the
// work the SQL executor does below parsing and planning); SQLite runs a prepared
// INSERT in WAL mode with synchronous=FULL. Both fsync every commit (FullSync).
// Fsyncs/commit for SharpCoreDB is printed at cleanup from the log's counters.
//   dotnet run -c Release --project bench/SharpCoreDB.Benchmarks -- --filter '*StorageInsertBenchmarks*' --job short
using BenchmarkDotNet.Attributes;
using Microsoft.Data.Sqlite;
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Records;
using SharpCoreDB.Values;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Benchmarks.Storage;

[MemoryDiagnoser]
public class StorageInsertBenchmarks
{
    internal const int Rows = 1000;
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(60);
    private string _dir = "";
    private StorageEngine _engine = null!;
    private SqliteConnection _sqlite = null!;
    private long _nextId;

    [GlobalSetup]
    public void Setup()
    {
        _dir = Directory.CreateTempSubdirectory("scdb-bench-").FullName;
        _engine = StorageEngine.Open(new StorageOptions
        {
            Path = Path.Combine(_dir, "bench.scdb"),
            Log = new WalOptions { Durability = WalDurability.FullSync },
        });
        using (var tx = _engine.BeginWrite(Timeout))
        {
            var tree = TableTree.Create(tx);
            tx.State = tx.State with { CatalogRoot = tree.RootPage };
            tx.Commit();
        }

        _sqlite = OpenSqlite();
        using var create = _sqlite.CreateCommand();
        create.CommandText = "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT, email TEXT, age INTEGER, created_at TEXT, active INTEGER)";
        create.ExecuteNonQuery();
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        var stats = _engine.Log!.Statistics;
        Console.WriteLine($"// SharpCoreDB log: {stats.Appends} commits, {stats.Fsyncs} fsyncs, {(double)stats.Fsyncs / Math.Max(1, stats.Appends):0.000} fsyncs per commit");
        _engine.Dispose();
        _sqlite.Dispose();
        SqliteConnection.ClearAllPools();
        Directory.Delete(_dir, recursive: true);
    }

    [Benchmark(Description = "SharpCoreDB: 1,000 rows, one transaction")]
    public void SharpCoreDbBatch()
    {
        using var tx = _engine.BeginWrite(Timeout);
        var tree = TableTree.Open(tx, tx.State.CatalogRoot);
        Span<DbValue> row = new DbValue[6];
        Span<byte> buffer = stackalloc byte[256];
        for (int i = 0; i < Rows; i++)
        {
            long id = tree.NextRowId();
            int size = FillRow(row, id, buffer);
            tree.Insert(id, buffer[..size], BTreeInsertMode.FailIfExists);
        }

        tx.Commit();
    }

    [Benchmark(Description = "SQLite: 1,000 rows, one transaction")]
    public void SqliteBatch()
    {
        using var tx = _sqlite.BeginTransaction();
        using var insert = SqliteInsert(_sqlite, tx);
        for (int i = 0; i < Rows; i++)
        {
            BindRow(insert, Interlocked.Increment(ref _nextId));
            insert.ExecuteNonQuery();
        }

        tx.Commit();
    }

    [Benchmark(Description = "SharpCoreDB: 1,000 autocommits, 1 thread")]
    public void SharpCoreDbAutocommit1() => SharpCoreDbAutocommit(1);

    [Benchmark(Description = "SharpCoreDB: 1,000 autocommits, 16 threads")]
    public void SharpCoreDbAutocommit16() => SharpCoreDbAutocommit(16);

    [Benchmark(Description = "SQLite: 1,000 autocommits, 1 thread")]
    public void SqliteAutocommit1() => SqliteAutocommit(1);

    [Benchmark(Description = "SQLite: 1,000 autocommits, 16 threads")]
    public void SqliteAutocommit16() => SqliteAutocommit(16);

    private void SharpCoreDbAutocommit(int threads) => RunOnThreads(threads, count =>
    {
        var row = new DbValue[6];
        var buffer = new byte[256];
        for (int i = 0; i < count; i++)
        {
            using var tx = _engine.BeginWrite(Timeout);
            var tree = TableTree.Open(tx, tx.State.CatalogRoot);
            long id = tree.NextRowId();
            int size = FillRow(row, id, buffer);
            tree.Insert(id, buffer.AsSpan(0, size), BTreeInsertMode.FailIfExists);
            tx.Commit();
        }
    });

    private void SqliteAutocommit(int threads) => RunOnThreads(threads, count =>
    {
        using var connection = OpenSqlite();
        using var insert = SqliteInsert(connection, null);
        for (int i = 0; i < count; i++)
        {
            BindRow(insert, Interlocked.Increment(ref _nextId));
            insert.ExecuteNonQuery();
        }
    });

    private static void RunOnThreads(int threads, Action<int> work)
    {
        var workers = new Thread[threads];
        for (int t = 0; t < threads; t++)
        {
            int count = (Rows / threads) + (t < Rows % threads ? 1 : 0);
            workers[t] = new Thread(() => work(count));
            workers[t].Start();
        }

        foreach (var worker in workers)
        {
            worker.Join();
        }
    }

    private static int FillRow(Span<DbValue> row, long id, Span<byte> buffer)
    {
        row[0] = DbValue.FromInt64(id);
        row[1] = DbValue.FromText("User name");
        row[2] = DbValue.FromText("user@example.com");
        row[3] = DbValue.FromInt64(30 + (id % 40));
        row[4] = DbValue.FromDateTimeTicks(638_000_000_000_000_000 + id);
        row[5] = DbValue.FromBoolean((id & 1) == 0);
        RecordWriter.Write(row, buffer);
        return RecordWriter.GetSize(row);
    }

    private SqliteConnection OpenSqlite()
    {
        var connection = new SqliteConnection($"Data Source={Path.Combine(_dir, "bench.sqlite")};Pooling=False;Default Timeout=60");
        connection.Open();
        using var pragma = connection.CreateCommand();
        pragma.CommandText = "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA busy_timeout=60000;";
        pragma.ExecuteNonQuery();
        return connection;
    }

    private static SqliteCommand SqliteInsert(SqliteConnection connection, SqliteTransaction? transaction)
    {
        var insert = connection.CreateCommand();
        insert.Transaction = transaction;
        insert.CommandText = "INSERT INTO users (id, name, email, age, created_at, active) VALUES ($id, $name, $email, $age, $created, $active)";
        foreach (string name in new[] { "$id", "$name", "$email", "$age", "$created", "$active" })
        {
            insert.Parameters.Add(new SqliteParameter { ParameterName = name });
        }

        insert.Prepare();
        return insert;
    }

    private static void BindRow(SqliteCommand insert, long id)
    {
        insert.Parameters[0].Value = id;
        insert.Parameters[1].Value = "User name";
        insert.Parameters[2].Value = "user@example.com";
        insert.Parameters[3].Value = 30 + (id % 40);
        insert.Parameters[4].Value = "2026-11-23 10:00:00";
        insert.Parameters[5].Value = (id & 1) == 0;
    }
}
