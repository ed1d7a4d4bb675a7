// A common table expression computed once per execution and read by several
// references (MATERIALIZED, or named more than once by the statement). The rows
// are produced lazily: a reader that wants row i pulls the CTE's plan only until
// row i exists, so a reference under a LIMIT stops an endless recursive CTE as it
// would with one reader, and every reader sees the same rows (random() included).

namespace SharpCoreDB.Execution.Operators;

/// <summary>The rows of one shared CTE, filled on demand and kept for the execution.</summary>
internal sealed class SharedCteRows(QueryContext context, PlanNode plan, string name)
{
    private readonly List<DbValue[]> _rows = [];
    private long _generation = -1;
    private bool _open;
    private bool _exhausted;

    public PlanNode Plan => plan;

    public string Name => name;

    /// <summary>Set once EXPLAIN has listed the CTE's plan.</summary>
    public bool Explained { get; set; }

    /// <summary>Row <paramref name="index"/>, computing rows up to it when no reader asked for them yet.</summary>
    public bool TryGet(int index, out DbValue[] row)
    {
        if (_generation != context.Generation)
        {
            if (_open)
            {
                plan.Close();
            }

            _rows.Clear();
            _open = false;
            _exhausted = false;
            _generation = context.Generation;
        }

        while (index >= _rows.Count && !_exhausted)
        {
            if (!_open)
            {
                plan.Open();
                _open = true;
            }

            if (plan.Next())
            {
                _rows.Add(plan.Output.Values.AsSpan(0, plan.ColumnCount).ToArray());
            }
            else
            {
                _exhausted = true;
                plan.Close();
                _open = false;
            }
        }

        row = index < _rows.Count ? _rows[index] : [];
        return index < _rows.Count;
    }
}

/// <summary>One reference's scan of a shared CTE.</summary>
internal sealed class SharedCteNode(SharedCteRows rows) : PlanNode
{
    public SharedCteRows Rows => rows;

    private readonly Frame _output = new() { Values = new DbValue[rows.Plan.ColumnCount] };
    private int _next;

    public override Frame Output => _output;

    public override int ColumnCount => _output.Values.Length;

    public override void Open() => _next = 0;

    public override bool Next()
    {
        if (!rows.TryGet(_next, out DbValue[] row))
        {
            return false;
        }

        _next++;
        row.CopyTo(_output.Values, 0);
        return true;
    }

    // The first reference listed shows how the CTE is computed; the others only read it.
    public override void Explain(List<string> lines, int depth)
    {
        if (rows.Explained)
        {
            lines.Add(Indent(depth) + "SCAN MATERIALIZED CTE " + rows.Name);
            return;
        }

        rows.Explained = true;
        lines.Add(Indent(depth) + "MATERIALIZE CTE " + rows.Name);
        rows.Plan.Explain(lines, depth + 1);
    }
}
