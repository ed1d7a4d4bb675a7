// The DISTINCT form of an aggregate (COUNT(DISTINCT x), SUM(DISTINCT x), ...):
// passes each first-seen value of the first argument on to the wrapped aggregate.
// Values are told apart by DbValue equality, so 1, 1.0 and TRUE count once, texts
// by the argument's collation ('a' and 'A' count once under NOCASE; under an
// application collation the set is ordered by it, CollatedKeys).

namespace SharpCoreDB.Execution.Functions.Aggregates;

/// <summary>Filters repeated first-argument values out before an inner aggregate.</summary>
internal sealed class DistinctAggregate(IAggregate inner, TextCollation collation) : IAggregate
{
    private readonly ISet<DbValue> _seen = CollatedKeys.NewValueSet(CollatedKeys.For(collation));

    public void Step(ReadOnlySpan<DbValue> args)
    {
        if (args.Length > 0 && !args[0].IsNull && !_seen.Add(collation.Key(args[0])))
        {
            return;
        }

        inner.Step(args);
    }

    public DbValue Finish() => inner.Finish();

    public void Reset()
    {
        _seen.Clear();
        inner.Reset();
    }
}
