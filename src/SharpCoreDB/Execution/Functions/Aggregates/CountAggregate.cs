// COUNT(*) counts rows; COUNT(x) counts rows where x is not NULL.

namespace SharpCoreDB.Execution.Functions.Aggregates;

/// <summary>COUNT(*) and COUNT(x).</summary>
internal sealed class CountAggregate(bool countRows) : IAggregate
{
    private long _count;

    public void Step(ReadOnlySpan<DbValue> args)
    {
        if (countRows || !args[0].IsNull)
        {
            _count++;
        }
    }

    public DbValue Finish() => DbValue.FromInt64(_count);

    public void Reset() => _count = 0;
}
