// Computes window functions over the rows that reach it (after WHERE, GROUP BY and
// HAVING; before the result columns, DISTINCT, ORDER BY and LIMIT, as in SQLite).
// Open reads every input row: it keeps the row (the frames the result columns read)
// and, for each window function, the row's PARTITION BY and ORDER BY values, arguments
// and FILTER outcome. Each function then sorts the row numbers into window order and
// computes its value for every row, partition by partition (WindowPartition). Next
// hands the rows back in the window order of the first function, as SQLite does, each
// with its window values in the window frame that the result columns' evaluators read.
//
// The rows are held in memory for the statement; unlike a sort, this operator does
// not spill yet (docs/sql-semantics.md, "Window functions").
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Semantics;

namespace SharpCoreDB.Execution.Windows;

/// <summary>Adds window function values to each input row.</summary>
internal sealed class WindowNode(QueryContext context, PlanNode input, Frame[] rowFrames, WindowFunctionSpec[] functions, Frame windowFrame) : PlanNode
{
    private readonly List<DbValue[][]> _rows = [];
    private readonly WindowPartition[] _partitions = [.. functions.Select(f => new WindowPartition(f))];
    private DbValue[][] _results = [];
    private int[] _emitOrder = [];
    private int _next;

    public override Frame Output => input.Output;

    public override int ColumnCount => input.ColumnCount;

    public override void Open()
    {
        _rows.Clear();
        _next = 0;
        var keys = new List<DbValue[]>[functions.Length];
        var orders = new List<DbValue[]>[functions.Length];
        var arguments = new List<DbValue[]>[functions.Length];
        var passes = new List<bool>[functions.Length];
        for (int f = 0; f < functions.Length; f++)
        {
            (keys[f], orders[f], arguments[f], passes[f]) = ([], [], [], []);
            _partitions[f].Prepare();
        }

        input.Open();
        while (input.Next())
        {
            if ((_rows.Count & 1023) == 0)
            {
                context.CheckCancelled();
            }

            var saved = new DbValue[rowFrames.Length][];
            for (int i = 0; i < rowFrames.Length; i++)
            {
                saved[i] = (DbValue[])rowFrames[i].Values.Clone();
            }

            _rows.Add(saved);
            for (int f = 0; f < functions.Length; f++)
            {
                WindowFunctionSpec function = functions[f];
                keys[f].Add(Evaluate(function.Partition));
                orders[f].Add(Evaluate(function.Order));
                arguments[f].Add(Evaluate(function.Arguments));
                passes[f].Add(function.Filter is null || SqlTruth.IsTrue(function.Filter.Evaluate()) == true);
            }
        }

        input.Close();
        // As in SQLite, the last window is computed first and each earlier one sorts the rows in the
        // order the later one left them: that decides the order of peers, which row_number and the
        // rows' output order show.
        _results = new DbValue[functions.Length][];
        int[] arrival = new int[_rows.Count];
        for (int i = 0; i < arrival.Length; i++)
        {
            arrival[i] = i;
        }

        for (int f = functions.Length - 1; f >= 0; f--)
        {
            _results[f] = new DbValue[_rows.Count];
            int[] sorted = Compute(f, [.. keys[f]], [.. orders[f]], [.. arguments[f]], [.. passes[f]], arrival);
            for (int k = 0; k < sorted.Length; k++)
            {
                arrival[sorted[k]] = k;
            }

            _emitOrder = sorted;
        }
    }

    public override bool Next()
    {
        if (_next >= _rows.Count)
        {
            return false;
        }

        int row = _emitOrder[_next];
        DbValue[][] saved = _rows[row];
        for (int i = 0; i < rowFrames.Length; i++)
        {
            saved[i].CopyTo(rowFrames[i].Values, 0);
        }

        for (int f = 0; f < functions.Length; f++)
        {
            windowFrame.Values[f] = _results[f][row];
        }

        _next++;
        return true;
    }

    public override void Close()
    {
        _rows.Clear();
        _results = [];
        _emitOrder = [];
    }

    public override void Explain(List<string> lines, int depth)
    {
        foreach (WindowFunctionSpec function in functions)
        {
            string partition = function.Partition.Length > 0 ? $" PARTITION BY {function.Partition.Length}" : string.Empty;
            string order = function.OrderKeys.Length > 0 ? $" ORDER BY {function.OrderKeys.Length}" : string.Empty;
            lines.Add(Indent(depth) + $"WINDOW {function.Name}(){partition}{order} {function.Frame.Describe()}");
        }

        input.Explain(lines, depth + 1);
    }

    private static DbValue[] Evaluate(Evaluators.Evaluator[] evaluators)
    {
        if (evaluators.Length == 0)
        {
            return [];
        }

        var values = new DbValue[evaluators.Length];
        for (int i = 0; i < values.Length; i++)
        {
            values[i] = evaluators[i].Evaluate();
        }

        return values;
    }

    // Sorts the rows into window order (partition, then ORDER BY, then arrival order) and
    // computes function f over each run of rows with equal partition values.
    private int[] Compute(int f, DbValue[][] keys, DbValue[][] orders, DbValue[][] arguments, bool[] passes, int[] arrival)
    {
        WindowFunctionSpec function = functions[f];
        int count = keys.Length;
        int[] sorted = new int[count];
        for (int i = 0; i < count; i++)
        {
            sorted[i] = i;
        }

        Array.Sort(sorted, (a, b) =>
        {
            int c = SortKey.Compare(function.PartitionKeys, keys[a], keys[b]);
            if (c == 0)
            {
                c = SortKey.Compare(function.OrderKeys, orders[a], orders[b]);
            }

            return c != 0 ? c : arrival[a].CompareTo(arrival[b]);
        });

        int first = 0;
        while (first < count)
        {
            int end = first + 1;
            while (end < count && SortKey.Compare(function.PartitionKeys, keys[sorted[first]], keys[sorted[end]]) == 0)
            {
                end++;
            }

            _partitions[f].Compute(sorted, first, end - first, orders, arguments, passes, _results[f]);
            first = end;
        }

        return sorted;
    }
}
