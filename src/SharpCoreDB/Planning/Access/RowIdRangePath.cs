// `rowid > a`, `rowid <= b` or both (EXPLAIN: "SEARCH t USING INTEGER PRIMARY KEY
// (rowid>? AND rowid<?)"): one descent, then the leaves in between. Where the WHERE clause
// bounds the rowid it replaces the full scan outright, since it never reads more.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Planning.Access;

/// <summary>A scan of a rowid range.</summary>
internal sealed class RowIdRangePath : AccessPath
{
    // The descent to the first leaf, in rows' worth of work.
    private const double DescentCost = 2;

    private readonly double _outerRows;

    private RowIdRangePath(AccessRequest request, ScanRange range)
    {
        _outerRows = request.OuterRows;
        Source = new TableScanSource(request.Planning.Query, request.Table, request.Decoder, request.Relation.Name, range, ScanDirection.Forward);
        Rows = request.TableRows * Selectivity.OfRange(range.Low is not null, range.High is not null);
    }

    public override RowSource Source { get; }

    public override double Cost => _outerRows * (Rows + DescentCost);

    public override double Rows { get; }

    /// <summary>The range scan the usable rowid comparisons allow, or null when none bounds the rowid.</summary>
    public static RowIdRangePath? TryCreate(AccessRequest request)
    {
        ScanBound? low = null, high = null;
        var more = new List<(ScanBound Bound, bool IsLow)>();
        foreach (ColumnPredicate p in request.Usable)
        {
            if (p.Column != TableSchema.RowIdOrdinal || p.Kind is PredicateKind.In or PredicateKind.Equal)
            {
                continue;
            }

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

        return low is null && high is null ? null : new RowIdRangePath(request, new ScanRange(low, high) { MoreBounds = [.. more] });
    }
}
