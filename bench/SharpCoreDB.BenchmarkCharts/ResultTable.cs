// Arranges benchmark cases for a grouped bar chart: groups are the values of one parameter
// (records, threads) in numeric order, series are the contenders in the order they appear
// in the export (the suites list SQLite first), cells are mean times in milliseconds.
using System.Globalization;

namespace SharpCoreDB.BenchmarkCharts;

public sealed record ResultTable(IReadOnlyList<string> Groups, IReadOnlyList<string> Series, double[,] Milliseconds)
{
    /// <summary>The cases of one method (or all when null), grouped by <paramref name="groupParameter"/>.</summary>
    public static ResultTable Build(IReadOnlyList<BenchmarkResult> results, string? method, string groupParameter)
    {
        var selected = results.Where(r => method is null || r.Method == method).ToList();
        var groups = selected.Select(r => r.Parameter(groupParameter)).Distinct()
            .OrderBy(g => double.TryParse(g, NumberStyles.Float, CultureInfo.InvariantCulture, out double n) ? n : double.MaxValue)
            .ToList();
        var series = selected.Select(r => r.Parameter("Contender")).Distinct().ToList();
        var cells = new double[groups.Count, series.Count];
        for (int g = 0; g < groups.Count; g++)
        {
            for (int s = 0; s < series.Count; s++)
            {
                cells[g, s] = double.NaN;
            }
        }

        foreach (BenchmarkResult result in selected)
        {
            cells[groups.IndexOf(result.Parameter(groupParameter)), series.IndexOf(result.Parameter("Contender"))] = result.MeanNanoseconds / 1e6;
        }

        return new ResultTable(groups.Select(g => $"{groupParameter} = {g}").ToList(), series, cells);
    }
}
