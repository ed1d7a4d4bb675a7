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

            (bool rowId, IndexSchema? index) = clause.Target.Count == 0 ? (false, null) : Target(table, clause.Target);
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

    // The constraint a conflict target names: the rowid (INTEGER PRIMARY KEY) or a unique index on exactly its columns.
    private static (bool RowId, IndexSchema? Index) Target(TableSchema table, SqlList<IndexedColumn> target)
    {
        var ordinals = new int[target.Count];
        for (int i = 0; i < ordinals.Length; i++)
        {
            ordinals[i] = table.FindColumn(target[i].Name);
            if (ordinals[i] < 0)
            {
                throw Error($"no such column: {target[i].Name}");
            }
        }

        if (ordinals.Length == 1 && ordinals[0] == table.RowIdColumn)
        {
            return (true, null);
        }

        foreach (IndexSchema index in table.Indexes)
        {
            if (index.IsUnique && index.Columns.Length == ordinals.Length && index.Columns.All(ordinals.Contains)
                && target.All(t => t.Collation is null || string.Equals(t.Collation, index.Collations[Array.IndexOf(index.Columns, table.FindColumn(t.Name))].Name, StringComparison.OrdinalIgnoreCase)))
            {
                return (false, index);
            }
        }

        throw Error("ON CONFLICT clause does not match any PRIMARY KEY or UNIQUE constraint");
    }

    private static SharpCoreDBException Error(string message) => new(SharpCoreDBErrorCode.SemanticError, message);
}
