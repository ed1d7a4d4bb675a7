// Concurrent insert suite (issue 9): 1,000 autocommitted inserts into one database, split
// over 2, 8 and 16 threads, each thread with its own connection (LiteDB: the shared,
// thread-safe LiteDatabase). SharpCoreDB's group commit lets one fsync carry the commits
// of many threads; SQLite serializes its writers (busy_timeout makes them wait their turn).
// Connections and rows are prepared in the global setup; an invocation starts the threads.
//   dotnet run -c Release --project bench/SharpCoreDB.Benchmarks -- --filter '*.Suites.ConcurrentInsertBenchmarks*' --job short
using BenchmarkDotNet.Attributes;
using SharpCoreDB.Benchmarks.Suites.Contenders;
using SharpCoreDB.Benchmarks.Suites.Reporting;

namespace SharpCoreDB.Benchmarks.Suites;

[Config(typeof(SuiteConfig))]
[MemoryDiagnoser]
public class ConcurrentInsertBenchmarks
{
    private const int Inserts = 1000;
    private Contender _contender = null!;
    private ContenderSession[] _sessions = [];
    private UserRow[][] _rows = [];
    private long _nextId;

    public static IEnumerable<string> Contenders => BenchScale.Contenders(ContenderNames.Concurrent);

    public static IEnumerable<int> ThreadCounts => BenchScale.InsertThreads;

    [ParamsSource(nameof(Contenders))]
    public string Contender { get; set; } = "";

    [ParamsSource(nameof(ThreadCounts))]
    public int Threads { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _contender = ContenderFixtures.CreateEmpty(Contender);
        _sessions = new ContenderSession[Threads];
        _rows = new UserRow[Threads][];
        for (int t = 0; t < Threads; t++)
        {
            _sessions[t] = t == 0 ? _contender.Main : _contender.OpenSession();
            _rows[t] = new UserRow[WorkerThreads.Share(Inserts, Threads, t)];
            for (int i = 0; i < _rows[t].Length; i++)
            {
                _rows[t][i] = UserRow.Create(i + 1);
            }
        }
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _contender.Dispose();
        Directory.Delete(_contender.Directory, recursive: true);
    }

    [Benchmark(Description = "1,000 autocommits")]
    public void Autocommit() => WorkerThreads.Run(Threads, t =>
    {
        ContenderSession session = _sessions[t];
        foreach (UserRow row in _rows[t])
        {
            row.Id = Interlocked.Increment(ref _nextId);
            row.CreatedAt = UserRow.CreatedAtOf(row.Id);
            session.InsertUser(row);
        }
    });
}
