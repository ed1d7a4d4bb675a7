// The sizes the suites run at. SCDB_BENCH_DRY=1 (set by scripts/bench-dry-run.sh) shrinks
// the parameter lists so that a dry run of every suite, which only checks that each case
// runs, takes a couple of minutes instead of filling 100k-row databases.
// SCDB_BENCH_CONTENDERS=SQLite-WAL-FULL,SCDB-Full-GC and SCDB_BENCH_RECORDS=1000 narrow a
// run to some contenders and insert sizes (BenchmarkDotNet's --filter only selects methods).
namespace SharpCoreDB.Benchmarks.Suites.Reporting;

public static class BenchScale
{
    public static bool IsDry { get; } = Environment.GetEnvironmentVariable("SCDB_BENCH_DRY") == "1";

    /// <summary>Rows in the read suite's tables.</summary>
    public static int[] ReadRows => IsDry ? [1_000] : [1_000, 10_000, 100_000];

    /// <summary>Rows in the commit-guarantee suite's table.</summary>
    public static int UpdateRows => IsDry ? 1_000 : 10_000;

    /// <summary>Rows in the cold-start database.</summary>
    public static int ColdStartRows => IsDry ? 1_000 : 100_000;

    /// <summary>Records per insert case.</summary>
    public static int[] InsertRows =>
        Environment.GetEnvironmentVariable("SCDB_BENCH_RECORDS") is { Length: > 0 } records
            ? [.. records.Split(',').Select(r => int.Parse(r, System.Globalization.CultureInfo.InvariantCulture))]
            : IsDry ? [10] : [1, 10, 100, 1_000];

    /// <summary>The contenders of a suite, narrowed by SCDB_BENCH_CONTENDERS when it is set.</summary>
    public static string[] Contenders(string[] suiteContenders) =>
        Environment.GetEnvironmentVariable("SCDB_BENCH_CONTENDERS") is { Length: > 0 } only
            ? [.. suiteContenders.Where(c => only.Split(',').Contains(c, StringComparer.Ordinal))]
            : suiteContenders;

    /// <summary>Threads of the concurrent-insert suite.</summary>
    public static int[] InsertThreads => IsDry ? [2] : [2, 8, 16];
}
