// Insert suite (issue 9): 1, 10, 100 and 1,000 small rows, as that many autocommitted
// INSERTs (each one a commit) and as one batch in a transaction (LiteDB: InsertBulk), for
// every contender: SharpCoreDB unencrypted/encrypted x group commit on/off x FullSync/Async,
// SQLite in memory and on a file (WAL, synchronous FULL and NORMAL), LiteDB on a file.
// The rows are built once; each invocation only gives them new ids (and the matching
// created_at), so Allocated is the database's own allocation. The table grows across
// invocations, as it would in an app: new ids and timestamps land at the right-hand end
// of the table and of the created_at index. "Batch with foreign key and trigger" inserts orders
// whose user_id must name one of 1,000 users (SQLite with foreign keys on; LiteDB looks each user
// up) and whose AFTER INSERT trigger counts them per user in user_stats (LiteDB: by hand).
//   dotnet run -c Release --project bench/SharpCoreDB.Benchmarks -- --filter '*.Suites.InsertBenchmarks*' --job short
using BenchmarkDotNet.Attributes;
using SharpCoreDB.Benchmarks.Suites.Contenders;
using SharpCoreDB.Benchmarks.Suites.Reporting;

namespace SharpCoreDB.Benchmarks.Suites;

[Config(typeof(SuiteConfig))]
[MemoryDiagnoser]
public class InsertBenchmarks
{
    private Contender _contender = null!;
    private UserRow[] _rows = [];
    private long _nextId;
    private OrderRow[] _orders = [];
    private long _nextOrderId;

    public static IEnumerable<string> Contenders => BenchScale.Contenders(ContenderNames.All);

    public static IEnumerable<int> RecordCounts => BenchScale.InsertRows;

    [ParamsSource(nameof(Contenders))]
    public string Contender { get; set; } = "";

    [ParamsSource(nameof(RecordCounts))]
    public int Records { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _contender = ContenderFixtures.CreateEmpty(Contender);
        _rows = new UserRow[Records];
        for (int i = 0; i < Records; i++)
        {
            _rows[i] = UserRow.Create(i + 1);
        }

        // The parents of the orders: users 1..1000; the other benchmarks' users come after them.
        var parents = new UserRow[ParentUsers];
        for (int i = 0; i < parents.Length; i++)
        {
            parents[i] = UserRow.Create(i + 1);
        }

        _contender.Main.InsertUsers(parents);
        _nextId = ParentUsers;
        _orders = new OrderRow[Records];
        for (int i = 0; i < Records; i++)
        {
            _orders[i] = OrderRow.Create(i + 1);
        }
    }

    private const int ParentUsers = 1000;

    [GlobalCleanup]
    public void Cleanup()
    {
        _contender.Dispose();
        Directory.Delete(_contender.Directory, recursive: true);
    }

    [Benchmark(Description = "Autocommit")]
    public void Autocommit()
    {
        ContenderSession session = _contender.Main;
        foreach (UserRow row in _rows)
        {
            row.Id = ++_nextId;
            row.CreatedAt = UserRow.CreatedAtOf(row.Id);
            session.InsertUser(row);
        }
    }

    [Benchmark(Description = "Batch")]
    public void Batch()
    {
        foreach (UserRow row in _rows)
        {
            row.Id = ++_nextId;
            row.CreatedAt = UserRow.CreatedAtOf(row.Id);
        }

        _contender.Main.InsertUsers(_rows);
    }

    [Benchmark(Description = "Batch with foreign key and trigger")]
    public void BatchWithForeignKey()
    {
        foreach (OrderRow row in _orders)
        {
            row.Id = ++_nextOrderId;
            row.UserId = 1 + (row.Id % ParentUsers);
        }

        _contender.Main.InsertOrders(_orders);
    }
}
