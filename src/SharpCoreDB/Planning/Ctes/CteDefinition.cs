// One common table expression while its statement is planned: its definition, what
// it can see, and the state that planning its references builds up (whether its
// query is being planned right now, the working row of its recursive step, the
// shared rows of a materialized one).
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Planning.Ctes;

/// <summary>A CTE in scope.</summary>
internal sealed class CteDefinition(CommonTableExpression definition, Scope? parent, int references)
{
    public CommonTableExpression Definition => definition;

    public string Name => definition.Name;

    /// <summary>The scope the WITH clause sits in: the CTE's query may be correlated to it.</summary>
    public Scope? Parent => parent;

    /// <summary>How many times the statement names the CTE (more than once makes it shared).</summary>
    public int References => references;

    /// <summary>The CTEs its query sees: its own WITH clause (all of it, as in SQLite) and the enclosing ones.</summary>
    public IReadOnlyList<CteDefinition> Visible { get; set; } = [];

    /// <summary>Set while its query is planned: a reference then is circular, unless it is the recursive step's.</summary>
    public bool BeingPlanned { get; set; }

    /// <summary>Set while its recursive steps are planned: the recursive table's one row.</summary>
    public WorkingRow? Working { get; set; }

    /// <summary>The recursive table's columns, while <see cref="Working"/> is set.</summary>
    public IReadOnlyList<Execution.OutputColumn> WorkingColumns { get; set; } = [];

    /// <summary>The plan of a shared CTE, made at its first reference; every reference reads it.</summary>
    public SelectPlan? Shared { get; set; }

    public bool WantsSharing => definition.Materialization == CteMaterialization.Materialized
        || (definition.Materialization == CteMaterialization.Default && references > 1);
}
