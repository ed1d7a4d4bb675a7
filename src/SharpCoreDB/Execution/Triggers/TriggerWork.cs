// The triggers one INSERT, UPDATE or DELETE plan fires, by timing, in SQLite's
// order (the most recently created first). A DmlPlan asks before and after each
// row it writes; an InsteadOfPlan asks in place of each row of its view. A
// trigger already running is skipped unless PRAGMA recursive_triggers is on.
// Programs are compiled when the work is built (on the plan's first execution),
// so a body naming a missing table fails the statement even when no row fires.
using SharpCoreDB.Execution.ForeignKeys;
using SharpCoreDB.Storage.Transactions;

namespace SharpCoreDB.Execution.Triggers;

/// <summary>The trigger programs of one write plan.</summary>
internal sealed class TriggerWork(TriggerProgram[] before, TriggerProgram[] after, TriggerProgram[] insteadOf)
{
    private WriteTransaction? _tx;
    private TriggerState? _state;
    private ForeignKeyState? _keys;
    private CancellationToken _token;

    public bool HasBefore => before.Length > 0;

    public bool HasAfter => after.Length > 0;

    /// <summary>Binds the work to one execution.</summary>
    public void Begin(WriteTransaction tx, TriggerState state, ForeignKeyState? keys, CancellationToken token)
    {
        _tx = tx;
        _state = state;
        _keys = keys;
        _token = token;
    }

    public void End()
    {
        _tx = null;
        _state = null;
        _keys = null;
    }

    /// <summary>BEFORE triggers; false when one of them said RAISE(IGNORE) (skip the row).</summary>
    public bool Before(DbValue[]? old, long oldRowId, DbValue[]? row, long rowId) => Fire(before, old, oldRowId, row, rowId);

    /// <summary>AFTER triggers; false when one of them said RAISE(IGNORE) (the rest do not run).</summary>
    public bool After(DbValue[]? old, long oldRowId, DbValue[]? row, long rowId) => Fire(after, old, oldRowId, row, rowId);

    /// <summary>INSTEAD OF triggers of a view's row.</summary>
    public bool InsteadOf(DbValue[]? old, DbValue[]? row) => Fire(insteadOf, old, 0, row, 0);

    /// <summary>EXPLAIN lines: the triggers a row fires.</summary>
    public void Explain(List<string> lines, int depth)
    {
        string indent = new(' ', depth * 2);
        foreach (TriggerProgram program in before.Concat(insteadOf).Concat(after))
        {
            lines.Add($"{indent}TRIGGER {program.Trigger.Name}: {program.Trigger.Sql[..program.Trigger.Sql.IndexOf(" BEGIN ", StringComparison.Ordinal)]}");
        }
    }

    private bool Fire(TriggerProgram[] programs, DbValue[]? old, long oldRowId, DbValue[]? row, long rowId)
    {
        TriggerState state = _state ?? throw new InvalidOperationException("Trigger work used outside an execution.");
        foreach (TriggerProgram program in programs)
        {
            if (state.MayFire(program.Trigger) && !program.Fire(_tx!, state, _keys, _token, old, oldRowId, row, rowId))
            {
                return false;
            }
        }

        return true;
    }
}
