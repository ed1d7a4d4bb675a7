// UNION ALL, UNION, INTERSECT and EXCEPT of two inputs with the same number of
// columns. UNION ALL streams; the others deduplicate through hash sets (the
// planner sorts the result when the statement has no ORDER BY, as SQLite's
// output is sorted).

namespace SharpCoreDB.Execution.Operators;

/// <summary>A compound SELECT operator.</summary>
internal sealed class CompoundNode(CompoundOperator op, PlanNode left, PlanNode right) : PlanNode
{
    private readonly Frame _output = new() { Values = new DbValue[left.ColumnCount] };
    private readonly HashSet<HashKey> _seen = [];
    private readonly HashSet<HashKey> _right = [];
    private bool _onRight;

    public override Frame Output => _output;

    public override int ColumnCount => left.ColumnCount;

    public override void Open()
    {
        _seen.Clear();
        _right.Clear();
        _onRight = false;
        if (op is CompoundOperator.Intersect or CompoundOperator.Except)
        {
            right.Open();
            while (right.Next())
            {
                _right.Add(new HashKey(right.Output.Values.AsSpan(0, ColumnCount).ToArray()));
            }

            right.Close();
        }

        left.Open();
    }

    public override bool Next()
    {
        while (true)
        {
            PlanNode current = _onRight ? right : left;
            if (!current.Next())
            {
                current.Close();
                if (_onRight || op is CompoundOperator.Intersect or CompoundOperator.Except)
                {
                    return false;
                }

                _onRight = true;
                right.Open();
                continue;
            }

            DbValue[] row = current.Output.Values;
            if (op != CompoundOperator.UnionAll)
            {
                var key = new HashKey(row.AsSpan(0, ColumnCount).ToArray());
                if (op == CompoundOperator.Intersect && !_right.Contains(key))
                {
                    continue;
                }

                if (op == CompoundOperator.Except && _right.Contains(key))
                {
                    continue;
                }

                if (!_seen.Add(key))
                {
                    continue;
                }
            }

            Array.Copy(row, _output.Values, ColumnCount);
            return true;
        }
    }

    public override void Close()
    {
        _seen.Clear();
        _right.Clear();
    }

    public override void Explain(List<string> lines, int depth)
    {
        lines.Add(Indent(depth) + "COMPOUND " + op.ToString().ToUpperInvariant());
        left.Explain(lines, depth + 1);
        right.Explain(lines, depth + 1);
    }
}
