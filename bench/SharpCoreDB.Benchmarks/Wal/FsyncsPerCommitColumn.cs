// A summary column: fsyncs divided by appends over the whole run of a benchmark case
// (warm-up included), read from the counters the case saved at global cleanup. 1.0 for
// the fsync-per-record baseline; the lower, the more commits each fsync carried.
using System.Globalization;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace SharpCoreDB.Benchmarks.Wal;

internal sealed class FsyncsPerCommitColumn : IColumn
{
    public string Id => nameof(FsyncsPerCommitColumn);

    public string ColumnName => "Fsyncs/commit";

    public bool AlwaysShow => true;

    public ColumnCategory Category => ColumnCategory.Custom;

    public int PriorityInCategory => 0;

    public bool IsNumeric => true;

    public UnitType UnitType => UnitType.Dimensionless;

    public string Legend => "fsync calls per append over the whole run (from WalStatistics)";

    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    public bool IsAvailable(Summary summary) => true;

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) =>
        WalStatsFile.TryRead(WalStatsFile.KeyOf(benchmarkCase), out long appends, out long fsyncs) && appends > 0
            ? ((double)fsyncs / appends).ToString("0.0000", CultureInfo.InvariantCulture)
            : "-";

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style) => GetValue(summary, benchmarkCase);
}
