// Cold start suite (issue 9): open an existing database of 100k rows and run the first point
// query, then close. Each invocation opens the file anew (SharpCoreDB closes the database
// when its last connection closes; SQLite's pool is cleared on dispose; LiteDB is disposed).
// "Cold" is for the process's database objects: the OS page cache still holds the file.
// The encrypted case pays PBKDF2 (600k iterations) at the first open only: later opens use the key
// the provider keeps for Key Cache Timeout (docs/encryption.md, "Reopening without PBKDF2").
//   dotnet run -c Release --project bench/SharpCoreDB.Benchmarks -- --filter '*.Suites.ColdStartBenchmarks*' --job short
using BenchmarkDotNet.Attributes;
using SharpCoreDB.Benchmarks.Suites.Contenders;
using SharpCoreDB.Benchmarks.Suites.Reporting;

namespace SharpCoreDB.Benchmarks.Suites;

[Config(typeof(SuiteConfig))]
[MemoryDiagnoser]
public class ColdStartBenchmarks
{
    private string _directory = "";
    private long _id;

    public static IEnumerable<string> Contenders => BenchScale.Contenders([.. ContenderNames.Default, ContenderNames.ScdbAesFullGc]);

    [ParamsSource(nameof(Contenders))]
    public string Contender { get; set; } = "";

    [GlobalSetup]
    public void Setup() => _directory = ContenderFixtures.FilledDirectory(Contender, BenchScale.ColdStartRows);

    [Benchmark(Description = "Open + first point query")]
    public long OpenAndQuery()
    {
        using Contender contender = ContenderNames.Create(Contender, _directory);
        _id = (_id % BenchScale.ColdStartRows) + 1;
        return contender.Main.ReadUser(_id);
    }
}
