// A compiled expression: built once per plan, bound to frame slots, evaluated per
// row without allocating for numbers. Affinity is the expression's static
// affinity, used by comparisons (a column's declared affinity, a CAST's target,
// None for other expressions, as in SQLite); Collation likewise (docs/sql-semantics.md,
// "Collations").

namespace SharpCoreDB.Execution.Evaluators;

/// <summary>A compiled, reusable expression.</summary>
internal abstract class Evaluator
{
    public SqlTypeAffinity Affinity { get; init; }

    /// <summary>The collation this expression brings to a comparison: its column's, or a COLLATE's; null for none.</summary>
    public TextCollation? Collation { get; init; }

    /// <summary>True when <see cref="Collation"/> comes from a COLLATE operator, which outranks a column's.</summary>
    public bool HasExplicitCollation { get; init; }

    /// <summary>
    /// The collation a comparison of <paramref name="left"/> with <paramref name="right"/> uses, by SQLite's rules:
    /// an explicit COLLATE (the left one first), else a column's (the left one first), else BINARY. A column's
    /// application collation its connection has not registered is SQLite's error here, as the comparison is compiled.
    /// </summary>
    public static TextCollation ComparisonCollation(Evaluator left, Evaluator right)
    {
        if (left.HasExplicitCollation)
        {
            return left.Collation!;
        }

        if (right.HasExplicitCollation)
        {
            return right.Collation!;
        }

        return (left.Collation ?? right.Collation ?? TextCollation.Binary).Usable();
    }

    /// <summary>The value for the current contents of the frames it reads.</summary>
    public abstract DbValue Evaluate();

    /// <summary>True when the value cannot change during one execution (literals, parameters).</summary>
    public virtual bool IsConstant => false;
}
