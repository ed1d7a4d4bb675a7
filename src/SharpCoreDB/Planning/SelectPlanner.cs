// Plans SELECT statements: compound parts, ORDER BY, LIMIT/OFFSET at the
// statement level; SelectCorePlanner does each core (FROM, WHERE, GROUP BY,
// HAVING, result columns, DISTINCT).
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Planning.Ctes;

namespace SharpCoreDB.Planning;

/// <summary>SELECT statement planner.</summary>
internal sealed class SelectPlanner(PlanningContext planning)
{
    public Func<TableSchema, long> EstimateRows { get; set; } = _ => 1000;

    public SelectPlan Plan(SelectStatement statement, Scope? parent)
    {
        using CommonTables.Restore restore = planning.Ctes.Enter(statement.With, statement, parent);
        var core = new SelectCorePlanner(planning, EstimateRows);
        PlanNode root;
        IReadOnlyList<OutputColumn> columns;
        bool correlated;
        Evaluator? limit = null;
        Evaluator? offset = null;
        if (statement.Limit is not null)
        {
            limit = planning.Expressions.Compile(statement.Limit.Limit, parent);
            offset = statement.Limit.Offset is null ? null : planning.Expressions.Compile(statement.Limit.Offset, parent);
        }

        if (statement.Compounds.Count == 0)
        {
            CorePlan plan = core.Plan(statement.First, parent, statement.OrderBy);
            root = plan.Root;
            columns = plan.Columns;
            correlated = plan.Correlated;
            if (plan.SortKeys.Length > 0)
            {
                root = limit is not null
                    ? new TopNSortNode(planning.Query, root, plan.SortKeys, limit, offset)
                    : new SortNode(planning.Query, root, plan.SortKeys, "ORDER BY");
            }
        }
        else
        {
            CorePlan first = core.Plan(statement.First, parent, SqlList<OrderingTerm>.Empty);
            root = first.Root;
            columns = first.Columns;
            correlated = first.Correlated;
            bool deduplicates = false;
            var chosen = new TextCollation?[columns.Count];
            ChooseCollations(chosen, first, statement.First);
            foreach (CompoundPart part in statement.Compounds)
            {
                CorePlan next = core.Plan(part.Body, parent, SqlList<OrderingTerm>.Empty);
                if (next.Columns.Count != columns.Count)
                {
                    throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError,
                        "SELECTs to the left and right of " + (part.Operator == CompoundOperator.UnionAll ? "UNION ALL" : part.Operator.ToString().ToUpperInvariant()) + " do not have the same number of result columns");
                }

                correlated |= next.Correlated;
                deduplicates |= part.Operator != CompoundOperator.UnionAll;
                ChooseCollations(chosen, next, part.Body);
                root = new CompoundNode(part.Operator, root, next.Root, [.. chosen.Select(c => c ?? TextCollation.Binary)]);
            }

            TextCollation[] collations = [.. chosen.Select(c => c ?? TextCollation.Binary)];

            var bodies = new List<SelectBody> { statement.First };
            foreach (CompoundPart part in statement.Compounds)
            {
                bodies.Add(part.Body);
            }

            SortKey[] keys = CompoundOrder(planning, statement.OrderBy, columns, bodies, collations);
            if (keys.Length == 0 && deduplicates)
            {
                keys = new SortKey[columns.Count];
                for (int i = 0; i < keys.Length; i++)
                {
                    keys[i] = new SortKey(i, Descending: false, NullsFirst: true, collations[i].IsBinary ? null : collations[i].Usable());
                }
            }

            if (keys.Length > 0)
            {
                root = new SortNode(planning.Query, root, keys, "ORDER BY (compound)");
            }
        }

        if (limit is not null)
        {
            root = new LimitNode(root, limit, offset);
        }

        return new SelectPlan(root, columns, correlated);
    }

    /// <summary>
    /// The result column an `ORDER BY n` term names (0-based), or -1 when the term is not a
    /// number; a number outside 1..<paramref name="columnCount"/> is an error, as in SQLite.
    /// </summary>
    public static int PositionalSlot(OrderingTerm term, int termIndex, int columnCount)
    {
        if (term.Expression is not IntegerLiteral position)
        {
            return -1;
        }

        int slot = (int)position.Value - 1;
        return slot >= 0 && slot < columnCount ? slot : throw OutOfRange(termIndex, columnCount);
    }

    /// <summary>
    /// The sort keys of a compound query's ORDER BY: each term is a result column's position, its name, or
    /// an expression or alias written as a result column of one of the <paramref name="bodies"/>.
    /// </summary>
    public static SortKey[] CompoundOrder(PlanningContext planning, SqlList<OrderingTerm> orderBy, IReadOnlyList<OutputColumn> columns,
        IReadOnlyList<SelectBody> bodies, IReadOnlyList<TextCollation>? collations = null)
    {
        var keys = new SortKey[orderBy.Count];
        for (int i = 0; i < keys.Length; i++)
        {
            (OrderingTerm term, string? collate) = SkipCollate(orderBy[i]);
            int slot = PositionalSlot(term, i, columns.Count);
            if (slot < 0 && term.Expression is ColumnReference reference)
            {
                for (int c = 0; c < columns.Count && slot < 0; c++)
                {
                    if (string.Equals(columns[c].Name, reference.Column, StringComparison.OrdinalIgnoreCase))
                    {
                        slot = c;
                    }
                }
            }

            for (int b = 0; b < bodies.Count && slot < 0; b++)
            {
                slot = bodies[b] is SelectCore core ? MatchingColumn(core, term.Expression, aliasesToo: b > 0) : -1;
            }

            if (slot < 0)
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError,
                    $"{Ordinal(i)} ORDER BY term does not match any column in the result set");
            }

            keys[i] = Key(slot, term, collate is not null ? planning.Collation(collate) : collations?[slot] ?? planning.Collation(columns[slot].Column?.Collating));
        }

        return keys;
    }

    /// <summary>
    /// <paramref name="term"/> without the COLLATEs around its expression, and the outermost one's name (null when none):
    /// SQLite finds the result column a term names under them, and orders it by that collation.
    /// </summary>
    public static (OrderingTerm Term, string? Collation) SkipCollate(OrderingTerm term)
    {
        if (term.Expression is not CollateExpression outer)
        {
            return (term, null);
        }

        Expression bare = outer.Operand;
        while (bare is CollateExpression inner)
        {
            bare = inner.Operand;
        }

        return (term with { Expression = bare }, outer.Collation);
    }

    // Fills the columns whose compound collation is still open from the next SELECT of the compound: SQLite takes, per
    // column, the first SELECT from the left whose column has a collation (a table column's, BINARY by default, or an
    // explicit COLLATE); a literal or other expression has none and leaves the choice to the SELECTs after it.
    private void ChooseCollations(TextCollation?[] chosen, CorePlan plan, SelectBody body)
    {
        for (int i = 0; i < chosen.Length; i++)
        {
            chosen[i] ??= planning.Collation(plan.Columns[i].Column?.Collating)
                ?? (body is SelectCore core && core.Columns.Count == chosen.Length && core.Columns[i] is ExpressionColumn { Expression: CollateExpression collate }
                    ? planning.Collation(collate.Collation)
                    : null);
        }
    }

    // The result column of core that the term is written as (or, for a body after the
    // first, whose alias it names; the first body's names are the result's own).
    private static int MatchingColumn(SelectCore core, Expression term, bool aliasesToo)
    {
        for (int c = 0; c < core.Columns.Count; c++)
        {
            if (core.Columns[c] is ExpressionColumn ec && (ec.Expression.Equals(term)
                || (aliasesToo && term is ColumnReference { Table: null } named && string.Equals(ec.Alias, named.Column, StringComparison.OrdinalIgnoreCase))))
            {
                return c;
            }
        }

        return -1;
    }

    /// <summary>The sort key of <paramref name="term"/> on <paramref name="slot"/>; SQLite's error when its collation is not registered.</summary>
    public static SortKey Key(int slot, OrderingTerm term, TextCollation? collation = null)
    {
        bool descending = term.Direction == SortDirection.Descending;
        bool nullsFirst = term.Nulls == NullsOrder.First || (term.Nulls == NullsOrder.Default && !descending);
        return new SortKey(slot, descending, nullsFirst, collation is { IsBinary: false } ? collation.Usable() : null);
    }

    public static SharpCoreDBException OutOfRange(int term, int count) =>
        new(SharpCoreDBErrorCode.SemanticError, $"{Ordinal(term)} ORDER BY term out of range - should be between 1 and {count}");

    private static string Ordinal(int i) => (i + 1) switch
    {
        1 => "1st",
        2 => "2nd",
        3 => "3rd",
        int n => n + "th",
    };
}
