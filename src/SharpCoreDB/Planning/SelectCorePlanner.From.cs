// The FROM side of SelectCorePlanner: turns the items of the FROM clause into relations in
// the scope (tables, and views and subqueries planned as sub-plans; the joins between them
// are SelectCorePlanner.Joins), and plans a VALUES body.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Functions.Json;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Planning.Ctes;

namespace SharpCoreDB.Planning;

internal sealed partial class SelectCorePlanner
{
    // One item of FROM: a table, view, CTE, subquery or table function becomes a relation of the
    // scope, read by the pipeline of `part`; a join adds its sides (SelectCorePlanner.Joins).
    private void AddSource(TableSource source, Scope scope, JoinPart part)
    {
        switch (source)
        {
            case JoinSource join:
                AddJoin(join, scope, part, new FromList(scope.Relations.Count, HasRightOrFullJoin(join)), lastOfList: true);
                return;
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
        }

        part.Relations.Add(scope.Relations[^1]);
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

    // A sub-plan's column names as its relation's, each made unique as SQLite makes them: a name
    // already taken gets ":1", then ":2", and so on (after a ":digits" it had), so that `*` and
    // `s.x` read every column of `(SELECT * FROM a JOIN b ..) AS s`, not the first x twice.
    private static string[] Names(IReadOnlyList<OutputColumn> columns)
    {
        var names = new string[columns.Count];
        var taken = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        for (int i = 0; i < names.Length; i++)
        {
            string name = columns[i].Name;
            for (int count = 1; !taken.Add(name); count++)
            {
                int stem = name.Length;
                while (stem > 1 && char.IsAsciiDigit(name[stem - 1]))
                {
                    stem--;
                }

                name = (stem < name.Length && name[stem - 1] == ':' ? name[..(stem - 1)] : name) + ":" + count;
            }

            names[i] = name;
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
