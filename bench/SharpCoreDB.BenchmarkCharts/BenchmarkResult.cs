// One benchmark case read from BenchmarkDotNet's full JSON export
// (BenchmarkDotNet.Artifacts/results/<Type>-report-full.json): the method's title, its
// parameters (the export writes them as "Name=Value&Name=Value"), mean time in
// nanoseconds and bytes allocated per operation.
using System.Globalization;
using System.Text.Json;

namespace SharpCoreDB.BenchmarkCharts;

public sealed record BenchmarkResult(string Method, IReadOnlyDictionary<string, string> Parameters, double MeanNanoseconds, long AllocatedBytes)
{
    public string Parameter(string name) => Parameters.TryGetValue(name, out string? value) ? value : "";

    /// <summary>Reads every case of one export; cases without statistics (failed) are skipped.</summary>
    public static List<BenchmarkResult> ReadAll(string path)
    {
        using JsonDocument document = JsonDocument.Parse(File.ReadAllText(path));
        var results = new List<BenchmarkResult>();
        foreach (JsonElement benchmark in document.RootElement.GetProperty("Benchmarks").EnumerateArray())
        {
            if (!benchmark.TryGetProperty("Statistics", out JsonElement statistics) || statistics.ValueKind != JsonValueKind.Object)
            {
                continue;
            }

            string method = benchmark.GetProperty("MethodTitle").GetString()?.Trim('\'') ?? "";
            var parameters = new Dictionary<string, string>(StringComparer.Ordinal);
            string text = benchmark.TryGetProperty("Parameters", out JsonElement p) ? p.GetString() ?? "" : "";
            foreach (string pair in text.Split('&', StringSplitOptions.RemoveEmptyEntries))
            {
                int equals = pair.IndexOf('=', StringComparison.Ordinal);
                if (equals > 0)
                {
                    parameters[pair[..equals]] = pair[(equals + 1)..];
                }
            }

            long allocated = benchmark.TryGetProperty("Memory", out JsonElement memory)
                && memory.TryGetProperty("BytesAllocatedPerOperation", out JsonElement bytes)
                && bytes.ValueKind == JsonValueKind.Number
                ? bytes.GetInt64()
                : 0;
            results.Add(new BenchmarkResult(method, parameters, statistics.GetProperty("Mean").GetDouble(), allocated));
        }

        return results;
    }

    public override string ToString() =>
        $"{Method} {string.Join(',', Parameters.Select(kv => kv.Key + "=" + kv.Value))}: {(MeanNanoseconds / 1e6).ToString("0.###", CultureInfo.InvariantCulture)} ms";
}
