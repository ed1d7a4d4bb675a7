// A hash join (EXPLAIN: "HASH JOIN SCAN t"): for an equi-join that no index serves, the
// inner table is scanned once (with its own single-table filters) into a hash table keyed
// by the join columns, and each outer row probes it. Costs one scan plus one probe per
// outer row, so it wins over a scan per outer row as soon as there are several outer rows.
// Not used when a filter on the table reads an enclosing query, since the hash table is
// built once per execution. The build side's filters are the conditions that decide its
// matches: WHERE for an inner join, but only the ON conditions for a LEFT JOINed table,
// whose WHERE runs after a row has matched or been NULL-extended (`b LEFT JOIN a ON ...
// WHERE a.y IS NULL` must not drop a's rows before they match).
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Planning.Access;

/// <summary>A hash join against the relations already bound.</summary>
internal sealed class HashJoinPath : AccessPath
{
    // A hash join keeps about a tenth of what the scan it replaces would have yielded.
    private const double JoinSelectivity = 1.0 / 10;

    private HashJoinPath(RowSource source, double cost, double rows)
    {
        Source = source;
        Cost = cost;
        Rows = rows;
    }

    public override RowSource Source { get; }

    public override double Cost { get; }

    public override double Rows { get; }

    /// <summary>
    /// A hash join that beats <paramref name="best"/>, or null: only in place of a table scan,
    /// with relations already bound and more than one outer row, and only for equality
    /// predicates whose value reads a bound relation.
    /// </summary>
    public static HashJoinPath? TryBeat(AccessRequest request, ulong bound, AccessPath best, List<Conjunct> matchConditions)
    {
        if (bound == 0 || best.Source is not TableScanSource || request.OuterRows <= 1)
        {
            return null;
        }

        double cost = request.TableRows + request.OuterRows;
        if (cost >= best.Cost)
        {
            return null;
        }

        var inner = new List<Evaluator>();
        var outer = new List<Evaluator>();
        foreach (ColumnPredicate p in request.Usable)
        {
            // The hash table keys by binary equality, so only BINARY comparisons can be its keys; and by columns (a
            // predicate on an indexed expression is there for its index).
            if (p.Kind == PredicateKind.Equal && p.ValueMask != 0 && p.Collation.IsBinary && p.Column != IndexSchema.ExpressionColumn)
            {
                inner.Add(p.ColumnEvaluator);
                outer.Add(p.Values[0]);
            }
        }

        if (inner.Count == 0)
        {
            return null;
        }

        Relation r = request.Relation;
        var buildFilters = new List<Evaluator>();
        foreach (Conjunct c in matchConditions)
        {
            if (c.Mask == JoinPlanner.Bit(r))
            {
                if (c.ReadsOuter)
                {
                    return null;
                }

                buildFilters.Add(c.Evaluator);
            }
        }

        int slots = r.ColumnNames.Length + 1;
        var source = new HashJoinSource(request.Planning.Query, request.FullScan(), [.. buildFilters], new HashJoinKeys([.. outer], [.. inner]),
            request.Scope.Frame, r.FirstSlot, slots);
        return new HashJoinPath(source, cost, Math.Max(1, best.Rows * JoinSelectivity));
    }
}
