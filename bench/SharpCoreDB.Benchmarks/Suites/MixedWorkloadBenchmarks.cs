// Mixed workload suite (issue 9): 400 operations, 70% point reads, 20% autocommitted
// inserts, 10% autocommitted deletes, from 1 thread and split over 8 threads (a connection
// each). Each thread repeats R W R R W R D R R R: reads hit random rows of a 10k-row table,
// and a delete removes a row the same thread inserted, so the table the reads see stays put.
//   dotnet run -c Release --project bench/SharpCoreDB.Benchmarks -- --filter '*.Suites.MixedWorkloadBenchmarks*' --job short
using BenchmarkDotNet.Attributes;
using SharpCoreDB.Benchmarks.Suites.Contenders;
using SharpCoreDB.Benchmarks.Suites.Reporting;

namespace SharpCoreDB.Benchmarks.Suites;

[Config(typeof(SuiteConfig))]
[MemoryDiagnoser]
public class MixedWorkloadBenchmarks
{
    private const int Operations = 400;
    private const int TableRows = 10_000;
    private const string Pattern = "RWRRWRDRRR";
    private Contender _contender = null!;
    private ContenderSession[] _sessions = [];
    private Queue<long>[] _inserted = [];
    private Random[] _randoms = [];
    private UserRow[] _rows = [];
    private long _nextId = 10_000_000;

    public static IEnumerable<string> Contenders => BenchScale.Contenders(ContenderNames.Default);

    [ParamsSource(nameof(Contenders))]
    public string Contender { get; set; } = "";

    [Params(1, 8)]
    public int Threads { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _contender = ContenderFixtures.CreateEmpty(Contender);
        ContenderFixtures.Fill(_contender.Main, 1, TableRows);
        _sessions = new ContenderSession[Threads];
        _inserted = new Queue<long>[Threads];
        _randoms = new Random[Threads];
        _rows = new UserRow[Threads];
        for (int t = 0; t < Threads; t++)
        {
            _sessions[t] = t == 0 ? _contender.Main : _contender.OpenSession();
            _inserted[t] = new Queue<long>();
            _randoms[t] = new Random(100 + t);
            _rows[t] = UserRow.Create(1);
        }
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _contender.Dispose();
        Directory.Delete(_contender.Directory, recursive: true);
    }

    [Benchmark(Description = "400 ops 70/20/10")]
    public void Mixed() => WorkerThreads.Run(Threads, t =>
    {
        ContenderSession session = _sessions[t];
        Queue<long> inserted = _inserted[t];
        Random random = _randoms[t];
        UserRow row = _rows[t];
        int operations = WorkerThreads.Share(Operations, Threads, t);
        for (int i = 0; i < operations; i++)
        {
            switch (Pattern[i % Pattern.Length])
            {
                case 'R':
                    session.ReadUser(random.NextInt64(1, TableRows + 1));
                    break;
                case 'W':
                    row.Id = Interlocked.Increment(ref _nextId);
                    row.CreatedAt = UserRow.CreatedAtOf(row.Id);
                    session.InsertUser(row);
                    inserted.Enqueue(row.Id);
                    break;
                default:
                    session.DeleteUser(inserted.Dequeue());
                    break;
            }
        }
    });
}
