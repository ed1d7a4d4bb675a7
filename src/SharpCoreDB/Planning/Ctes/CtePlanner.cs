// Plans a reference to a common table expression. An ordinary CTE is planned in
// place like a view; a recursive one (its query names it) by RecursiveCtePlanner. A
// CTE that is MATERIALIZED, or named more than once without NOT MATERIALIZED, is
// planned once and shared by every reference (SharedCteNode), so each sees the same
// rows, as in SQLite; one correlated to an enclosing query is planned per reference,
// since its rows change with the outer row. A reference met while the CTE's own query
// is being planned, other than from a recursive step, is circular.
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Planning.Ctes;

/// <summary>Plans CTE references.</summary>
internal sealed class CtePlanner(PlanningContext planning)
{
    /// <summary>The plan a reference to <paramref name="cte"/> reads, its columns named as the CTE names them.</summary>
    public SelectPlan Plan(CteDefinition cte)
    {
        if (cte.Shared is { } shared)
        {
            return shared with { Root = new SharedCteNode(((SharedCteNode)shared.Root).Rows) };
        }

        if (cte.BeingPlanned)
        {
            throw Circular(cte.Name);
        }

        cte.BeingPlanned = true;
        try
        {
            using CommonTables.Restore restore = planning.Ctes.Swap(cte.Visible);
            bool recursive = TableReferences.Of(cte.Definition.Query).Count(cte.Name) > 0;
            SelectPlan plan = recursive
                ? new RecursiveCtePlanner(planning).Plan(cte)
                : planning.Selects.Plan(cte.Definition.Query, cte.Parent);
            plan = plan with { Columns = Rename(cte.Definition, plan.Columns) };
            if (cte.WantsSharing && !plan.Correlated)
            {
                cte.Shared = plan with { Root = new SharedCteNode(new SharedCteRows(planning.Query, plan.Root, cte.Name)) };
                return cte.Shared;
            }

            return plan;
        }
        finally
        {
            cte.BeingPlanned = false;
        }
    }

    public static SharpCoreDBException Circular(string name) =>
        new(SharpCoreDBErrorCode.SemanticError, $"circular reference: {name}");

    /// <summary>The query's columns under the CTE's column names, when it lists them.</summary>
    public static IReadOnlyList<OutputColumn> Rename(CommonTableExpression cte, IReadOnlyList<OutputColumn> columns)
    {
        if (cte.Columns.Count == 0)
        {
            return columns;
        }

        if (cte.Columns.Count != columns.Count)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError,
                $"table {cte.Name} has {columns.Count} values for {cte.Columns.Count} columns");
        }

        var renamed = new OutputColumn[columns.Count];
        for (int i = 0; i < renamed.Length; i++)
        {
            renamed[i] = columns[i] with { Name = cte.Columns[i] };
        }

        return renamed;
    }
}
