// A subquery or view in FROM: its rows are copied into the relation's slots.
// An uncorrelated subquery is run once per execution and its rows kept, so the
// inner side of a nested loop does not recompute it for every outer row.

namespace SharpCoreDB.Execution.Operators;

/// <summary>Rows of a subquery in FROM.</summary>
internal sealed class SubqueryRowSource(QueryContext context, PlanNode plan, Frame frame, int firstSlot, string alias, bool correlated) : RowSource
{
    private readonly List<DbValue[]> _rows = [];
    private long _generation = -1;
    private int _next;

    public PlanNode Plan => plan;

    public override void Open()
    {
        _next = 0;
        if (correlated || _generation != context.Generation)
        {
            _rows.Clear();
            plan.Open();
            int n = plan.ColumnCount;
            while (plan.Next())
            {
                _rows.Add(plan.Output.Values.AsSpan(0, n).ToArray());
            }

            plan.Close();
            _generation = context.Generation;
        }
    }

    public override bool Next()
    {
        if (_next >= _rows.Count)
        {
            return false;
        }

        DbValue[] row = _rows[_next++];
        row.CopyTo(frame.Values, firstSlot);
        return true;
    }

    public override void NullFill() => Array.Fill(frame.Values, DbValue.Null, firstSlot, plan.ColumnCount);

    public override string Describe() => $"SCAN SUBQUERY {alias}";
}

/// <summary>The single empty row of a SELECT without FROM.</summary>
internal sealed class SingleRowSource : RowSource
{
    private bool _done;

    public override void Open() => _done = false;

    public override bool Next()
    {
        if (_done)
        {
            return false;
        }

        _done = true;
        return true;
    }

    public override void NullFill()
    {
    }

    public override string Describe() => "SCAN CONSTANT ROW";
}
