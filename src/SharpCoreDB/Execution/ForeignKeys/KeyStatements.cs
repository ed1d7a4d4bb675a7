// The statements foreign key enforcement runs, compiled once per plan: a
// KeyQuery finds rows by key (does the parent exist? how many children refer to
// this key?) and a KeyAction runs an ON DELETE / ON UPDATE action (DELETE or
// UPDATE of the children). They are ordinary compiled statements with their own
// run-time context, so the planner picks an index on the key columns when one
// exists (EXPLAIN shows it) and the child tables' own keys are enforced in turn.
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Storage.Transactions;

namespace SharpCoreDB.Execution.ForeignKeys;

/// <summary>A compiled SELECT over key values: counts the rows it finds (argumentOfSlot: the argument each parameter slot takes).</summary>
internal sealed class KeyQuery(QueryContext context, PlanNode root, int[] argumentOfSlot)
{
    private readonly DbValue[] _parameters = new DbValue[argumentOfSlot.Length];

    public PlanNode Root => root;

    /// <summary>How many rows match <paramref name="arguments"/> (a query with LIMIT 1 answers 0 or 1).</summary>
    public long Count(IPageAccess pages, ReadOnlySpan<DbValue> arguments, CancellationToken token)
    {
        for (int i = 0; i < _parameters.Length; i++)
        {
            _parameters[i] = arguments[argumentOfSlot[i]];
        }

        context.Begin(pages, _parameters, token);
        try
        {
            root.Open();
            long count = 0;
            try
            {
                while (root.Next())
                {
                    count++;
                }
            }
            finally
            {
                root.Close();
            }

            return count;
        }
        finally
        {
            context.End();
            Array.Clear(_parameters);
        }
    }
}

/// <summary>A compiled DELETE or UPDATE of child rows: a CASCADE, SET NULL or SET DEFAULT action.</summary>
internal sealed class KeyAction(QueryContext context, DmlPlan plan, int[] argumentOfSlot)
{
    private readonly DbValue[] _parameters = new DbValue[argumentOfSlot.Length];

    /// <summary>Runs the action for one parent row; nested actions count towards <see cref="ForeignKeyState.MaxActionDepth"/>.</summary>
    public void Run(WriteTransaction tx, ReadOnlySpan<DbValue> arguments, ForeignKeyState state, Triggers.TriggerState? triggers, CancellationToken token)
    {
        if (state.ActionDepth >= ForeignKeyState.MaxActionDepth)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, "too many levels of trigger recursion");
        }

        for (int i = 0; i < _parameters.Length; i++)
        {
            _parameters[i] = arguments[argumentOfSlot[i]];
        }

        state.ActionDepth++;
        context.Begin(tx, _parameters, token);
        context.ForeignKeys = state;
        context.Triggers = triggers;
        var counters = triggers?.Counters.Save();
        try
        {
            plan.Execute(tx, null);
        }
        finally
        {
            // An action counts in total_changes() but, like a trigger, leaves changes() and last_insert_rowid() as they were.
            if (counters is { } saved)
            {
                triggers!.Counters.Restore(saved);
            }

            context.End();
            state.ActionDepth--;
            Array.Clear(_parameters);
        }
    }
}
