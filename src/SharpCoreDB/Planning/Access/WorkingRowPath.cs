// The recursive table inside a recursive CTE's step (EXPLAIN: "SCAN RECURSIVE c"):
// always exactly one row, so it costs as much as reading one row per outer row.
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Planning.Access;

/// <summary>Reading the working row of a recursive CTE.</summary>
internal sealed class WorkingRowPath(Scope scope, Relation relation, double outerRows) : AccessPath
{
    public override RowSource Source { get; } = new WorkingRowSource(relation.WorkingRow!, scope.Frame, relation.FirstSlot, relation.Name);

    public override double Cost => outerRows;

    public override double Rows => 1;
}
