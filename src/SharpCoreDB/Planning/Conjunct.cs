// One AND-ed part of a WHERE (or LEFT JOIN ON) condition after compilation: its
// evaluator, the relations it reads, and the column predicates it offers to
// access-path selection (col = x, col < x, col IN (...), col BETWEEN x AND y).
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Evaluators;

namespace SharpCoreDB.Planning;

/// <summary>A compiled conjunct.</summary>
internal sealed class Conjunct(Expression ast, Evaluator evaluator, ulong mask, bool readsOuter)
{
    public Expression Ast => ast;

    public Evaluator Evaluator => evaluator;

    /// <summary>Relations (by index bit) the conjunct reads; all bits when it holds a correlated subquery.</summary>
    public ulong Mask => mask;

    public bool ReadsOuter => readsOuter;

    public List<ColumnPredicate> Predicates { get; } = [];
}

/// <summary>Kinds of column predicates usable for seeks.</summary>
internal enum PredicateKind
{
    Equal,
    Less,
    LessOrEqual,
    Greater,
    GreaterOrEqual,
    In,
}

/// <summary>
/// `relation.column OP values` where the values do not read the relation itself; Collation is the comparison's, and
/// an index serves the predicate only when its column is keyed by the same collation.
/// </summary>
internal sealed record ColumnPredicate(Relation Relation, int Column, PredicateKind Kind, Evaluator[] Values, ulong ValueMask,
    SqlTypeAffinity ValueAffinity, Evaluator ColumnEvaluator, TextCollation Collation)
{
    /// <summary>When <see cref="Column"/> is <see cref="IndexSchema.ExpressionColumn"/>: the expression's <see cref="IndexKeyText"/>.</summary>
    public string? KeyText { get; init; }
}
