// A subquery, view or common table expression in FROM: its rows are copied into the
// relation's slots. As the outermost relation of the join (read once per opening of
// the pipeline) it streams the rows, so an outer LIMIT stops an endless recursive CTE;
// deeper in a nested loop an uncorrelated one is run once per execution and its rows
// kept, so the inner side does not recompute it for every outer row.

namespace SharpCoreDB.Execution.Operators;

/// <summary>Rows of a subquery in FROM.</summary>
internal sealed class SubqueryRowSource(QueryContext context, PlanNode plan, Frame frame, int firstSlot, string label, bool correlated) : RowSource
{
    private readonly List<DbValue[]> _rows = [];
    private long _generation = -1;
    private int _next;
    private bool _streamOpen;

    public PlanNode Plan => plan;

    /// <summary>Reads the plan as it produces rows instead of keeping them (set for the outermost relation).</summary>
    public bool Streaming { get; set; }

    public override void Open()
    {
        _next = 0;
        if (Streaming)
        {
            plan.Open();
            _streamOpen = true;
            return;
        }

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
        if (Streaming)
        {
            if (!_streamOpen || !plan.Next())
            {
                Close();
                return false;
            }

            plan.Output.Values.AsSpan(0, plan.ColumnCount).CopyTo(frame.Values.AsSpan(firstSlot));
            return true;
        }

        if (_next >= _rows.Count)
        {
            return false;
        }

        DbValue[] row = _rows[_next++];
        row.CopyTo(frame.Values, firstSlot);
        return true;
    }

    public override void Close()
    {
        if (_streamOpen)
        {
            _streamOpen = false;
            plan.Close();
        }
    }

    public override void NullFill() => Array.Fill(frame.Values, DbValue.Null, firstSlot, plan.ColumnCount);

    public override string Describe() => "SCAN " + label;

    public override void ExplainInner(List<string> lines, int depth) => plan.Explain(lines, depth);
}

/// <summary>The single empty row of a SELECT without FROM.</summary>
internal sealed class SingleRowSource : OnceRowSource
{
    protected override void Fill()
    {
    }

    public override void NullFill()
    {
    }

    public override string Describe() => "SCAN CONSTANT ROW";
}
