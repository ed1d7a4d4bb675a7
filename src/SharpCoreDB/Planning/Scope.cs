// Name resolution for one SELECT core: its relations and frame, the scope it is
// nested in (for correlated subqueries), the result-column aliases ORDER BY and
// friends may use, and the aggregate calls found while compiling.
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Planning;

/// <summary>A SELECT core's naming context.</summary>
internal sealed class Scope(Scope? parent)
{
    public Scope? Parent => parent;

    public Frame Frame { get; } = new();

    public List<Relation> Relations { get; } = [];

    /// <summary>Set when an expression in this scope (or a subquery of it) reads an enclosing scope.</summary>
    public bool Correlated { get; set; }

    /// <summary>Counts reads of enclosing scopes made by expressions compiled in this scope.</summary>
    public int OuterReferences { get; set; }

    /// <summary>Relations referenced by the expression being compiled (bit per relation index).</summary>
    public ulong ReferenceMask { get; set; }

    /// <summary>Set when the expression being compiled contains a correlated subquery.</summary>
    public bool SawSubquery { get; set; }

    /// <summary>
    /// While an ON condition is compiled: the relations (by index) it may name are those from
    /// <see cref="VisibleFirst"/> up to, not including, <see cref="VisibleEnd"/> (JoinCondition).
    /// </summary>
    public int VisibleFirst { get; set; }

    /// <summary>See <see cref="VisibleFirst"/>; int.MaxValue when every relation may be named.</summary>
    public int VisibleEnd { get; set; } = int.MaxValue;

    /// <summary>Result columns by alias, usable by ORDER BY, GROUP BY, WHERE and HAVING.</summary>
    public List<(string Alias, Expression Expression)> Aliases { get; } = [];

    /// <summary>While compiling post-aggregation expressions: where aggregate results are.</summary>
    public Frame? AggregateFrame { get; set; }

    public List<(FunctionCallExpression Call, AggregateSpec Spec)> Aggregates { get; } = [];

    public bool AggregatesAllowed { get; set; }

    /// <summary>Set while compiling the result columns and ORDER BY, where window functions may appear.</summary>
    public bool WindowsAllowed { get; set; }

    /// <summary>Where window function values are, once the core has any.</summary>
    public Frame? WindowFrame { get; set; }

    /// <summary>The window function calls compiled so far; each reads its slot of <see cref="WindowFrame"/>.</summary>
    public List<(FunctionCallExpression Call, Execution.Windows.WindowFunctionSpec Spec)> WindowCalls { get; } = [];

    /// <summary>The core's WINDOW clause.</summary>
    public SqlList<NamedWindow> NamedWindows { get; set; } = SqlList<NamedWindow>.Empty;
}
