// An aggregate with ORDER BY in its arguments (`group_concat(x, ',' ORDER BY y)`, SQLite
// 3.44's syntax): each row's arguments are kept with its ORDER BY values, and at the
// end of the group the rows are sorted (stably: ties keep their input order) and fed
// to the aggregate in that order. DISTINCT, when given, applies inside, to the rows in
// sorted order.
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Execution.Functions.Aggregates;

/// <summary>Feeds an aggregate its rows in ORDER BY order.</summary>
/// <param name="inner">The aggregate (DISTINCT-wrapped when so written).</param>
/// <param name="argumentCount">How many leading values of each stepped row are the aggregate's arguments; the ORDER BY values follow.</param>
/// <param name="keys">The ORDER BY, with slots indexing the stepped rows.</param>
internal sealed class OrderedAggregate(IAggregate inner, int argumentCount, SortKey[] keys) : IAggregate
{
    private readonly List<DbValue[]> _rows = [];

    public void Step(ReadOnlySpan<DbValue> args) => _rows.Add(args.ToArray());

    public DbValue Finish()
    {
        // List.Sort is not stable: the arrival index breaks ties.
        var order = new int[_rows.Count];
        for (int i = 0; i < order.Length; i++)
        {
            order[i] = i;
        }

        Array.Sort(order, (a, b) =>
        {
            int c = SortKey.Compare(keys, _rows[a], _rows[b]);
            return c != 0 ? c : a.CompareTo(b);
        });
        inner.Reset();
        foreach (int i in order)
        {
            inner.Step(_rows[i].AsSpan(0, argumentCount));
        }

        return inner.Finish();
    }

    public void Reset()
    {
        _rows.Clear();
        inner.Reset();
    }
}
