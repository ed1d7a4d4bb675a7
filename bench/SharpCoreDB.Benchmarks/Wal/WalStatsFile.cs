// Carries a log's counters from a benchmark process to the summary table: BenchmarkDotNet
// runs each case in its own process, so the case writes its WalStatistics to a small file
// at global cleanup and the FsyncsPerCommitColumn reads it back in the host process.
using System.Globalization;
using BenchmarkDotNet.Running;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Benchmarks.Wal;

internal static class WalStatsFile
{
    private static readonly string Directory = Path.Combine(Path.GetTempPath(), "scdb-wal-bench-stats");

    public static void Write(string key, WalStatistics statistics)
    {
        System.IO.Directory.CreateDirectory(Directory);
        File.WriteAllText(
            PathOf(key),
            string.Create(CultureInfo.InvariantCulture, $"{statistics.Appends} {statistics.Fsyncs} {statistics.Writes}"));
    }

    public static bool TryRead(string key, out long appends, out long fsyncs)
    {
        appends = fsyncs = 0;
        string path = PathOf(key);
        if (!File.Exists(path))
        {
            return false;
        }

        string[] parts = File.ReadAllText(path).Split(' ');
        appends = long.Parse(parts[0], CultureInfo.InvariantCulture);
        fsyncs = long.Parse(parts[1], CultureInfo.InvariantCulture);
        return true;
    }

    /// <summary>The key of one benchmark case: method name and parameter values.</summary>
    public static string KeyOf(BenchmarkCase benchmarkCase)
    {
        var key = new System.Text.StringBuilder(benchmarkCase.Descriptor.WorkloadMethod.Name);
        foreach (var parameter in benchmarkCase.Parameters.Items)
        {
            key.Append('-').Append(parameter.Value);
        }

        return key.ToString();
    }

    public static string KeyOf(string method, params object[] parameters) =>
        method + string.Concat(parameters.Select(p => "-" + p));

    private static string PathOf(string key) => Path.Combine(Directory, key + ".txt");
}
