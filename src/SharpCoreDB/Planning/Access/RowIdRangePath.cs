// `rowid > a`, `rowid <= b` or both (EXPLAIN: "SEARCH t USING INTEGER PRIMARY KEY
// (rowid>? AND rowid<?)"): one descent, then the leaves in between. Where the WHERE clause
// bounds the rowid it replaces the full scan outright, since it never reads more.
// The scan turns each bound into an exact rowid limit (TableScanSource.Bound applies the
// column's INTEGER affinity, and text and blobs sort after every number, as the comparison
// does), so a conjunct that is only such comparisons (`rowid >= a`, `rowid BETWEEN a AND b`)
// needs no filter after it, unless the table is LEFT JOINed (its conditions decide matches).
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Planning.Access;

/// <summary>A scan of a rowid range.</summary>
internal sealed class RowIdRangePath : AccessPath
{
    // The descent to the first leaf, in rows' worth of work.
    private const double DescentCost = 2;

    private readonly double _outerRows;

    private RowIdRangePath(AccessRequest request, ScanRange range, HashSet<ColumnPredicate> bounds)
    {
        _outerRows = request.OuterRows;
        Source = new TableScanSource(request.Planning.Query, request.Table, request.Decoder, request.Relation.Name, range, ScanDirection.Forward);
        Rows = request.TableRows * Selectivity.OfRange(range.Low is not null, range.High is not null);
        Answered = request.Relation.IsLeftJoined ? [] : [.. request.Conjuncts.Where(c => IsBoundsOnly(c, request.Relation, bounds))];
    }

    public override RowSource Source { get; }

    public override IReadOnlyList<Conjunct> Answered { get; }

    public override double Cost => _outerRows * (Rows + DescentCost);

    public override double Rows { get; }

    /// <summary>The range scan the usable rowid comparisons allow, or null when none bounds the rowid.</summary>
    public static RowIdRangePath? TryCreate(AccessRequest request)
    {
        ScanBound? low = null, high = null;
        var more = new List<(ScanBound Bound, bool IsLow)>();
        var bounds = new HashSet<ColumnPredicate>(ReferenceEqualityComparer.Instance);
        foreach (ColumnPredicate p in request.Usable)
        {
            if (p.Column != TableSchema.RowIdOrdinal || p.Kind is PredicateKind.In or PredicateKind.Equal)
            {
                continue;
            }

            bounds.Add(p);
            bool isLow = p.Kind is PredicateKind.Greater or PredicateKind.GreaterOrEqual;
            var bound = new ScanBound(p.Values[0], Inclusive: p.Kind is PredicateKind.GreaterOrEqual or PredicateKind.LessOrEqual);
            if (isLow ? low is not null : high is not null)
            {
                more.Add((bound, isLow));
            }
            else if (isLow)
            {
                low = bound;
            }
            else
            {
                high = bound;
            }
        }

        return low is null && high is null ? null : new RowIdRangePath(request, new ScanRange(low, high) { MoreBounds = [.. more] }, bounds);
    }

    // True if c is a comparison of the rowid with a value, or a BETWEEN of it, whose every predicate on this relation
    // is a bound of the range: `id >= a` (or `a <= id`) gives one, `id BETWEEN a AND b` two.
    private static bool IsBoundsOnly(Conjunct c, Relation relation, HashSet<ColumnPredicate> bounds)
    {
        int expected = c.Ast switch
        {
            BinaryExpression { Operator: BinaryOperator.Less or BinaryOperator.LessOrEqual or BinaryOperator.Greater or BinaryOperator.GreaterOrEqual } => 1,
            BetweenExpression { Negated: false } => 2,
            _ => 0,
        };
        int found = c.Predicates.Count(p => p.Relation == relation && bounds.Contains(p));
        return expected > 0 && found == expected && c.Predicates.All(p => p.Relation == relation ? bounds.Contains(p) : true);
    }
}
