// The result of planning a SELECT: the root operator, the result columns'
// metadata, and whether the plan reads enclosing queries (is correlated).
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Planning;

/// <summary>A planned SELECT.</summary>
internal sealed record SelectPlan(PlanNode Root, IReadOnlyList<OutputColumn> Columns, bool Correlated);
