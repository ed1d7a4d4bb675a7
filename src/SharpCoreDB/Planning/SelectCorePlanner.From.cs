// The FROM side of SelectCorePlanner: turns the FROM clause into relations in the scope
// (tables, and views and subqueries planned as sub-plans, with their join conditions
// routed to WHERE or to the LEFT JOIN's ON list), and plans a VALUES body.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Functions.Json;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Planning.Ctes;

namespace SharpCoreDB.Planning;

internal sealed partial class SelectCorePlanner
{
    private void AddSource(TableSource source, Scope scope, List<Expression> where, Dictionary<Relation, List<Expression>> on)
    {
        switch (source)
        {
            case TableReference reference:
                AddTable(reference, scope);
                break;
            case SubquerySource subquery:
                {
                    SelectPlan plan = planning.Selects.Plan(subquery.Query, scope.Parent);
                    string alias = subquery.Alias ?? "subquery_" + scope.Relations.Count;
                    AddRelation(scope, alias, plan, Names(plan.Columns), "SUBQUERY " + alias);
                    break;
                }

            case TableFunctionSource function:
                AddTableFunction(function, scope);
                break;
            case JoinSource join:
                AddJoin(join, scope, where, on);
                break;
        }
    }

    // json_each(X [, P]) or json_tree(X [, P]): its arguments may read the relations left of it, which it then must follow.
    private void AddTableFunction(TableFunctionSource function, Scope scope)
    {
        if (!JsonTableRows.IsTableFunction(function.Name))
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"no such table: {function.Name}");
        }

        if (function.Arguments.Count > 2)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"too many arguments on {function.Name.ToLowerInvariant()}() - max 2");
        }

        scope.ReferenceMask = 0;
        scope.SawSubquery = false;
        // Without arguments there is no document: no rows, as in SQLite.
        Evaluator[] arguments = function.Arguments.Count == 0 ? [new Execution.Evaluators.ConstantEvaluator(DbValue.Null)]
            : [.. function.Arguments.Select(a => planning.Expressions.Compile(a, scope))];
        ulong reads = scope.SawSubquery ? ulong.MaxValue >> (64 - Math.Max(1, scope.Relations.Count)) : scope.ReferenceMask;
        string alias = function.Alias ?? function.Name;
        int width = JsonTableRows.ColumnNames.Length;
        var relation = new Relation
        {
            Name = alias,
            Index = scope.Relations.Count,
            ColumnNames = JsonTableRows.ColumnNames,
            HiddenColumns = JsonTableRows.HiddenColumns,
            Affinities = new SqlTypeAffinity[width],
            Collations = new TextCollation?[width],
            Used = new bool[width],
            MustFollow = scope.Relations.Count == 0 ? 0 : reads,
        };
        AddRelation(scope, relation);
        bool tree = function.Name.Equals("json_tree", StringComparison.OrdinalIgnoreCase);
        relation.TableFunction = new JsonTableSource(tree, arguments[0], arguments.Length > 1 ? arguments[1] : null, scope.Frame, relation.FirstSlot, alias);
    }

    // A join's right side joins the relations already in the scope: its ON condition and its
    // USING columns (NATURAL: every column name both sides have) become conditions, placed in
    // WHERE for inner and cross joins and on the null-extended side for outer joins.
    private void AddJoin(JoinSource join, Scope scope, List<Expression> where, Dictionary<Relation, List<Expression>> on)
    {
        AddSource(join.Left, scope, where, on);
        int before = scope.Relations.Count;
        ulong leftMask = 0;
        for (int i = 0; i < before; i++)
        {
            leftMask |= JoinPlanner.Bit(scope.Relations[i]);
        }

        AddSource(join.Right, scope, where, on);
        Relation right = scope.Relations[^1];
        string kind = join.Kind == JoinKind.Full ? "FULL JOIN" : "RIGHT JOIN";
        if (join.Kind is JoinKind.Right or JoinKind.Full && (join.Natural || join.Using.Count > 0))
        {
            // SQLite shows a USING column of a RIGHT or FULL JOIN with the right table's value
            // where the left side is NULL; until that is built, refuse it.
            throw Unsupported(kind + " with USING or NATURAL");
        }

        if (join.Kind is JoinKind.Right or JoinKind.Full && (before != 1 || scope.Relations.Count != 2))
        {
            throw Unsupported(kind + " of more than two tables");
        }

        if (join.Kind == JoinKind.Full && right.Table is null)
        {
            throw Unsupported("FULL JOIN with a subquery, view or CTE on its right");
        }

        var conditions = new List<Expression>();
        if (join.On is not null)
        {
            conditions.Add(join.On);
        }

        IEnumerable<string> usingColumns = join.Natural ? CommonColumns(scope, before, right) : join.Using;
        foreach (string column in usingColumns)
        {
            Relation? left = null;
            for (int i = 0; i < before && left is null; i++)
            {
                if (scope.Relations[i].FindColumn(column) >= 0)
                {
                    left = scope.Relations[i];
                }
            }

            if (left is null || right.FindColumn(column) < 0)
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"cannot join using column {column} - column not present in both tables");
            }

            // The condition names both sides; with one name for both it would compare a table with itself.
            if (string.Equals(left.Name, right.Name, StringComparison.OrdinalIgnoreCase))
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError,
                    $"ambiguous table name in USING or NATURAL join: {right.Name} (give one of them an alias)");
            }

            right.HiddenByUsing.Add(column);
            conditions.Add(new BinaryExpression(BinaryOperator.Equal, new ColumnReference(left.Name, column), new ColumnReference(right.Name, column)));
        }

        switch (join.Kind)
        {
            case JoinKind.Full:
                // `a FULL JOIN b ON c` runs as `a LEFT JOIN b ON c`, then b's unmatched rows (FullJoinTail).
                right.IsLeftJoined = true;
                right.IsFullJoined = true;
                right.MustFollow = leftMask;
                on[right] = conditions;
                break;
            case JoinKind.Left:
                right.IsLeftJoined = true;
                right.MustFollow = leftMask;
                on[right] = conditions;
                break;
            case JoinKind.Right:
                // `a RIGHT JOIN b ON c` is `b LEFT JOIN a ON c` with a's columns first: a is the
                // null-extended side and is read after b.
                Relation nullExtended = scope.Relations[0];
                nullExtended.IsLeftJoined = true;
                nullExtended.MustFollow = JoinPlanner.Bit(right);
                on[nullExtended] = conditions;
                break;
            default:
                where.AddRange(conditions);
                break;
        }
    }

    // NATURAL: the right side's column names that some relation on the left also has, in the right side's order.
    private static List<string> CommonColumns(Scope scope, int leftCount, Relation right)
    {
        var common = new List<string>();
        foreach (string name in right.ColumnNames)
        {
            for (int i = 0; i < leftCount; i++)
            {
                if (scope.Relations[i].FindColumn(name) >= 0)
                {
                    common.Add(name);
                    break;
                }
            }
        }

        return common;
    }

    private static SharpCoreDBException Unsupported(string construct) =>
        new(SharpCoreDBErrorCode.SemanticError, construct + " is not supported");

    private void AddTable(TableReference reference, Scope scope)
    {
        string name = reference.Name.Name;
        string alias = reference.Alias ?? name;
        string? hintedIndex = reference.IndexHint?.IndexName;
        CteDefinition? cte = reference.Name.Schema is null ? planning.Ctes.Find(name) : null;
        TableSchema? table = cte is null ? planning.Catalog.FindTable(name) : null;
        if (table is null && hintedIndex is not null)
        {
            // INDEXED BY on a view or CTE: there is no index of that name to read it through (SQLite's error).
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"no such index: {hintedIndex}");
        }

        if (cte is not null)
        {
            AddCte(cte, alias, scope);
            return;
        }

        if (table is not null)
        {
            IndexSchema? forced = hintedIndex is null ? null
                : table.Indexes.FirstOrDefault(i => string.Equals(i.Name, hintedIndex, StringComparison.OrdinalIgnoreCase))
                    ?? throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"no such index: {hintedIndex}");
            AddRelation(scope, new Relation
            {
                Name = alias,
                Index = scope.Relations.Count,
                Table = table,
                ForcedIndex = forced,
                NotIndexed = reference.IndexHint is { IndexName: null },
                ColumnNames = [.. table.Columns.Select(c => c.Name)],
                Affinities = [.. table.Columns.Select(c => c.Affinity)],
                Collations = [.. table.Columns.Select(c => c.Collating)],
                Used = new bool[table.Columns.Count],
            });
            return;
        }

        ViewSchema? view = planning.Catalog.FindView(name);
        if (view is null && SchemaTable.Is(name))
        {
            using CommonTables.Restore none = planning.Ctes.Swap([]);
            AddRelation(scope, alias, planning.Selects.Plan(SchemaTable.Query(planning.Catalog), null), SchemaTable.ColumnNames, "SCAN " + alias);
            return;
        }

        if (view is null)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"no such table: {name}");
        }

        if (!planning.ExpandingViews.Add(view.Name))
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"view {view.Name} is circularly defined");
        }

        try
        {
            // A view's query sees the database, never the CTEs of the statement that reads it.
            using CommonTables.Restore restore = planning.Ctes.Swap([]);
            SelectPlan plan = planning.Selects.Plan(view.Query, null);
            string[] columnNames = view.ColumnNames.Count == plan.Columns.Count ? [.. view.ColumnNames] : Names(plan.Columns);
            AddRelation(scope, alias, plan, columnNames, "VIEW " + alias);
        }
        finally
        {
            planning.ExpandingViews.Remove(view.Name);
        }
    }

    // A CTE reference: the recursive table inside its own recursive step, else the CTE's plan.
    private void AddCte(CteDefinition cte, string alias, Scope scope)
    {
        if (cte.Working is { } working)
        {
            IReadOnlyList<OutputColumn> columns = cte.WorkingColumns;
            AddRelation(scope, new Relation
            {
                Name = alias,
                Index = scope.Relations.Count,
                WorkingRow = working,
                ColumnNames = Names(columns),
                Affinities = Affinities(columns),
                Collations = [.. columns.Select(c => c.Column?.Collating)],
                Used = new bool[columns.Count],
            });
            return;
        }

        SelectPlan plan = new CtePlanner(planning).Plan(cte);
        AddRelation(scope, alias, plan, Names(plan.Columns), "CTE " + alias);
    }

    // A relation read through a sub-plan (subquery, view, CTE), its columns named as given.
    private static void AddRelation(Scope scope, string alias, SelectPlan plan, string[] names, string label)
    {
        // The sub-plan is planned beside this scope (its outer scope is this one's), so a
        // reference it makes to an enclosing query is one this scope makes too.
        if (plan.Correlated)
        {
            scope.Correlated = true;
        }

        AddRelation(scope, new Relation
        {
            Name = alias,
            Index = scope.Relations.Count,
            Subplan = plan.Root,
            SubplanCorrelated = plan.Correlated,
            Label = label,
            ColumnNames = names,
            Affinities = Affinities(plan.Columns),
            Collations = [.. plan.Columns.Select(c => c.Column?.Collating)],
            Used = new bool[names.Length],
        });
    }

    private static void AddRelation(Scope scope, Relation relation)
    {
        relation.FirstSlot = scope.Frame.Reserve(relation.ColumnNames.Length);
        relation.RowIdSlot = scope.Frame.Reserve(1);
        scope.Relations.Add(relation);
    }

    private static string[] Names(IReadOnlyList<OutputColumn> columns)
    {
        var names = new string[columns.Count];
        for (int i = 0; i < names.Length; i++)
        {
            names[i] = columns[i].Name;
        }

        return names;
    }

    private static SqlTypeAffinity[] Affinities(IReadOnlyList<OutputColumn> columns)
    {
        var result = new SqlTypeAffinity[columns.Count];
        for (int i = 0; i < result.Length; i++)
        {
            result[i] = columns[i].Affinity;
        }

        return result;
    }

    private CorePlan PlanValues(ValuesBody values, Scope? parent, SqlList<OrderingTerm> orderBy)
    {
        var rows = new Evaluator[values.Rows.Count][];
        int width = values.Rows.Count > 0 ? values.Rows[0].Count : 0;
        for (int r = 0; r < rows.Length; r++)
        {
            if (values.Rows[r].Count != width)
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, "all VALUES must have the same number of terms");
            }

            rows[r] = new Evaluator[width];
            for (int c = 0; c < width; c++)
            {
                rows[r][c] = planning.Expressions.Compile(values.Rows[r][c], parent);
            }
        }

        var columns = new List<OutputColumn>();
        for (int c = 0; c < width; c++)
        {
            columns.Add(new OutputColumn("column" + (c + 1), SqlTypeAffinity.None, null, null, null));
        }

        var keys = new SortKey[orderBy.Count];
        for (int i = 0; i < keys.Length; i++)
        {
            if (orderBy[i].Expression is not IntegerLiteral position || position.Value < 1 || position.Value > width)
            {
                throw SelectPlanner.OutOfRange(i, width);
            }

            keys[i] = SelectPlanner.Key((int)position.Value - 1, orderBy[i]);
        }

        return new CorePlan(new ValuesNode(rows), columns, keys, Correlated: false);
    }
}
