// A compiled expression: built once per plan, bound to frame slots, evaluated per
// row without allocating for numbers. Affinity is the expression's static
// affinity, used by comparisons (a column's declared affinity, a CAST's target,
// None for other expressions, as in SQLite).

namespace SharpCoreDB.Execution.Evaluators;

/// <summary>A compiled, reusable expression.</summary>
internal abstract class Evaluator
{
    public SqlTypeAffinity Affinity { get; init; }

    /// <summary>The value for the current contents of the frames it reads.</summary>
    public abstract DbValue Evaluate();

    /// <summary>True when the value cannot change during one execution (literals, parameters).</summary>
    public virtual bool IsConstant => false;
}
