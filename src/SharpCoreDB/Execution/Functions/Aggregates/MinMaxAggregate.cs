// MIN(x) and MAX(x) over a group: the least or greatest non-NULL input in the
// DbValue order (numbers < date-times < text < guids < blobs; texts by the
// argument's collation), NULL when none.

namespace SharpCoreDB.Execution.Functions.Aggregates;

/// <summary>Aggregate MIN (direction -1) and MAX (direction 1).</summary>
internal sealed class MinMaxAggregate(int direction, TextCollation collation) : IAggregate
{
    private DbValue _best;

    public void Step(ReadOnlySpan<DbValue> args)
    {
        DbValue x = args[0];
        if (!x.IsNull && (_best.IsNull || collation.Compare(x, _best) * direction > 0))
        {
            _best = x;
        }
    }

    public DbValue Finish() => _best;

    public void Reset() => _best = DbValue.Null;
}
