// The autocommitted one-row UPDATE of the read suite, under each contender's commit
// guarantee side by side, so that a durable commit is compared with a durable one and an
// acknowledged-before-the-disk commit with its like (docs/benchmarks.md, "What each
// setting guarantees"):
// - SQLite-WAL-FULL and SCDB-Full-GC return once the commit is on the disk (fsync);
// - SQLite-WAL-NORMAL returns once the commit is in the OS (its WAL is synced at
//   checkpoints), LiteDB once its pages are queued for its writer thread, and
//   SCDB-Async-GC once the commit is in the log's buffer (flushed within FlushInterval).
// A crash of the machine can lose the last commits of the second group, never of the first.
// The table has 10k rows (the read suite shows that the UPDATE's time hardly depends on it).
//   dotnet run -c Release --project bench/SharpCoreDB.Benchmarks -- --filter '*.Suites.CommitGuaranteeBenchmarks*' --job short
using BenchmarkDotNet.Attributes;
using SharpCoreDB.Benchmarks.Suites.Contenders;
using SharpCoreDB.Benchmarks.Suites.Reporting;

namespace SharpCoreDB.Benchmarks.Suites;

[Config(typeof(SuiteConfig))]
[MemoryDiagnoser]
public class CommitGuaranteeBenchmarks
{
    private const int Keys = 1024;
    private Contender _contender = null!;
    private ContenderSession _session = null!;
    private long[] _keys = [];
    private int _next;

    public static IEnumerable<string> Contenders => BenchScale.Contenders(ContenderNames.CommitGuarantees);

    [ParamsSource(nameof(Contenders))]
    public string Contender { get; set; } = "";

    [GlobalSetup]
    public void Setup()
    {
        _contender = ContenderFixtures.OpenFilled(Contender, BenchScale.UpdateRows);
        _session = _contender.Main;
        var random = new Random(42);
        _keys = new long[Keys];
        for (int i = 0; i < Keys; i++)
        {
            _keys[i] = random.NextInt64(1, BenchScale.UpdateRows + 1);
        }
    }

    [GlobalCleanup]
    public void Cleanup() => _contender.Dispose();

    [Benchmark(Description = "UPDATE 1 row")]
    public void UpdateOne()
    {
        long id = _keys[_next++ & (Keys - 1)];
        _session.UpdateAge(id, 18 + (int)((id + _next) % UserRow.Ages));
    }
}
