// The compiled form of a statement: its plan (SELECT or DML), EXPLAIN lines, the
// run-time context the plan is bound to, and the metadata the provider reads
// before executing (result columns, parameters).
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;
using SharpCoreDB.Planning;

namespace SharpCoreDB.Engine;

/// <summary>A statement compiled against one catalog.</summary>
internal sealed class CompiledStatement
{
    private DbValue[]? _parameterValues;

    public required SchemaCatalog Catalog { get; init; }

    /// <summary>The session's UserFunctions.Version it was compiled against (a new registration compiles it again).</summary>
    public int FunctionsVersion { get; set; }

    public required QueryContext Context { get; init; }

    public SelectPlan? Select { get; init; }

    public IWritePlan? Dml { get; init; }

    public List<string>? ExplainLines { get; init; }

    public required IReadOnlyList<ColumnDescription> Columns { get; init; }

    public required IReadOnlyList<StatementParameter> Parameters { get; init; }

    /// <summary>Where each execution's parameter values are bound (one slot per parameter, reused).</summary>
    public DbValue[] ParameterValues => _parameterValues ??= Parameters.Count == 0 ? [] : new DbValue[Parameters.Count];

    /// <summary>True while a result streams from this plan (a second execution compiles a fresh copy).</summary>
    public bool InUse { get; set; }
}
