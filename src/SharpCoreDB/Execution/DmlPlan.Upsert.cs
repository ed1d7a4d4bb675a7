// UPSERT rows of an INSERT (SQLite's lang_upsert): before a row is inserted, the
// ON CONFLICT clauses are tried in order; the first whose constraint the row would
// break decides: DO NOTHING drops the row, DO UPDATE rewrites the row it collides
// with (when its WHERE holds) as an UPDATE would, with every constraint and foreign
// key checked. Such a row is counted and returned by RETURNING as a written row; a
// row no clause claims goes on to the INSERT's own conflict handling.
using SharpCoreDB.Execution.ForeignKeys;
using SharpCoreDB.Execution.Semantics;
using SharpCoreDB.Execution.Triggers;

namespace SharpCoreDB.Execution;

internal sealed partial class DmlPlan
{
    private DbValue[] _updated = [];

    // True when an ON CONFLICT clause took the row (it is not to be inserted).
    private bool TryUpsert(TableStore store, ForeignKeyWork? keys, DbValue[] row, long rowId, bool explicitKey, List<DbValue[]>? returned, ref int count)
    {
        foreach (UpsertAction action in Upserts)
        {
            if (store.FindConflict(row, rowId, explicitKey, action) is not long existing)
            {
                continue;
            }

            if (action.DoNothing)
            {
                return true;
            }

            int n = row.Length;
            DbValue[] old = _old;
            store.TryRead(existing, old);
            DbValue[] frame = action.Frame!.Values;
            old.CopyTo(frame, 0);
            frame[n] = DbValue.FromInt64(existing);
            row.CopyTo(frame, n + 1);
            frame[(2 * n) + 1] = DbValue.FromInt64(rowId);
            if (action.Where is { } where && SqlTruth.IsTrue(where.Evaluate()) != true)
            {
                return true;
            }

            if (_updated.Length != n)
            {
                _updated = new DbValue[n];
            }

            DbValue[] updated = _updated;
            old.CopyTo(updated, 0);
            for (int i = 0; i < action.AssignColumns.Length; i++)
            {
                updated[action.AssignColumns[i]] = action.AssignValues[i].Evaluate();
            }

            // The update enforces keys as the UPDATE of the SET columns it is (SQLite codes it as one), not as the INSERT.
            // So do its triggers: the UPDATE triggers of the SET columns fire, the INSERT's AFTER triggers do not.
            ForeignKeyWork? updateKeys = keys is null ? null : action.ForeignKeys;
            updateKeys?.Begin(store.Transaction, context.ForeignKeys!, context.Triggers, context.Token);
            TriggerWork? updateTriggers = context.Triggers is null ? null : action.Triggers;
            updateTriggers?.Begin(store.Transaction, context.Triggers!, context.ForeignKeys, context.Token);
            try
            {
                if (UpdateFiring(store, updateKeys, updateTriggers, existing, old, updated, ConflictResolution.Default, action.AssignColumns, out long newRowId))
                {
                    count++;
                    Return(updated, newRowId, returned);
                }
            }
            finally
            {
                updateKeys?.End();
                updateTriggers?.End();
            }

            Array.Clear(updated);
            return true;
        }

        return false;
    }
}
