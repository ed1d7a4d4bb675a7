// Plans one SELECT core (or VALUES body): builds the relations of FROM (views
// and subqueries become sub-plans), compiles WHERE into conjuncts, lets
// JoinPlanner pick order and access paths, then adds aggregation, HAVING, the
// projection (with hidden ORDER BY keys) and DISTINCT.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Printing;

namespace SharpCoreDB.Planning;

/// <summary>A planned core: root, result columns, sort keys for its ORDER BY.</summary>
internal sealed record CorePlan(PlanNode Root, IReadOnlyList<OutputColumn> Columns, SortKey[] SortKeys, bool Correlated);

/// <summary>SELECT core planner.</summary>
internal sealed class SelectCorePlanner(PlanningContext planning, Func<TableSchema, long> estimateRows)
{
    public CorePlan Plan(SelectBody body, Scope? parent, SqlList<OrderingTerm> orderBy)
    {
        if (body is ValuesBody values)
        {
            return PlanValues(values, parent, orderBy);
        }

        var core = (SelectCore)body;
        var scope = new Scope(parent);
        var whereAst = new List<Expression>();
        var onAst = new Dictionary<Relation, List<Expression>>();
        if (core.From is not null)
        {
            AddSource(core.From, scope, whereAst, onAst);
        }

        if (core.Where is null && core.GroupBy.Count == 0 && core.Having is null && !core.Distinct && orderBy.Count == 0
            && scope.Relations.Count == 1 && scope.Relations[0].Table is { } counted && core.Columns.Count == 1
            && core.Columns[0] is ExpressionColumn { Expression: FunctionCallExpression { Star: true } call } countColumn
            && string.Equals(call.Name, "COUNT", StringComparison.OrdinalIgnoreCase))
        {
            string countName = countColumn.Alias ?? SqlText.Of(call);
            return new CorePlan(new CountRowsNode(planning.Query, counted), [new OutputColumn(countName, SqlTypeAffinity.None, null, null, null)], [], false);
        }

        if (scope.Relations.Count > 64)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, "at most 64 tables in a join");
        }

        // Result columns (with * expanded) and their aliases.
        var items = new List<(Expression Expression, string Name)>();
        foreach (ResultColumn column in core.Columns)
        {
            if (column is AllColumns all)
            {
                bool any = false;
                foreach (Relation r in scope.Relations)
                {
                    if (all.Table is not null && !string.Equals(all.Table, r.Name, StringComparison.OrdinalIgnoreCase))
                    {
                        continue;
                    }

                    any = true;
                    foreach (string name in r.ColumnNames)
                    {
                        if (all.Table is null && r.HiddenByUsing.Contains(name))
                        {
                            continue;
                        }

                        items.Add((new ColumnReference(r.Name, name), name));
                    }
                }

                if (!any)
                {
                    throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, all.Table is null ? "no tables specified" : $"no such table: {all.Table}");
                }
            }
            else
            {
                var ec = (ExpressionColumn)column;
                string name = ec.Alias ?? (ec.Expression is ColumnReference cr ? cr.Column : SqlText.Of(ec.Expression));
                items.Add((ec.Expression, name));
                if (ec.Alias is not null)
                {
                    scope.Aliases.Add((ec.Alias, ec.Expression));
                }
            }
        }

        bool aggregate = core.GroupBy.Count > 0 || (core.Having is not null);
        foreach ((Expression e, _) in items)
        {
            aggregate |= ExpressionCompiler.ContainsAggregate(e);
        }

        foreach (OrderingTerm term in orderBy)
        {
            aggregate |= ExpressionCompiler.ContainsAggregate(term.Expression);
        }

        // WHERE and LEFT JOIN ON conditions.
        var analyzer = new PredicateAnalyzer(planning);
        ExpressionWalker.Conjuncts(core.Where, whereAst);
        var where = new List<Conjunct>();
        foreach (Expression e in whereAst)
        {
            where.Add(CompileConjunct(e, scope, analyzer));
        }

        var on = new Dictionary<Relation, List<Conjunct>>();
        foreach ((Relation r, List<Expression> conditions) in onAst)
        {
            var list = new List<Conjunct>();
            var parts = new List<Expression>();
            foreach (Expression condition in conditions)
            {
                ExpressionWalker.Conjuncts(condition, parts);
            }

            foreach (Expression part in parts)
            {
                list.Add(CompileConjunct(part, scope, analyzer));
            }

            on[r] = list;
        }

        // Compile the output expressions before the join is built, so RowDecoders know every used column.
        Frame? aggregateFrame = aggregate ? new Frame() : null;
        var groupKeys = new List<Evaluator>();
        if (aggregate)
        {
            foreach (Expression g in core.GroupBy)
            {
                Expression key = g is IntegerLiteral position && position.Value >= 1 && position.Value <= items.Count
                    ? items[(int)position.Value - 1].Expression
                    : g;
                if (ExpressionCompiler.ContainsAggregate(key))
                {
                    throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, "aggregate functions are not allowed in the GROUP BY clause");
                }

                groupKeys.Add(planning.Expressions.Compile(key, scope));
            }

            scope.AggregateFrame = aggregateFrame;
            scope.AggregatesAllowed = true;
        }

        var outputs = new List<Evaluator>();
        var columns = new List<OutputColumn>();
        foreach ((Expression e, string name) in items)
        {
            Evaluator evaluator = planning.Expressions.Compile(e, scope);
            outputs.Add(evaluator);
            columns.Add(Describe(name, evaluator, scope));
        }

        Evaluator? having = core.Having is null ? null : planning.Expressions.Compile(core.Having, scope);
        var sortKeys = new SortKey[orderBy.Count];
        for (int i = 0; i < orderBy.Count; i++)
        {
            OrderingTerm term = orderBy[i];
            int slot = -1;
            if (term.Expression is IntegerLiteral position)
            {
                slot = (int)position.Value - 1;
                if (slot < 0 || slot >= items.Count)
                {
                    throw SelectPlanner.OutOfRange(i, items.Count);
                }
            }
            else
            {
                for (int c = 0; c < items.Count && slot < 0; c++)
                {
                    bool aliasMatch = term.Expression is ColumnReference { Table: null } reference
                        && core.Columns.Count > c && core.Columns[c] is ExpressionColumn { Alias: { } alias }
                        && string.Equals(alias, reference.Column, StringComparison.OrdinalIgnoreCase);
                    if (aliasMatch || items[c].Expression.Equals(term.Expression))
                    {
                        slot = c;
                    }
                }
            }

            if (slot < 0)
            {
                slot = outputs.Count;
                outputs.Add(planning.Expressions.Compile(term.Expression, scope));
            }

            sortKeys[i] = SelectPlanner.Key(slot, term);
        }

        scope.AggregatesAllowed = false;
        var joins = new JoinPlanner(planning, estimateRows)
        {
            RequiredOrder = aggregate || core.Distinct ? null : OrderColumns(scope, sortKeys, outputs),
        };
        PlanNode root = joins.Build(scope, where, on);
        if (joins.OrderSatisfied)
        {
            sortKeys = [];
        }

        if (aggregate)
        {
            var specs = new AggregateSpec[scope.Aggregates.Count];
            for (int i = 0; i < specs.Length; i++)
            {
                specs[i] = scope.Aggregates[i].Spec;
            }

            root = new AggregateNode(planning.Query, root, scope.Frame, [.. groupKeys], specs, aggregateFrame!);
        }

        if (having is not null)
        {
            root = new FilterNode(root, having, "HAVING");
        }

        root = new ProjectNode(root, [.. outputs], items.Count);
        if (core.Distinct)
        {
            root = new DistinctNode(root);
        }

        return new CorePlan(root, columns, sortKeys, scope.Correlated);
    }

    // The sort keys as columns of the query's only table, or null when some key is
    // not a plain column of it (then only a sort can order the rows).
    private static List<OrderColumn>? OrderColumns(Scope scope, SortKey[] keys, List<Evaluator> outputs)
    {
        if (keys.Length == 0 || scope.Relations.Count != 1 || scope.Relations[0].Table is not { } table)
        {
            return null;
        }

        Relation r = scope.Relations[0];
        var columns = new List<OrderColumn>();
        foreach (SortKey key in keys)
        {
            if (outputs[key.Slot] is not SlotEvaluator slot || slot.Frame != scope.Frame)
            {
                return null;
            }

            int column = slot.Slot == r.RowIdSlot ? TableSchema.RowIdOrdinal : slot.Slot - r.FirstSlot;
            if (column != TableSchema.RowIdOrdinal && (column < 0 || column >= r.ColumnNames.Length))
            {
                return null;
            }

            if (column == table.RowIdColumn)
            {
                column = TableSchema.RowIdOrdinal;
            }

            columns.Add(new OrderColumn(column, key.Descending, key.NullsFirst));
        }

        return columns;
    }

    private Conjunct CompileConjunct(Expression e, Scope scope, PredicateAnalyzer analyzer)
    {
        if (ExpressionCompiler.ContainsAggregate(e))
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, "misuse of aggregate function");
        }

        scope.ReferenceMask = 0;
        scope.SawSubquery = false;
        int outerBefore = scope.OuterReferences;
        Evaluator evaluator = planning.Expressions.Compile(e, scope);
        ulong mask = scope.SawSubquery ? ulong.MaxValue >> (64 - Math.Max(1, scope.Relations.Count)) : scope.ReferenceMask;
        if (scope.Relations.Count == 0)
        {
            mask = 0;
        }

        var conjunct = new Conjunct(e, evaluator, mask, scope.OuterReferences != outerBefore || scope.SawSubquery);
        analyzer.Analyze(conjunct, scope);
        return conjunct;
    }

    private static OutputColumn Describe(string name, Evaluator evaluator, Scope scope)
    {
        if (evaluator is SlotEvaluator slot && slot.Frame == scope.Frame)
        {
            foreach (Relation r in scope.Relations)
            {
                if (r.Table is not null && slot.Slot >= r.FirstSlot && slot.Slot < r.FirstSlot + r.ColumnNames.Length)
                {
                    ColumnSchema column = r.Table.Columns[slot.Slot - r.FirstSlot];
                    return new OutputColumn(name, column.Affinity, column.DeclaredType, r.Table, column);
                }
            }
        }

        return new OutputColumn(name, evaluator.Affinity, null, null, null);
    }

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

        return new CorePlan(new ValuesNode(rows), columns, keys, false);
    }
}
