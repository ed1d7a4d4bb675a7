// INSERT, UPDATE or DELETE on a view: its INSTEAD OF triggers run in place of the
// change, once per row. The rows are read first (the VALUES or SELECT of an
// INSERT; the view's rows the WHERE selects for UPDATE and DELETE), then each
// becomes OLD and NEW: an INSERT's NEW has the given columns (the rest NULL), an
// UPDATE's NEW is OLD with the SET columns assigned, a DELETE has OLD only.
// Nothing is written by the statement itself, so it reports 0 changed rows, as
// SQLite does.
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Storage.Transactions;

namespace SharpCoreDB.Execution.Triggers;

/// <summary>A write to a view, carried out by its INSTEAD OF triggers.</summary>
internal sealed class InsteadOfPlan(QueryContext context, string view, DmlKind kind, int width, PlanNode? source, Func<TriggerWork> triggers) : IWritePlan
{
    private TriggerWork? _work;

    /// <summary>INSERT: the view column each source value goes to.</summary>
    public int[] Targets { get; init; } = [];

    /// <summary>UPDATE: the columns SET assigns, and their values (compiled over <see cref="RowFrame"/>).</summary>
    public int[] AssignColumns { get; init; } = [];

    public Evaluator[] AssignValues { get; init; } = [];

    /// <summary>UPDATE: where the view's row is put for the SET expressions (its columns from slot 0).</summary>
    public Frame? RowFrame { get; init; }

    public long? LastInsertRowId => null;

    public IReadOnlyList<OutputColumn> ReturningColumns => [];

    public int Execute(WriteTransaction tx, List<DbValue[]>? returned)
    {
        var rows = new List<DbValue[]>();
        if (source is null)
        {
            rows.Add([]);
        }
        else
        {
            source.Open();
            try
            {
                while (source.Next())
                {
                    rows.Add(source.Output.Values[..source.ColumnCount]);
                }
            }
            finally
            {
                source.Close();
            }
        }

        TriggerWork work = _work ??= triggers();
        work.Begin(tx, context.Triggers ?? throw new InvalidOperationException("A view write needs the connection's trigger state."), context.ForeignKeys, context.Token);
        try
        {
            foreach (DbValue[] input in rows)
            {
                context.CheckCancelled();
                Fire(work, input);
            }
        }
        finally
        {
            work.End();
        }

        return 0;
    }

    public void Explain(List<string> lines)
    {
        lines.Add("INSTEAD OF " + kind.ToString().ToUpperInvariant() + " " + view);
        source?.Explain(lines, 1);
        (_work ??= triggers()).Explain(lines, 1);
    }

    private void Fire(TriggerWork work, DbValue[] input)
    {
        switch (kind)
        {
            case DmlKind.Insert:
                var row = new DbValue[width];
                for (int i = 0; i < Targets.Length; i++)
                {
                    row[Targets[i]] = input[i];
                }

                work.InsteadOf(null, row);
                break;
            case DmlKind.Update:
                input.AsSpan(0, width).CopyTo(RowFrame!.Values);
                var updated = (DbValue[])input.Clone();
                for (int i = 0; i < AssignColumns.Length; i++)
                {
                    updated[AssignColumns[i]] = AssignValues[i].Evaluate();
                }

                work.InsteadOf(input, updated);
                break;
            default:
                work.InsteadOf(input, null);
                break;
        }
    }
}
