// Plans INSERT, UPDATE and DELETE: which rows (through the SELECT planner, so
// WHERE uses indexes), the compiled SET / DEFAULT / CHECK / RETURNING
// expressions (bound to a frame holding one row of the table), and column
// mapping. The result is a DmlPlan that runs inside a write transaction.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Sql.Printing;

namespace SharpCoreDB.Planning;

/// <summary>Builds DML plans.</summary>
internal sealed partial class DmlPlanner(PlanningContext planning)
{
    /// <summary>A scope (inside <paramref name="outer"/>) with one relation, the table, at slot 0, its rowid right after its columns.</summary>
    public static Scope RowScope(TableSchema table, string alias, Scope? outer = null)
    {
        var scope = new Scope(outer);
        AddRow(scope, table, alias);
        return scope;
    }

    /// <summary>
    /// Adds a relation holding one row of <paramref name="table"/> (its columns, then its rowid) to <paramref name="scope"/>;
    /// with <paramref name="qualifiedOnly"/> its columns must be named with <paramref name="alias"/> in front.
    /// </summary>
    public static void AddRow(Scope scope, TableSchema table, string alias, bool qualifiedOnly = false)
    {
        var names = new string[table.Columns.Count];
        var affinities = new SqlTypeAffinity[names.Length];
        for (int i = 0; i < names.Length; i++)
        {
            names[i] = table.Columns[i].Name;
            affinities[i] = table.Columns[i].Affinity;
        }

        var relation = new Relation
        {
            Name = alias,
            Index = scope.Relations.Count,
            QualifiedOnly = qualifiedOnly,
            Table = table,
            ColumnNames = names,
            Affinities = affinities,
            Collations = [.. table.Columns.Select(c => c.Collating)],
            Used = new bool[names.Length],
        };
        relation.FirstSlot = scope.Frame.Reserve(names.Length);
        relation.RowIdSlot = scope.Frame.Reserve(1);
        scope.Relations.Add(relation);
    }

    public DmlPlan PlanInsert(InsertStatement insert)
    {
        TableSchema table = Table(insert.Table);
        int[] targets;
        if (insert.Source is DefaultValuesSource)
        {
            targets = [];
        }
        else if (insert.Columns.Count == 0)
        {
            // Generated columns take no value: the implied column list leaves them out, as in SQLite.
            targets = [.. Enumerable.Range(0, table.Columns.Count).Where(i => table.Columns[i].Generated is null)];
        }
        else
        {
            targets = new int[insert.Columns.Count];
            for (int i = 0; i < targets.Length; i++)
            {
                targets[i] = table.FindColumn(insert.Columns[i]);
                if (targets[i] < 0)
                {
                    if (table.RowIdColumn < 0 && TableSchema.IsRowIdName(insert.Columns[i]))
                    {
                        targets[i] = TableSchema.RowIdOrdinal;
                        continue;
                    }

                    throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"table {table.Name} has no column named {insert.Columns[i]}");
                }

                if (table.Columns[targets[i]].Generated is not null)
                {
                    throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"cannot INSERT into generated column \"{table.Columns[targets[i]].Name}\"");
                }
            }
        }

        PlanNode? source = InsertSource(insert, targets.Length, table.Name, table.Columns.Count - table.GeneratedOrder.Length);
        var defaults = new Evaluator?[table.Columns.Count];
        for (int i = 0; i < defaults.Length; i++)
        {
            if (table.Columns[i].Default is { } value)
            {
                defaults[i] = planning.Expressions.Compile(value, null);
            }
        }

        // A row that fires triggers, or one a trigger inserts, is counted like any other (SQLite marks such statements
        // multi-write and checks their keys at the end), not refused at once.
        ConflictResolution conflict = planning.ConflictOverride ?? insert.OnConflict;
        Func<Execution.Triggers.TriggerWork>? triggers = TriggerPlanner.Factory(planning, table, TriggerEvent.Insert, [], conflict);
        return new DmlPlan(planning.Query, DmlKind.Insert, table, conflict, Rules(table), Returning(table, insert.Alias, insert.Returning))
        {
            Source = source,
            Targets = targets,
            Defaults = defaults,
            Upserts = UpsertPlanner.Plan(planning, table, insert),
            ForeignKeyFactory = ForeignKeyPlanner.Factory(planning, table, DmlKind.Insert, [],
                singleRowInsert: insert.Source is ValuesSource { Rows.Count: 1 } && conflict != ConflictResolution.Replace && triggers is null
                    && planning.TriggerRow is null),
            TriggerFactory = triggers,
            ReplaceTriggerFactory = TriggerPlanner.Factory(planning, table, TriggerEvent.Delete, [], conflict),
        };
    }

    // The rows an INSERT reads: its VALUES or SELECT (null for DEFAULT VALUES), each row `width` values wide.
    private PlanNode? InsertSource(InsertStatement insert, int width, string name, int columnCount)
    {
        switch (insert.Source)
        {
            case ValuesSource values:
                var rows = new Evaluator[values.Rows.Count][];
                for (int r = 0; r < rows.Length; r++)
                {
                    if (values.Rows[r].Count != width)
                    {
                        throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError,
                            $"table {name} has {columnCount} columns but {values.Rows[r].Count} values were supplied");
                    }

                    rows[r] = new Evaluator[width];
                    for (int c = 0; c < width; c++)
                    {
                        rows[r][c] = planning.Expressions.Compile(values.Rows[r][c], planning.TriggerRow);
                    }
                }

                return new ValuesNode(rows);
            case SelectSource select:
                SelectPlan plan = planning.Selects.Plan(select.Query, planning.TriggerRow);
                if (plan.Columns.Count != width)
                {
                    throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError,
                        $"table {name} has {width} columns but {plan.Columns.Count} values were supplied");
                }

                return plan.Root;
            default:
                return null;
        }
    }

    public DmlPlan PlanUpdate(UpdateStatement update)
    {
        TableSchema table = Table(update.Table);
        string alias = update.Alias ?? table.Name;
        Scope scope = RowScope(table, alias, planning.TriggerRow);
        var columns = new int[update.Assignments.Count];
        var values = new Evaluator[columns.Length];
        for (int i = 0; i < columns.Length; i++)
        {
            columns[i] = table.FindColumn(update.Assignments[i].Column);
            if (columns[i] < 0)
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"no such column: {update.Assignments[i].Column}");
            }

            RefuseGenerated(table, columns[i]);

            values[i] = planning.Expressions.Compile(update.Assignments[i].Value, scope);
        }

        ConflictResolution conflict = planning.ConflictOverride ?? update.OnConflict;
        return new DmlPlan(planning.Query, DmlKind.Update, table, conflict, Rules(table), Returning(table, update.Alias, update.Returning))
        {
            Source = Rows(table, alias, update.Where, update.IndexHint),
            AssignColumns = columns,
            AssignValues = values,
            OldRowFrame = scope.Frame,
            ForeignKeyFactory = ForeignKeyPlanner.Factory(planning, table, DmlKind.Update, columns, singleRowInsert: false),
            TriggerFactory = TriggerPlanner.Factory(planning, table, TriggerEvent.Update, columns, conflict),
            ReplaceTriggerFactory = TriggerPlanner.Factory(planning, table, TriggerEvent.Delete, [], conflict),
        };
    }

    public DmlPlan PlanDelete(DeleteStatement delete)
    {
        TableSchema table = Table(delete.Table);
        string alias = delete.Alias ?? table.Name;
        return new DmlPlan(planning.Query, DmlKind.Delete, table, ConflictResolution.Default, Rules(table, deleting: true), Returning(table, delete.Alias, delete.Returning))
        {
            Source = Rows(table, alias, delete.Where, delete.IndexHint),
            ForeignKeyFactory = ForeignKeyPlanner.Factory(planning, table, DmlKind.Delete, [], singleRowInsert: false),
            TriggerFactory = TriggerPlanner.Factory(planning, table, TriggerEvent.Delete, [], planning.ConflictOverride ?? ConflictResolution.Default),
        };
    }

    // SELECT rowid, * FROM main.table AS alias WHERE ...: the rows a statement changes. The name is
    // schema-qualified so that a CTE of the same name (`WITH t AS (..) DELETE FROM t ..`) does not hide
    // the target table, which SQLite never takes from a CTE.
    private PlanNode Rows(TableSchema table, string alias, Expression? where, IndexHint? hint)
    {
        var core = new SelectCore(Distinct: false, [new ExpressionColumn(new ColumnReference(alias, "_rowid_"), null), new AllColumns(alias)],
            new TableReference(new QualifiedName("main", table.Name), alias) { IndexHint = hint }, where, SqlList<Expression>.Empty, null);
        return planning.Selects.Plan(new SelectStatement(core, SqlList<CompoundPart>.Empty, SqlList<OrderingTerm>.Empty, null), planning.TriggerRow).Root;
    }

    // The CHECK constraints, generated columns and index expressions and WHEREs, compiled over one frame holding the
    // row being written; a DELETE needs only the indexes'.
    private RowWriteRules Rules(TableSchema table, bool deleting = false)
    {
        Scope scope = RowScope(table, table.Name);
        var checks = new Evaluator[deleting ? 0 : table.Checks.Count];
        for (int i = 0; i < checks.Length; i++)
        {
            checks[i] = planning.Expressions.Compile(table.Checks[i].Condition, scope);
        }

        var generated = new Evaluator?[deleting || table.GeneratedOrder.Length == 0 ? 0 : table.Columns.Count];
        foreach (int column in deleting ? [] : table.GeneratedOrder)
        {
            Expression expression = table.Columns[column].Generated!;
            ApplicationFunctionRules.RequireDeterministic(expression, planning.Functions, "generated columns");
            generated[column] = planning.Expressions.Compile(expression, scope);
        }

        IndexRowEvaluators?[] indexes = table.Indexes.All(i => i.IsPlain) ? [] : [.. table.Indexes.Select(i => IndexRowCompiler.Compile(planning, i, scope))];
        return new RowWriteRules(scope.Frame, checks, generated, indexes, IndexKeyOrders.Of(table, planning.Functions.Collations, MissingCollation.Refuse));
    }

    private (Evaluator[] Values, Frame Frame, IReadOnlyList<OutputColumn> Columns)? Returning(TableSchema table, string? alias, SqlList<ResultColumn> returning)
    {
        if (returning.Count == 0)
        {
            return null;
        }

        Scope scope = RowScope(table, alias ?? table.Name);
        var values = new List<Evaluator>();
        var columns = new List<OutputColumn>();
        foreach (ResultColumn column in returning)
        {
            if (column is AllColumns)
            {
                foreach (ColumnSchema c in table.Columns)
                {
                    values.Add(planning.Expressions.Compile(new ColumnReference(null, c.Name), scope));
                    columns.Add(new OutputColumn(c.Name, c.Affinity, c.DeclaredType, table, c));
                }
            }
            else
            {
                var ec = (ExpressionColumn)column;
                values.Add(planning.Expressions.Compile(ec.Expression, scope));
                columns.Add(new OutputColumn(ec.Alias ?? (ec.Expression is ColumnReference cr ? cr.Column : SqlText.Of(ec.Expression)),
                    values[^1].Affinity, null, null, null));
            }
        }

        return ([.. values], scope.Frame, columns);
    }

    private TableSchema Table(QualifiedName name)
    {
        TableSchema? table = planning.Catalog.FindTable(name.Name);
        if (table is null && SchemaTable.Is(name.Name))
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, "table sqlite_master may not be modified");
        }

        if (table is null)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError,
                planning.Catalog.FindView(name.Name) is not null ? $"cannot modify {name.Name} because it is a view" : $"no such table: {name.Name}");
        }

        return table;
    }

    /// <summary>SQLite's error for a SET of a generated column (UPDATE, UPSERT's DO UPDATE).</summary>
    public static void RefuseGenerated(TableSchema table, int column)
    {
        if (table.Columns[column].Generated is not null)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"cannot UPDATE generated column \"{table.Columns[column].Name}\"");
        }
    }
}
