// Draws grouped bar charts of mean times on a log scale with ScottPlot 5 (rendered by
// SkiaSharp, headless). A log scale because the contenders differ by up to four orders of
// magnitude (an in-memory insert against a fsync per row); each bar is labelled with its value.
using ScottPlot;

namespace SharpCoreDB.BenchmarkCharts;

public static class LogBarChart
{
    /// <summary>
    /// One group of bars per entry of <paramref name="groups"/>, one bar per series within a
    /// group (same colour per series across groups, named in the legend). Values in milliseconds;
    /// a missing value (NaN) leaves a gap.
    /// </summary>
    public static void Save(string path, string title, IReadOnlyList<string> groups, IReadOnlyList<string> series, double[,] milliseconds)
    {
        var plot = new Plot();
        var bars = new List<Bar>();
        double floor = double.MaxValue;
        double ceiling = double.MinValue;
        foreach (double value in milliseconds)
        {
            if (!double.IsNaN(value) && value > 0)
            {
                floor = Math.Min(floor, value);
                ceiling = Math.Max(ceiling, value);
            }
        }

        int lowDecade = (int)Math.Floor(Math.Log10(floor)) - 1;
        int highDecade = (int)Math.Ceiling(Math.Log10(ceiling));
        for (int g = 0; g < groups.Count; g++)
        {
            for (int s = 0; s < series.Count; s++)
            {
                double value = milliseconds[g, s];
                if (double.IsNaN(value) || value <= 0)
                {
                    continue;
                }

                bars.Add(new Bar
                {
                    Position = (g * (series.Count + 1)) + s,
                    ValueBase = lowDecade,
                    Value = Math.Log10(value),
                    FillColor = Palette(s),
                    Label = Format(value),
                });
            }
        }

        ScottPlot.Plottables.BarPlot plotted = plot.Add.Bars(bars);
        plotted.ValueLabelStyle.FontSize = 9;

        var decades = new List<double>();
        var decadeLabels = new List<string>();
        for (int d = lowDecade; d <= highDecade; d++)
        {
            decades.Add(d);
            decadeLabels.Add(Format(Math.Pow(10, d)));
        }

        plot.Axes.Left.SetTicks([.. decades], [.. decadeLabels]);
        var groupCenters = new double[groups.Count];
        for (int g = 0; g < groups.Count; g++)
        {
            groupCenters[g] = (g * (series.Count + 1)) + ((series.Count - 1) / 2.0);
        }

        plot.Axes.Bottom.SetTicks(groupCenters, [.. groups]);
        plot.Axes.SetLimitsY(lowDecade, highDecade + 0.3);
        plot.Title(title);
        plot.YLabel("mean time per operation (log scale, lower is better)");
        for (int s = 0; s < series.Count; s++)
        {
            plot.Legend.ManualItems.Add(new LegendItem { LabelText = series[s], FillColor = Palette(s) });
        }

        plot.ShowLegend(Edge.Right);
        plot.SavePng(path, Math.Clamp(28 * groups.Count * (series.Count + 1), 900, 1600), 640);
    }

    private static Color Palette(int index) => new ScottPlot.Palettes.Category20().GetColor(index);

    private static string Format(double milliseconds) => milliseconds switch
    {
        >= 1000 => $"{milliseconds / 1000:0.#} s",
        >= 1 => $"{milliseconds:0.#} ms",
        _ => $"{milliseconds * 1000:0.#} µs",
    };
}
