// Plans the ON CONFLICT .. DO clauses of an INSERT (UPSERT, SQLite's lang_upsert):
// each clause's target becomes the uniqueness constraint it names (the rowid for the
// INTEGER PRIMARY KEY, else the PRIMARY KEY or UNIQUE index with exactly those
// columns, in any order), or any constraint when it names none (only the last clause
// may). DO UPDATE's SET and WHERE are compiled over one frame holding the existing
// row (under the table's name or the INSERT's alias) and the row the INSERT proposed
// (under "excluded").
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Evaluators;

namespace SharpCoreDB.Planning;

/// <summary>Builds the UpsertActions of an INSERT.</summary>
internal static class UpsertPlanner
{
    public static UpsertAction[] Plan(PlanningContext planning, TableSchema table, InsertStatement insert)
    {
        SqlList<UpsertClause> clauses = insert.Upserts;
        var actions = new UpsertAction[clauses.Count];
        for (int i = 0; i < actions.Length; i++)
        {
            UpsertClause clause = clauses[i];
            if (clause.Target.Count == 0 && i < actions.Length - 1)
            {
                throw Error("a conflict target is required on all but the last ON CONFLICT clause");
            }

            (bool rowId, IndexSchema? index) = clause.Target.Count == 0 ? (false, null) : Target(table, clause.Target, clause.TargetWhere);
            if (clause.DoNothing)
            {
                actions[i] = new UpsertAction { AnyConstraint = clause.Target.Count == 0, RowIdTarget = rowId, IndexTarget = index };
                continue;
            }

            Scope scope = DmlPlanner.RowScope(table, insert.Alias ?? table.Name, planning.TriggerRow);
            DmlPlanner.AddRow(scope, table, "excluded", qualifiedOnly: true);
            var columns = new int[clause.Set.Count];
            var values = new Evaluator[columns.Length];
            for (int c = 0; c < columns.Length; c++)
            {
                columns[c] = table.FindColumn(clause.Set[c].Column);
                if (columns[c] < 0)
                {
                    throw Error($"no such column: {clause.Set[c].Column}");
                }

                DmlPlanner.RefuseGenerated(table, columns[c]);

                values[c] = planning.Expressions.Compile(clause.Set[c].Value, scope);
            }

            actions[i] = new UpsertAction
            {
                AnyConstraint = clause.Target.Count == 0,
                RowIdTarget = rowId,
                IndexTarget = index,
                Frame = scope.Frame,
                AssignColumns = columns,
                AssignValues = values,
                Where = clause.Where is { } where ? planning.Expressions.Compile(where, scope) : null,
                ForeignKeyFactory = ForeignKeyPlanner.Factory(planning, table, DmlKind.Update, columns, singleRowInsert: false),
                TriggerFactory = TriggerPlanner.Factory(planning, table, TriggerEvent.Update, columns, planning.ConflictOverride ?? ConflictResolution.Default),
            };
        }

        return actions;
    }

    // The constraint a conflict target names: the rowid (INTEGER PRIMARY KEY) or a unique index on exactly its columns
    // and expressions; a partial index only when the target's WHERE is the index's (SQLite compares them as written).
    private static (bool RowId, IndexSchema? Index) Target(TableSchema table, SqlList<IndexedColumn> target, Expression? targetWhere)
    {
        var keys = new (int Column, string? Text)[target.Count];
        for (int i = 0; i < keys.Length; i++)
        {
            if (target[i].Expression is { } expression)
            {
                keys[i] = (IndexSchema.ExpressionColumn, IndexKeyText.Of(expression, table, r => IndexKeyText.OrdinalIn(table, r)));
                continue;
            }

            keys[i] = (table.FindColumn(target[i].Name), null);
            if (keys[i].Column < 0)
            {
                throw Error($"no such column: {target[i].Name}");
            }
        }

        if (keys.Length == 1 && keys[0].Column == table.RowIdColumn)
        {
            return (true, null);
        }

        string? where = targetWhere is null ? null : IndexKeyText.Of(targetWhere, table, r => IndexKeyText.OrdinalIn(table, r));
        foreach (IndexSchema index in table.Indexes)
        {
            if (index.IsUnique && index.Columns.Length == keys.Length
                && (index.Where is null || (where is not null && where == IndexKeyText.Of(index.Where, table, r => IndexKeyText.OrdinalIn(table, r))))
                && keys.Select((k, i) => Position(index, k) is int p && p >= 0
                    && (target[i].Collation is null || string.Equals(target[i].Collation, index.Collations[p].Name, StringComparison.OrdinalIgnoreCase))).All(ok => ok))
            {
                return (false, index);
            }
        }

        throw Error("ON CONFLICT clause does not match any PRIMARY KEY or UNIQUE constraint");
    }

    // Where the target's key stands in the index, or -1.
    private static int Position(IndexSchema index, (int Column, string? Text) key)
    {
        for (int p = 0; p < index.Columns.Length; p++)
        {
            if (index.Columns[p] == key.Column && (key.Text is null || key.Text == index.KeyTexts[p]))
            {
                return p;
            }
        }

        return -1;
    }

    private static SharpCoreDBException Error(string message) => new(SharpCoreDBErrorCode.SemanticError, message);
}
