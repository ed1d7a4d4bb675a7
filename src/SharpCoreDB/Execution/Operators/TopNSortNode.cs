// ORDER BY ... LIMIT n [OFFSET m] without an index that gives the order: only the
// first n+m rows can reach the result, so instead of sorting the whole input it
// keeps them in a bounded max-heap (the worst kept row on top, replaced when a
// better row arrives): O(rows * log(n+m)) time and n+m rows of memory. Ties keep
// input order (a sequence number in the last slot), like the stable full sort.
// When the limit is not a usable non-negative integer, or n+m exceeds the spill
// threshold, it falls back to the full (spilling) sort; the LimitNode above it
// still applies LIMIT/OFFSET and reports a bad LIMIT value.
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Semantics;
using SharpCoreDB.Execution.Spill;

namespace SharpCoreDB.Execution.Operators;

/// <summary>Sorts its input keeping only the first LIMIT + OFFSET rows.</summary>
internal sealed class TopNSortNode(QueryContext context, PlanNode input, SortKey[] keys, Evaluator limit, Evaluator? offset) : PlanNode
{
    private readonly Frame _output = new();
    private readonly List<DbValue[]> _sorted = [];
    private ExternalSorter? _sorter;
    private int _next;
    private int _width;

    public override Frame Output => _output;

    public override int ColumnCount => input.ColumnCount;

    public override void Open()
    {
        Close();
        _width = input.Output.Values.Length;
        if (_output.Values.Length != _width)
        {
            _output.Values = new DbValue[_width];
        }

        long bound = Bound();
        if (bound < 0)
        {
            _sorter = new ExternalSorter(context, keys, _width);
        }

        // Max-heap: the priority comparer is reversed, so the worst kept row is dequeued first.
        int width = _width;
        Comparison<DbValue[]> compare = (a, b) =>
        {
            int c = SortKey.Compare(keys, a, b);
            return c != 0 ? c : a[width].AsInt64().CompareTo(b[width].AsInt64());
        };
        var heap = new PriorityQueue<DbValue[], DbValue[]>(Comparer<DbValue[]>.Create((a, b) => compare(b, a)));
        long sequence = 0;
        input.Open();
        while (input.Next())
        {
            if ((++sequence & 1023) == 0)
            {
                context.CheckCancelled();
            }

            DbValue[] values = input.Output.Values;
            if (_sorter is not null)
            {
                _sorter.Add(values);
                continue;
            }

            if (bound == 0)
            {
                continue;
            }

            DbValue[] row;
            if (heap.Count < bound)
            {
                row = new DbValue[_width + 1];
            }
            else
            {
                // A row equal to the worst kept one loses: it came later.
                if (SortKey.Compare(keys, values, heap.Peek()) >= 0)
                {
                    continue;
                }

                row = heap.Dequeue();
            }

            Array.Copy(values, row, _width);
            row[_width] = DbValue.FromInt64(sequence);
            heap.Enqueue(row, row);
        }

        input.Close();
        if (_sorter is not null)
        {
            _sorter.Finish();
            return;
        }

        while (heap.Count > 0)
        {
            _sorted.Add(heap.Dequeue());
        }

        _sorted.Reverse();
    }

    public override bool Next()
    {
        if (_sorter is not null)
        {
            return _sorter.Next(_output.Values);
        }

        if (_next >= _sorted.Count)
        {
            return false;
        }

        Array.Copy(_sorted[_next++], _output.Values, _width);
        return true;
    }

    public override void Close()
    {
        _sorter?.Dispose();
        _sorter = null;
        _sorted.Clear();
        _next = 0;
    }

    public override void Explain(List<string> lines, int depth)
    {
        lines.Add(Indent(depth) + "SORT ORDER BY (top-N heap)");
        input.Explain(lines, depth + 1);
    }

    // LIMIT + OFFSET, or -1 when the heap cannot be used (no limit, a value that is
    // not an integer, or more rows than may be held in memory).
    private long Bound()
    {
        DbValue n = SqlAffinity.Apply(limit.Evaluate(), SqlTypeAffinity.Integer);
        DbValue m = offset is null ? DbValue.FromInt64(0) : SqlAffinity.Apply(offset.Evaluate(), SqlTypeAffinity.Integer);
        if (n.Type != DbValueType.Integer || m.Type != DbValueType.Integer || n.AsInt64() < 0)
        {
            return -1;
        }

        long total = n.AsInt64() + Math.Max(0, m.AsInt64());
        return total < 0 || total > context.SpillThresholdRows ? -1 : total;
    }
}
