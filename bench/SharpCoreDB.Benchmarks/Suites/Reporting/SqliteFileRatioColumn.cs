// A summary column: a case's mean time divided by the mean of the same benchmark with the
// same parameters run by SQLite on a file (WAL, synchronous=FULL). BenchmarkDotNet's own
// Ratio column only knows a baseline method or job, not a baseline parameter value.
using System.Globalization;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using SharpCoreDB.Benchmarks.Suites.Contenders;

namespace SharpCoreDB.Benchmarks.Suites.Reporting;

internal sealed class SqliteFileRatioColumn : IColumn
{
    public const string ContenderParameter = "Contender";

    public string Id => nameof(SqliteFileRatioColumn);

    public string ColumnName => "vs SQLite";

    public bool AlwaysShow => true;

    public ColumnCategory Category => ColumnCategory.Custom;

    public int PriorityInCategory => 0;

    public bool IsNumeric => true;

    public UnitType UnitType => UnitType.Dimensionless;

    public string Legend => $"mean time / mean time of {ContenderNames.SqliteFull} with the same method and parameters";

    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    public bool IsAvailable(Summary summary) => true;

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase)
    {
        double? mean = summary[benchmarkCase]?.ResultStatistics?.Mean;
        BenchmarkCase? baseline = FindBaseline(summary, benchmarkCase);
        double? baselineMean = baseline is null ? null : summary[baseline]?.ResultStatistics?.Mean;
        return mean is double m && baselineMean is double b && b > 0
            ? (m / b).ToString("0.00", CultureInfo.InvariantCulture)
            : "-";
    }

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style) => GetValue(summary, benchmarkCase);

    private static BenchmarkCase? FindBaseline(Summary summary, BenchmarkCase benchmarkCase)
    {
        foreach (BenchmarkCase candidate in summary.BenchmarksCases)
        {
            if (candidate.Descriptor == benchmarkCase.Descriptor
                && candidate.Job == benchmarkCase.Job
                && Equals(candidate.Parameters[ContenderParameter], ContenderNames.SqliteFull)
                && SameOtherParameters(candidate, benchmarkCase))
            {
                return candidate;
            }
        }

        return null;
    }

    private static bool SameOtherParameters(BenchmarkCase a, BenchmarkCase b)
    {
        foreach (var parameter in a.Parameters.Items)
        {
            if (parameter.Name != ContenderParameter && !Equals(parameter.Value, b.Parameters[parameter.Name]))
            {
                return false;
            }
        }

        return true;
    }
}
