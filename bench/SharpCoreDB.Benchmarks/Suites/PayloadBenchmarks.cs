// Payload suite (issue 9): values of ~100 B, ~1 KB and ~10 KB in a BLOB column. Write: 100
// values inserted in one transaction (LiteDB: InsertBulk), so the value size, not the
// fsync, dominates. Read: 100 point reads of stored values by key.
//   dotnet run -c Release --project bench/SharpCoreDB.Benchmarks -- --filter '*.Suites.PayloadBenchmarks*' --job short
using BenchmarkDotNet.Attributes;
using SharpCoreDB.Benchmarks.Suites.Contenders;
using SharpCoreDB.Benchmarks.Suites.Reporting;

namespace SharpCoreDB.Benchmarks.Suites;

[Config(typeof(SuiteConfig))]
[MemoryDiagnoser]
public class PayloadBenchmarks
{
    private const int Values = 100;
    private Contender _contender = null!;
    private PayloadRow[] _rows = [];
    private long _nextId = Values;

    public static IEnumerable<string> Contenders => BenchScale.Contenders(ContenderNames.Default);

    [ParamsSource(nameof(Contenders))]
    public string Contender { get; set; } = "";

    [Params(100, 1_000, 10_000)]
    public int PayloadBytes { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _contender = ContenderFixtures.CreateEmpty(Contender);
        var random = new Random(7);
        _rows = new PayloadRow[Values];
        for (int i = 0; i < Values; i++)
        {
            var data = new byte[PayloadBytes];
            random.NextBytes(data);
            _rows[i] = new PayloadRow { Id = i + 1, Data = data };
        }

        _contender.Main.InsertPayloads(_rows);
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _contender.Dispose();
        Directory.Delete(_contender.Directory, recursive: true);
    }

    [Benchmark(Description = "Write 100 (1 tx)")]
    public void Write()
    {
        foreach (PayloadRow row in _rows)
        {
            row.Id = ++_nextId;
        }

        _contender.Main.InsertPayloads(_rows);
    }

    [Benchmark(Description = "Read 100 by key")]
    public long Read()
    {
        long bytes = 0;
        ContenderSession session = _contender.Main;
        for (long id = 1; id <= Values; id++)
        {
            bytes += session.ReadPayload(id);
        }

        return bytes;
    }
}
