// Writes the tables of docs/benchmarks.md from the JSON exports: one row per case with the
// mean, the ratio to SQLite-WAL-FULL (same method and other parameters) and the managed
// memory allocated per operation, sorted by method, then the other parameters, then contender.
using System.Globalization;
using System.Text;

namespace SharpCoreDB.BenchmarkCharts;

public static class MarkdownTables
{
    public const string Baseline = "SQLite-WAL-FULL";

    public static string Write(IReadOnlyList<BenchmarkResult> results)
    {
        var parameterNames = results.SelectMany(r => r.Parameters.Keys).Where(k => k != "Contender").Distinct().ToList();
        var text = new StringBuilder();
        text.Append("| Method | ");
        foreach (string name in parameterNames)
        {
            text.Append(name).Append(" | ");
        }

        text.AppendLine("Contender | Mean | vs SQLite | Allocated |");
        text.Append("|---|");
        text.Append(string.Concat(Enumerable.Repeat("---:|", parameterNames.Count)));
        text.AppendLine("---|---:|---:|---:|");
        IEnumerable<BenchmarkResult> ordered = results.OrderBy(r => r.Method, StringComparer.Ordinal);
        foreach (string name in parameterNames)
        {
            ordered = ((IOrderedEnumerable<BenchmarkResult>)ordered).ThenBy(r => Numeric(r.Parameter(name)));
        }

        foreach (BenchmarkResult result in ordered)
        {
            BenchmarkResult? baseline = results.FirstOrDefault(b => b.Method == result.Method
                && b.Parameter("Contender") == Baseline
                && parameterNames.All(n => b.Parameter(n) == result.Parameter(n)));
            string ratio = baseline is null ? "-" : (result.MeanNanoseconds / baseline.MeanNanoseconds).ToString("0.00", CultureInfo.InvariantCulture);
            bool isBaseline = result.Parameter("Contender") == Baseline;
            text.Append("| ").Append(result.Method).Append(" | ");
            foreach (string name in parameterNames)
            {
                text.Append(result.Parameter(name)).Append(" | ");
            }

            string contender = isBaseline ? $"**{Baseline}**" : result.Parameter("Contender");
            text.Append(contender).Append(" | ").Append(Time(result.MeanNanoseconds)).Append(" | ").Append(ratio).Append(" | ")
                .Append(Bytes(result.AllocatedBytes)).AppendLine(" |");
        }

        return text.ToString();
    }

    private static double Numeric(string value) =>
        double.TryParse(value, NumberStyles.Float, CultureInfo.InvariantCulture, out double n) ? n : 0;

    private static string Time(double nanoseconds) => nanoseconds switch
    {
        >= 1e9 => (nanoseconds / 1e9).ToString("0.00 's'", CultureInfo.InvariantCulture),
        >= 1e6 => (nanoseconds / 1e6).ToString("0.00 'ms'", CultureInfo.InvariantCulture),
        _ => (nanoseconds / 1e3).ToString("0.0 'µs'", CultureInfo.InvariantCulture),
    };

    private static string Bytes(long bytes) => bytes switch
    {
        >= 1 << 20 => (bytes / 1048576.0).ToString("0.0 'MB'", CultureInfo.InvariantCulture),
        >= 1 << 10 => (bytes / 1024.0).ToString("0.0 'KB'", CultureInfo.InvariantCulture),
        _ => bytes.ToString(CultureInfo.InvariantCulture) + " B",
    };
}
