// Plans a recursive common table expression (one whose query names itself) after
// checking SQLite's rules for its shape:
//
//   initial-select [compound-op initial-select]...
//   UNION [ALL] recursive-select [UNION [ALL] recursive-select]...   (one operator throughout)
//   [ORDER BY ..] [LIMIT .. [OFFSET ..]]
//
// Each recursive select is a plain SELECT naming the CTE exactly once, in its own
// FROM clause, never in a subquery, and does not aggregate. The initial selects
// must not name it. Anything else is refused with SQLite's error: "circular
// reference", "multiple references to recursive table", "recursive reference in a
// subquery", "recursive aggregate queries not supported". The ORDER BY orders the
// work queue and LIMIT/OFFSET count the rows taken from it (RecursiveCteNode).
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Planning.Ctes;

/// <summary>Plans recursive CTEs.</summary>
internal sealed class RecursiveCtePlanner(PlanningContext planning)
{
    public SelectPlan Plan(CteDefinition cte)
    {
        string name = cte.Name;
        SelectStatement query = cte.Definition.Query;
        var bodies = new List<SelectBody> { query.First };
        foreach (CompoundPart part in query.Compounds)
        {
            bodies.Add(part.Body);
        }

        int firstStep = bodies.FindIndex(body => TableReferences.Of(body).Count(name) > 0);
        CheckShape(name, query, bodies, firstStep);

        var initialParts = new CompoundPart[firstStep - 1];
        for (int i = 0; i < initialParts.Length; i++)
        {
            initialParts[i] = query.Compounds[i];
        }

        var initialQuery = new SelectStatement(query.First, SqlList.Create<CompoundPart>(initialParts), SqlList<OrderingTerm>.Empty, null, query.Position);
        SelectPlan initial = planning.Selects.Plan(initialQuery, cte.Parent);
        IReadOnlyList<OutputColumn> columns = CtePlanner.Rename(cte.Definition, initial.Columns);
        int width = columns.Count;
        var working = new WorkingRow(width);
        var steps = new PlanNode[bodies.Count - firstStep];
        bool correlated = initial.Correlated;
        cte.Working = working;
        cte.WorkingColumns = columns;
        try
        {
            for (int i = 0; i < steps.Length; i++)
            {
                var stepQuery = new SelectStatement(bodies[firstStep + i], SqlList<CompoundPart>.Empty, SqlList<OrderingTerm>.Empty, null, query.Position);
                SelectPlan step = planning.Selects.Plan(stepQuery, cte.Parent);
                if (step.Columns.Count != width)
                {
                    throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError,
                        $"SELECTs to the left and right of {OperatorText(query.Compounds[firstStep - 1].Operator)} do not have the same number of result columns");
                }

                steps[i] = step.Root;
                correlated |= step.Correlated;
            }
        }
        finally
        {
            cte.Working = null;
        }

        SortKey[] order = SelectPlanner.CompoundOrder(planning, query.OrderBy, initial.Columns, bodies);
        Evaluator? limit = null;
        Evaluator? offset = null;
        if (query.Limit is not null)
        {
            limit = planning.Expressions.Compile(query.Limit.Limit, cte.Parent);
            offset = query.Limit.Offset is null ? null : planning.Expressions.Compile(query.Limit.Offset, cte.Parent);
        }

        bool distinct = query.Compounds[firstStep - 1].Operator == CompoundOperator.Union;
        var node = new RecursiveCteNode(planning.Query, name, initial.Root, steps, working, distinct, order, limit, offset);
        return new SelectPlan(node, columns, correlated);
    }

    private void CheckShape(string name, SelectStatement query, List<SelectBody> bodies, int firstStep)
    {
        if (firstStep < 1)
        {
            throw CtePlanner.Circular(name);
        }

        CompoundOperator op = query.Compounds[firstStep - 1].Operator;
        if (op is not (CompoundOperator.Union or CompoundOperator.UnionAll))
        {
            throw CtePlanner.Circular(name);
        }

        for (int i = firstStep; i < bodies.Count; i++)
        {
            TableReferences references = TableReferences.Of(bodies[i]);
            if (query.Compounds[i - 1].Operator != op || references.Count(name) == 0)
            {
                throw CtePlanner.Circular(name);
            }

            if (bodies[i] is not SelectCore core)
            {
                throw CtePlanner.Circular(name);
            }

            int direct = references.Count(name, maxDepth: 0);
            if (direct > 1)
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"multiple references to recursive table: {name}");
            }

            if (direct < references.Count(name))
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"recursive reference in a subquery: {name}");
            }

            if (IsAggregate(core))
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, "recursive aggregate queries not supported");
            }
        }
    }

    private bool IsAggregate(SelectCore core)
    {
        bool aggregate = core.GroupBy.Count > 0 || core.Having is not null;
        foreach (ResultColumn column in core.Columns)
        {
            aggregate |= column is ExpressionColumn e && planning.Expressions.ContainsAggregate(e.Expression);
        }

        return aggregate;
    }

    private static string OperatorText(CompoundOperator op) => op == CompoundOperator.UnionAll ? "UNION ALL" : "UNION";
}
