// Triggers around the rows of a DmlPlan, in SQLite's order:
//
//   INSERT  BEFORE triggers (NEW.rowid is -1 when the rowid is not given yet)
//           ─► constraints, UPSERT, foreign keys, write ─► AFTER triggers
//   UPDATE  BEFORE triggers ─► the row is read again: gone ─► skipped; the columns the
//           UPDATE does not set are taken from it ─► constraints, keys, write, key
//           actions ─► AFTER triggers (OLD is the row as first read)
//   DELETE  BEFORE triggers ─► the row is read again (gone ─► skipped) ─► keys, delete,
//           key actions ─► AFTER triggers
//
// RAISE(IGNORE) in a BEFORE trigger skips the row; in an AFTER trigger it ends the
// triggers of that row (the row stays written).
using SharpCoreDB.Execution.ForeignKeys;
using SharpCoreDB.Execution.Triggers;

namespace SharpCoreDB.Execution;

internal sealed partial class DmlPlan
{
    private DbValue[] _triggerOld = [];

    /// <summary>EXPLAIN lines: the table, how rows are found, and the keys and triggers each row brings.</summary>
    public void Explain(List<string> lines)
    {
        lines.Add("DML " + table.Name);
        Source?.Explain(lines, 1);
        ForeignKeys?.Explain(lines, 1);
        Triggers?.Explain(lines, 1);
    }

    // UpdateRow with the UPDATE triggers around it; `assigned` are the columns the statement sets.
    private bool UpdateFiring(TableStore store, ForeignKeyWork? keys, TriggerWork? triggers, long rowId, DbValue[] old, DbValue[] row,
        ConflictResolution conflict, int[] assigned, out long newRowId)
    {
        newRowId = rowId;
        DbValue[] fired = old;
        if (triggers is { HasBefore: true })
        {
            store.Prepare(row);
            int key = table.RowIdColumn;

            // SQLite checks the new rowid before the triggers run (so a trigger's RAISE(IGNORE) does not hide the error).
            long target = key < 0 ? rowId : row[key].IsNull ? throw RowIdMismatch() : row[key].AsInt64();
            fired = TriggerOld(old);
            if (!triggers.Before(fired, rowId, row, target) || !store.TryRead(rowId, old))
            {
                return false;
            }

            for (int i = 0; i < row.Length; i++)
            {
                if (Array.IndexOf(assigned, i) < 0)
                {
                    row[i] = old[i];
                }
            }
        }

        if (!UpdateRow(store, keys, rowId, old, row, conflict, out newRowId))
        {
            return false;
        }

        triggers?.After(fired, rowId, row, newRowId);
        return true;
    }

    // A copy of the row as BEFORE triggers see it (OLD), kept for the AFTER triggers while `old` is read again.
    private DbValue[] TriggerOld(DbValue[] old)
    {
        if (_triggerOld.Length != old.Length)
        {
            _triggerOld = new DbValue[old.Length];
        }

        old.CopyTo(_triggerOld, 0);
        return _triggerOld;
    }
}
