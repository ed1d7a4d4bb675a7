// A subquery, view or CTE in FROM (EXPLAIN: "SCAN SUBQUERY s", "SCAN CTE c"): its rows are computed once per
// execution (again per outer row only when it is correlated) and read from memory. Its
// size is unknown before it runs; a fixed guess keeps such relations late in the join
// order behind any selective table access.
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Planning.Access;

/// <summary>Reading the rows of a FROM subquery.</summary>
internal sealed class SubqueryScanPath(PlanningContext planning, Scope scope, Relation relation, double outerRows) : AccessPath
{
    private const double AssumedRows = 100;

    public override RowSource Source { get; } =
        new SubqueryRowSource(planning.Query, relation.Subplan!, scope.Frame, relation.FirstSlot, relation.Label, relation.SubplanCorrelated);

    public override double Cost => outerRows * AssumedRows;

    public override double Rows => AssumedRows;
}
