// AVG(x): the mean of the non-NULL inputs as a real, NULL when there are none.
// It sums exactly like TOTAL (SQLite's rule), so it never overflows.

namespace SharpCoreDB.Execution.Functions.Aggregates;

/// <summary>AVG(x).</summary>
internal sealed class AvgAggregate : IAggregate
{
    private readonly SumAggregate _sum = new(total: true);

    public void Step(ReadOnlySpan<DbValue> args) => _sum.Step(args);

    public DbValue Finish() => _sum.Count == 0 ? DbValue.Null : DbValue.FromDouble(_sum.RealSum() / _sum.Count);

    public void Reset() => _sum.Reset();
}
