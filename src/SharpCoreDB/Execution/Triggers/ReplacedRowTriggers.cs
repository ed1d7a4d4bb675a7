// The rows an OR REPLACE conflict deletes fire DELETE triggers only while PRAGMA
// recursive_triggers is on (SQLite's rule); then this observer stands in front of
// the foreign key work: BEFORE DELETE triggers, the key checks, the delete, the key
// actions, AFTER DELETE triggers, as for a row a DELETE removes.

namespace SharpCoreDB.Execution.Triggers;

/// <summary>DELETE triggers (and foreign keys) around the rows REPLACE deletes.</summary>
internal sealed class ReplacedRowTriggers(TriggerWork triggers) : IReplacedRowObserver
{
    /// <summary>The DELETE triggers; bound to an execution by the plan like its own.</summary>
    public TriggerWork Work => triggers;

    /// <summary>The foreign key work of the execution (null when keys are not enforced).</summary>
    public IReplacedRowObserver? Keys { get; set; }

    // OLD as the BEFORE triggers saw it: the AFTER triggers see the same (the row is read again before the delete).
    private DbValue[] _old = [];

    public void BeforeDelete(long rowId, DbValue[] row)
    {
        _old = row.Length == _old.Length ? _old : new DbValue[row.Length];
        row.CopyTo(_old, 0);
        // SQLite would skip the row being written; a REPLACE that keeps the conflicting row has no meaning here.
        if (!triggers.Before(row, rowId, null, 0))
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError,
                "RAISE(IGNORE) is not supported in a DELETE trigger fired by OR REPLACE");
        }

        Keys?.BeforeDelete(rowId, row);
    }

    public void AfterDelete(long rowId, DbValue[] row)
    {
        Keys?.AfterDelete(rowId, row);
        triggers.After(_old, rowId, null, 0);
    }
}
