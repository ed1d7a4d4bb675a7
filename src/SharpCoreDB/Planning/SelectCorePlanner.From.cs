// The FROM side of SelectCorePlanner: turns the FROM clause into relations in the scope
// (tables, and views and subqueries planned as sub-plans, with their join conditions
// routed to WHERE or to the LEFT JOIN's ON list), and plans a VALUES body.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Sql.Ast;

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
                    AddRelation(scope, subquery.Alias ?? "subquery_" + scope.Relations.Count, null, plan, Names(plan.Columns), Affinities(plan.Columns));
                    break;
                }

            case JoinSource join:
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
                    var conditions = new List<Expression>();
                    if (join.On is not null)
                    {
                        conditions.Add(join.On);
                    }

                    foreach (string column in join.Using)
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

                        right.HiddenByUsing.Add(column);
                        conditions.Add(new BinaryExpression(BinaryOperator.Equal, new ColumnReference(left.Name, column), new ColumnReference(right.Name, column)));
                    }

                    if (join.Kind == JoinKind.Left)
                    {
                        right.IsLeftJoined = true;
                        right.MustFollow = leftMask;
                        on[right] = conditions;
                    }
                    else
                    {
                        where.AddRange(conditions);
                    }

                    break;
                }
        }
    }

    private void AddTable(TableReference reference, Scope scope)
    {
        string name = reference.Name.Name;
        string alias = reference.Alias ?? name;
        TableSchema? table = planning.Catalog.FindTable(name);
        if (table is not null)
        {
            var names = new string[table.Columns.Count];
            var affinities = new SqlTypeAffinity[table.Columns.Count];
            for (int i = 0; i < names.Length; i++)
            {
                names[i] = table.Columns[i].Name;
                affinities[i] = table.Columns[i].Affinity;
            }

            AddRelation(scope, alias, table, null, names, affinities);
            return;
        }

        ViewSchema? view = planning.Catalog.FindView(name);
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
            SelectPlan plan = planning.Selects.Plan(view.Query, null);
            string[] columnNames = view.ColumnNames.Count == plan.Columns.Count ? [.. view.ColumnNames] : Names(plan.Columns);
            AddRelation(scope, alias, null, plan, columnNames, Affinities(plan.Columns));
        }
        finally
        {
            planning.ExpandingViews.Remove(view.Name);
        }
    }

    private static void AddRelation(Scope scope, string alias, TableSchema? table, SelectPlan? plan, string[] names, SqlTypeAffinity[] affinities)
    {
        var relation = new Relation
        {
            Name = alias,
            Index = scope.Relations.Count,
            Table = table,
            Subplan = plan?.Root,
            SubplanCorrelated = plan?.Correlated ?? false,
            ColumnNames = names,
            Affinities = affinities,
            Used = new bool[names.Length],
        };
        relation.FirstSlot = scope.Frame.Reserve(names.Length);
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
