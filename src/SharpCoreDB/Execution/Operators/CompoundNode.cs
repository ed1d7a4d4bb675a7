// UNION ALL, UNION, INTERSECT and EXCEPT of two inputs with the same number of
// columns. UNION ALL streams. The others compare rows under each column's collation
// (the compound's: the first SELECT from the left whose column has one, as SQLite
// chooses it), so under NOCASE 'A' and 'a' are one row, and keep SQLite's
// representative of rows that compare equal: the last one read (1 UNION 1.0 is 1.0;
// INTERSECT and EXCEPT keep the left input's). They read their inputs whole, then
// return the rows in first-seen order (the planner sorts the result when the
// statement has no ORDER BY, as SQLite's output is sorted). Under an application
// collation, which cannot fold, rows are kept ordered by it instead of hashed
// (CollatedKeys).

namespace SharpCoreDB.Execution.Operators;

/// <summary>A compound SELECT operator.</summary>
internal sealed class CompoundNode(CompoundOperator op, PlanNode left, PlanNode right, TextCollation[] collations) : PlanNode
{
    private readonly Frame _output = new() { Values = new DbValue[left.ColumnCount] };
    private readonly CollatedKeys? _order = CollatedKeys.For(collations);
    private readonly IDictionary<HashKey, int> _positions = CollatedKeys.NewDictionary<int>(CollatedKeys.For(collations));
    private readonly List<DbValue[]?> _rows = [];
    private int _next;
    private bool _onRight;

    public override Frame Output => _output;

    public override int ColumnCount => left.ColumnCount;

    public override void Open()
    {
        _onRight = false;
        _next = 0;
        if (op == CompoundOperator.UnionAll)
        {
            left.Open();
            return;
        }

        _positions.Clear();
        _rows.Clear();
        Read(left);
        if (op == CompoundOperator.Union)
        {
            Read(right);
        }
        else
        {
            ISet<HashKey> inRight = CollatedKeys.NewSet(_order);
            right.Open();
            while (right.Next())
            {
                inRight.Add(Key(right.Output.Values));
            }

            right.Close();
            foreach ((HashKey key, int position) in _positions)
            {
                if (inRight.Contains(key) != (op == CompoundOperator.Intersect))
                {
                    _rows[position] = null;
                }
            }
        }
    }

    public override bool Next()
    {
        if (op != CompoundOperator.UnionAll)
        {
            while (_next < _rows.Count)
            {
                if (_rows[_next++] is { } row)
                {
                    Array.Copy(row, _output.Values, ColumnCount);
                    return true;
                }
            }

            return false;
        }

        while (true)
        {
            PlanNode current = _onRight ? right : left;
            if (current.Next())
            {
                Array.Copy(current.Output.Values, _output.Values, ColumnCount);
                return true;
            }

            current.Close();
            if (_onRight)
            {
                return false;
            }

            _onRight = true;
            right.Open();
        }
    }

    public override void Close()
    {
        _positions.Clear();
        _rows.Clear();
    }

    public override void Explain(List<string> lines, int depth)
    {
        lines.Add(Indent(depth) + "COMPOUND " + op.ToString().ToUpperInvariant());
        left.Explain(lines, depth + 1);
        right.Explain(lines, depth + 1);
    }

    // Reads an input whole; a row equal to one read before takes its place (the last one read is kept).
    private void Read(PlanNode input)
    {
        input.Open();
        while (input.Next())
        {
            DbValue[] row = input.Output.Values.AsSpan(0, ColumnCount).ToArray();
            HashKey key = Key(row);
            if (_positions.TryGetValue(key, out int position))
            {
                _rows[position] = row;
            }
            else
            {
                _positions[key] = _rows.Count;
                _rows.Add(row);
            }
        }

        input.Close();
    }

    // The row as the compound compares it: text folded by its column's collation.
    private HashKey Key(DbValue[] row)
    {
        var key = new DbValue[ColumnCount];
        for (int i = 0; i < key.Length; i++)
        {
            key[i] = _order is null ? collations[i].Key(row[i]) : row[i];
        }

        return new HashKey(key);
    }
}
