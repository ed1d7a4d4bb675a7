// The result of planning a SELECT: the root operator, the result columns'
// metadata, and whether the plan reads enclosing queries (is correlated).
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Planning;

/// <summary>A planned SELECT.</summary>
internal sealed record SelectPlan(PlanNode Root, IReadOnlyList<OutputColumn> Columns, bool Correlated);

/// <summary>A result column: its name, affinity and, for a plain column reference, where it comes from.</summary>
internal sealed record OutputColumn(string Name, SqlTypeAffinity Affinity, string? DeclaredType, TableSchema? Table, ColumnSchema? Column);
