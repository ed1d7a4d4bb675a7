// Plans one SELECT core (or VALUES body): builds the relations of FROM (views
// and subqueries become sub-plans), compiles WHERE into conjuncts, lets
// JoinPlanner pick order and access paths, then adds aggregation, HAVING, the
// projection (with hidden ORDER BY keys) and DISTINCT.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Windows;
using SharpCoreDB.Sql.Printing;

namespace SharpCoreDB.Planning;

/// <summary>A planned core: root, result columns, sort keys for its ORDER BY.</summary>
internal sealed record CorePlan(PlanNode Root, IReadOnlyList<OutputColumn> Columns, SortKey[] SortKeys, bool Correlated);

/// <summary>SELECT core planner.</summary>
internal sealed partial class SelectCorePlanner(PlanningContext planning, Func<TableSchema, long> estimateRows)
{
    public CorePlan Plan(SelectBody body, Scope? parent, SqlList<OrderingTerm> orderBy)
    {
        if (body is ValuesBody values)
        {
            return PlanValues(values, parent, orderBy);
        }

        var core = (SelectCore)body;
        var scope = new Scope(parent);
        var from = new JoinPart();
        if (core.From is not null)
        {
            AddSource(core.From, scope, from);
        }

        if (CountRowsShortcut(core, scope, orderBy) is { } counted)
        {
            return counted;
        }

        if (scope.Relations.Count > 64)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, "at most 64 tables in a join");
        }

        // The phases run in this order because each leaves state in the scope for the next:
        // result aliases (for WHERE and ORDER BY), then conditions, then everything read after
        // the join (group keys, outputs, HAVING, sort keys) compiled before the join is built,
        // so that each relation's RowDecoder knows every column the query uses.
        List<(Expression Expression, string Name)> items = ResultItems(core, scope);
        bool aggregate = IsAggregate(core, items, orderBy);
        if (core.Where is not null)
        {
            from.Where.Add(JoinCondition.Anywhere(core.Where));
        }

        CompileConditions(from, scope, new PredicateAnalyzer(planning));
        Frame? aggregateFrame = aggregate ? new Frame() : null;
        List<Evaluator> groupKeys = aggregate ? CompileGroupKeys(core, items, scope, aggregateFrame!) : [];
        var outputs = new List<Evaluator>();
        var columns = new List<OutputColumn>();
        scope.WindowFrame = new Frame();
        scope.NamedWindows = core.Windows;
        scope.WindowsAllowed = true;
        foreach ((Expression e, string name) in items)
        {
            Evaluator evaluator = planning.Expressions.Compile(e, scope);
            outputs.Add(evaluator);
            columns.Add(Describe(name, evaluator, scope));
        }

        scope.WindowsAllowed = false;
        Evaluator? having = core.Having is null ? null : planning.Expressions.Compile(core.Having, scope);
        scope.WindowsAllowed = true;
        SortKey[] sortKeys = CompileSortKeys(core, items, orderBy, outputs, scope);
        scope.AggregatesAllowed = false;
        scope.WindowsAllowed = false;

        var joins = new JoinPlanner(planning, estimateRows)
        {
            RequiredOrder = aggregate || core.Distinct ? null : OrderColumns(scope, sortKeys, outputs),
        };
        PlanNode root = joins.Build(scope, from);
        if (joins.OrderSatisfied)
        {
            sortKeys = [];
        }

        if (aggregate)
        {
            root = new AggregateNode(planning.Query, root, scope.Frame, [.. groupKeys], [.. scope.Aggregates.Select(a => a.Spec)], aggregateFrame!);
        }

        if (having is not null)
        {
            root = new FilterNode(root, having, "HAVING");
        }

        if (scope.WindowCalls.Count > 0)
        {
            Frame[] rowFrames = aggregate ? [scope.Frame, aggregateFrame!] : [scope.Frame];
            root = new WindowNode(planning.Query, root, rowFrames, [.. scope.WindowCalls.Select(w => w.Spec)], scope.WindowFrame);
        }

        root = new ProjectNode(root, [.. outputs], items.Count);
        if (core.Distinct)
        {
            root = new DistinctNode(root, [.. outputs.Take(items.Count).Select(o => o.Collation)]);
        }

        return new CorePlan(root, columns, sortKeys, scope.Correlated);
    }

    // SELECT count(*) FROM t alone reads the table's row count without decoding a row.
    private CorePlan? CountRowsShortcut(SelectCore core, Scope scope, SqlList<OrderingTerm> orderBy)
    {
        if (core.Where is null && core.GroupBy.Count == 0 && core.Having is null && !core.Distinct && orderBy.Count == 0
            && scope.Relations.Count == 1 && scope.Relations[0].Table is { } counted && core.Columns.Count == 1
            && core.Columns[0] is ExpressionColumn { Expression: FunctionCallExpression { Star: true, Over: null, Filter: null } call } countColumn
            && string.Equals(call.Name, "COUNT", StringComparison.OrdinalIgnoreCase))
        {
            string countName = countColumn.Alias ?? SqlText.Of(call);
            return new CorePlan(new CountRowsNode(planning.Query, counted), [new OutputColumn(countName, SqlTypeAffinity.None, null, null, null)], [], Correlated: false);
        }

        return null;
    }

    // The result columns with * expanded, each with its name; aliases become visible to the scope.
    private static List<(Expression Expression, string Name)> ResultItems(SelectCore core, Scope scope)
    {
        var items = new List<(Expression Expression, string Name)>();
        foreach (ResultColumn column in core.Columns)
        {
            if (column is AllColumns all)
            {
                bool any = false;
                for (int i = 0; i < scope.Relations.Count; i++)
                {
                    Relation r = scope.Relations[i];
                    if (all.Table is not null && !string.Equals(all.Table, r.Name, StringComparison.OrdinalIgnoreCase))
                    {
                        continue;
                    }

                    any = true;
                    foreach (string name in r.ColumnNames.AsSpan(0, r.ColumnNames.Length - r.HiddenColumns))
                    {
                        if (all.Table is null && r.HiddenByUsing.Contains(name))
                        {
                            continue;
                        }

                        items.Add((new ColumnReference(MergedByUsing(scope, i, name) ? null : r.Name, name), name));
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

        return items;
    }

    // As in SQLite, left of a RIGHT or FULL JOIN a column that a later USING (or NATURAL) merges is
    // shown by its unqualified name, whose value is the merged one (the right side's, or the coalesce).
    private static bool MergedByUsing(Scope scope, int relation, string name)
    {
        if (!scope.Relations[relation].LeftOfRightJoin)
        {
            return false;
        }

        for (int later = relation + 1; later < scope.Relations.Count; later++)
        {
            if (scope.Relations[later].HiddenByUsing.Contains(name))
            {
                return true;
            }
        }

        return false;
    }

    private bool IsAggregate(SelectCore core, List<(Expression Expression, string Name)> items, SqlList<OrderingTerm> orderBy)
    {
        bool aggregate = core.GroupBy.Count > 0 || (core.Having is not null);
        foreach ((Expression e, _) in items)
        {
            aggregate |= planning.Expressions.ContainsAggregate(e);
        }

        foreach (OrderingTerm term in orderBy)
        {
            aggregate |= planning.Expressions.ContainsAggregate(term.Expression);
        }

        return aggregate;
    }

    // GROUP BY keys (a number names a result column); from here on aggregates may be compiled.
    private List<Evaluator> CompileGroupKeys(SelectCore core, List<(Expression Expression, string Name)> items, Scope scope, Frame aggregateFrame)
    {
        var groupKeys = new List<Evaluator>();
        foreach (Expression g in core.GroupBy)
        {
            Expression key = g is IntegerLiteral position && position.Value >= 1 && position.Value <= items.Count
                ? items[(int)position.Value - 1].Expression
                : g;
            if (planning.Expressions.ContainsAggregate(key))
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, "aggregate functions are not allowed in the GROUP BY clause");
            }

            groupKeys.Add(planning.Expressions.Compile(key, scope));
        }

        scope.AggregateFrame = aggregateFrame;
        scope.AggregatesAllowed = true;
        return groupKeys;
    }

    // ORDER BY terms as sort keys over the projected row: a number or an alias names a result
    // column, an expression equal to one reuses it, anything else becomes a hidden column. As in
    // SQLite, each is read under any COLLATE around it, which then orders the term
    // (`ORDER BY 1 COLLATE NOCASE`), and a column ordered under a COLLATE may still be read
    // from an index in that collation.
    private SortKey[] CompileSortKeys(SelectCore core, List<(Expression Expression, string Name)> items, SqlList<OrderingTerm> orderBy,
        List<Evaluator> outputs, Scope scope)
    {
        var sortKeys = new SortKey[orderBy.Count];
        for (int i = 0; i < orderBy.Count; i++)
        {
            (OrderingTerm term, string? collate) = SelectPlanner.SkipCollate(orderBy[i]);
            int slot = SelectPlanner.PositionalSlot(term, i, items.Count);
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

            if (slot < 0)
            {
                slot = outputs.Count;
                outputs.Add(planning.Expressions.Compile(term.Expression, scope));
            }

            // The term's collation: a COLLATE in it, else its column's (SQLite's rule for ORDER BY).
            sortKeys[i] = SelectPlanner.Key(slot, term, collate is null ? outputs[slot].Collation : planning.Collation(collate));
        }

        return sortKeys;
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

            columns.Add(new OrderColumn(column, key.Descending, key.NullsFirst, key.Collation ?? TextCollation.Binary));
        }

        return columns;
    }

    // One conjunct, compiled with only the relations its condition may name visible (JoinCondition).
    private Conjunct CompileConjunct(Expression e, JoinCondition source, Scope scope, PredicateAnalyzer analyzer)
    {
        if (planning.Expressions.ContainsAggregate(e))
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, "misuse of aggregate function");
        }

        scope.ReferenceMask = 0;
        scope.SawSubquery = false;
        int outerBefore = scope.OuterReferences;
        scope.VisibleFirst = source.FirstVisible;
        scope.VisibleEnd = source.EndVisible;
        Evaluator evaluator;
        try
        {
            evaluator = planning.Expressions.Compile(e, scope);
        }
        finally
        {
            scope.VisibleFirst = 0;
            scope.VisibleEnd = int.MaxValue;
        }

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
}
