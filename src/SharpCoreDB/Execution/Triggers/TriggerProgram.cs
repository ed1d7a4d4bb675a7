// One trigger compiled for one firing site: its WHEN and its body statements,
// planned against a frame that holds the OLD and NEW rows (columns, then rowid).
// Firing copies the rows into the frame, evaluates WHEN, and runs each statement
// in order in the firing statement's transaction, with the connection's foreign
// key and trigger state, so the statements fire triggers and enforce keys in
// turn. RAISE(IGNORE) anywhere in the body ends the program and tells the firing
// site to skip its row.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.ForeignKeys;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Semantics;
using SharpCoreDB.Storage.Transactions;

namespace SharpCoreDB.Execution.Triggers;

/// <summary>Where the OLD and NEW rows go in a program's frame (-1: the trigger's event has no such row).</summary>
internal readonly record struct TriggerRowSlots(int Old, int New, int Width, int RowIdColumn, bool HasRowId);

/// <summary>A statement of a trigger body: a write, or a SELECT run for its effects (RAISE).</summary>
internal sealed class TriggerStep(IWritePlan? write, PlanNode? query)
{
    public void Run(WriteTransaction tx)
    {
        if (write is not null)
        {
            write.Execute(tx, null);
            return;
        }

        query!.Open();
        try
        {
            while (query.Next())
            {
            }
        }
        finally
        {
            query.Close();
        }
    }
}

/// <summary>A compiled trigger.</summary>
internal sealed class TriggerProgram(TriggerSchema trigger, QueryContext context, Frame frame, TriggerRowSlots slots, Evaluator? when, TriggerStep[] steps)
{
    public TriggerSchema Trigger => trigger;

    /// <summary>Runs the trigger for one row; false when RAISE(IGNORE) asks the firing site to skip the row.</summary>
    public bool Fire(WriteTransaction tx, TriggerState state, ForeignKeyState? keys, CancellationToken token, DbValue[]? old, long oldRowId, DbValue[]? row, long rowId)
    {
        Load(slots.Old, old, oldRowId);
        Load(slots.New, row, rowId);
        state.Enter(trigger);
        var counters = state.Counters.Save();
        try
        {
            if (when is not null && !Run(tx, state, keys, token, null))
            {
                return true;
            }

            foreach (TriggerStep step in steps)
            {
                Run(tx, state, keys, token, step);
            }

            return true;
        }
        catch (RaiseIgnore)
        {
            return false;
        }
        finally
        {
            state.Counters.Restore(counters);
            state.Exit();
            Array.Clear(frame.Values);
        }
    }

    // Runs one statement (or, with no step, evaluates WHEN and returns whether it holds) in the program's context.
    private bool Run(WriteTransaction tx, TriggerState state, ForeignKeyState? keys, CancellationToken token, TriggerStep? step)
    {
        context.Begin(tx, [], token);
        context.ForeignKeys = keys;
        context.Triggers = state;
        try
        {
            if (step is null)
            {
                return SqlTruth.IsTrue(when!.Evaluate()) == true;
            }

            step.Run(tx);
            return true;
        }
        finally
        {
            context.End();
        }
    }

    private void Load(int slot, DbValue[]? values, long rowId)
    {
        if (slot < 0 || values is null)
        {
            return;
        }

        values.AsSpan(0, slots.Width).CopyTo(frame.Values.AsSpan(slot));
        if (slots.HasRowId)
        {
            frame.Values[slot + slots.Width] = DbValue.FromInt64(rowId);
            if (slots.RowIdColumn >= 0 && values[slots.RowIdColumn].IsNull)
            {
                // A BEFORE INSERT without a given key sees the rowid it will get as -1 (SQLite's value), here too.
                frame.Values[slot + slots.RowIdColumn] = DbValue.FromInt64(rowId);
            }
        }
    }
}
