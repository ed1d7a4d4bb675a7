// Read and query suite (issues 6 and 9) at 1k, 10k and 100k rows: point read by key, 100
// keys in one IN query, a range of 100 rows on the created_at index, a search on the
// non-indexed email column (matches 1% of the rows), COUNT(*), GROUP BY age (60 groups),
// a join of 100 users with their orders, a window query (running total of ages and rank by
// age within the active/inactive partitions, over every row), a recursive CTE walking the users as a binary
// tree of up to 10k nodes (LiteDB, which has no recursive query, walks it in a loop of
// finds), and an autocommitted UPDATE of one row.
// SharpCoreDB runs unencrypted and encrypted in the same run (issue 7). Keys come from a
// fixed pseudo-random sequence so every contender reads the same rows.
//   dotnet run -c Release --project bench/SharpCoreDB.Benchmarks -- --filter '*.Suites.ReadQueryBenchmarks*' --job short
using BenchmarkDotNet.Attributes;
using SharpCoreDB.Benchmarks.Suites.Contenders;
using SharpCoreDB.Benchmarks.Suites.Reporting;

namespace SharpCoreDB.Benchmarks.Suites;

[Config(typeof(SuiteConfig))]
[MemoryDiagnoser]
public class ReadQueryBenchmarks
{
    private const int Keys = 1024;
    private const int Span = 100;
    private Contender _contender = null!;
    private ContenderSession _session = null!;
    private long[] _keys = [];
    private long[][] _keySets = [];
    private int _next;

    public static IEnumerable<string> Contenders => BenchScale.Contenders(ContenderNames.Read);

    public static IEnumerable<int> RowCounts => BenchScale.ReadRows;

    [ParamsSource(nameof(Contenders))]
    public string Contender { get; set; } = "";

    [ParamsSource(nameof(RowCounts))]
    public int Rows { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _contender = ContenderFixtures.OpenFilled(Contender, Rows);
        _session = _contender.Main;
        var random = new Random(42);
        _keys = new long[Keys];
        for (int i = 0; i < Keys; i++)
        {
            _keys[i] = random.NextInt64(1, Rows - Span);
        }

        _keySets = new long[16][];
        for (int s = 0; s < _keySets.Length; s++)
        {
            _keySets[s] = new long[Span];
            for (int i = 0; i < Span; i++)
            {
                _keySets[s][i] = random.NextInt64(1, Rows + 1);
            }
        }
    }

    [GlobalCleanup]
    public void Cleanup() => _contender.Dispose();

    [Benchmark(Description = "Point read")]
    public long PointRead() => _session.ReadUser(NextKey());

    [Benchmark(Description = "100 keys (IN)")]
    public int BulkRead() => _session.ReadUsers(_keySets[_next++ & 15]);

    [Benchmark(Description = "Range 100 (index)")]
    public int RangeScan()
    {
        long start = NextKey();
        return _session.ReadCreatedBetween(UserRow.CreatedAtOf(start), UserRow.CreatedAtOf(start + Span));
    }

    [Benchmark(Description = "Text search (LIKE)")]
    public int TextSearch() => _session.SearchEmail(UserRow.DomainOf(_next++));

    [Benchmark(Description = "COUNT(*)")]
    public long Count() => _session.CountUsers();

    [Benchmark(Description = "GROUP BY")]
    public int GroupBy() => _session.CountByAge();

    [Benchmark(Description = "Join 100")]
    public int Join()
    {
        long start = NextKey();
        return _session.JoinOrders(start, start + Span);
    }

    [Benchmark(Description = "Window (running total, rank)")]
    public long Window() => _session.RankWithinPartitions();

    [Benchmark(Description = "Tree walk (recursive CTE)")]
    public long TreeWalk() => _session.TreeWalk(Math.Min(Rows, 10_000));

    [Benchmark(Description = "UPDATE 1 row")]
    public void UpdateOne()
    {
        long id = NextKey();
        _session.UpdateAge(id, 18 + (int)((id + _next) % UserRow.Ages));
    }

    private long NextKey() => _keys[_next++ & (Keys - 1)];
}
