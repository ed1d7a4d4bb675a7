// `rowid = v` or `rowid IN (...)` (EXPLAIN: "SEARCH t USING INTEGER PRIMARY KEY (rowid=?)"):
// one B+tree descent per value. The seek yields exactly the rows the comparison accepts (it
// applies the column's INTEGER affinity to each value, as the comparison does), so a
// conjunct that is nothing but this predicate needs no filter after it, unless the table
// is LEFT JOINed (its conditions decide matches, not rows). Chosen as soon as it is found:
// nothing reads fewer rows, and it needs no size estimate, so a point query on a
// just-opened database reads only the pages it returns.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Planning.Access;

/// <summary>A rowid equality or IN-list lookup.</summary>
internal sealed class RowIdLookupPath : AccessPath
{
    // A lookup touches about a root-to-leaf path per value; two pages stand for it.
    private const double PagesPerLookup = 2;

    private readonly ColumnPredicate _predicate;
    private readonly double _outerRows;

    private RowIdLookupPath(PlanningContext planning, Relation relation, RowDecoder decoder, ColumnPredicate predicate, Conjunct conjunct,
        double outerRows)
    {
        _predicate = predicate;
        _outerRows = outerRows;
        Source = new RowIdSeekSource(planning.Query, relation.Table!, decoder, relation.Name, predicate.Values);
        Answered = !relation.IsLeftJoined && IsSingleComparison(conjunct) ? [conjunct] : [];
    }

    public override RowSource Source { get; }

    public override double Cost => _outerRows * _predicate.Values.Length * PagesPerLookup;

    public override double Rows => _predicate.Values.Length;

    public override IReadOnlyList<Conjunct> Answered { get; }

    /// <summary>The lookup for <paramref name="predicate"/> of <paramref name="conjunct"/>, or null if it is no rowid equality or IN.</summary>
    public static RowIdLookupPath? TryCreate(PlanningContext planning, Relation relation, RowDecoder decoder, ColumnPredicate predicate,
        Conjunct conjunct, double outerRows) =>
        predicate.Column == TableSchema.RowIdOrdinal && predicate.Kind is PredicateKind.Equal or PredicateKind.In
            ? new RowIdLookupPath(planning, relation, decoder, predicate, conjunct, outerRows)
            : null;

    // True if c is `col = v`, `v = col` or `col IN (...)`: then any of its predicates says all it says.
    // (`a = b` between two columns gives a predicate for each side; either one answers it.)
    private static bool IsSingleComparison(Conjunct c) =>
        c.Ast is BinaryExpression { Operator: BinaryOperator.Equal } or InExpression { Negated: false, Subquery: null };
}
