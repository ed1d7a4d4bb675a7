// Computes window functions over the rows that reach it (after WHERE, GROUP BY and
// HAVING; before the result columns, DISTINCT, ORDER BY and LIMIT, as in SQLite).
// Open reads every input row: it keeps the row (the frames the result columns read)
// and, for each distinct window (PARTITION BY and ORDER BY; calls that share one share
// its sort), the row's partition and order values, and for each function its
// arguments and FILTER outcome. Each window then sorts the rows (WindowSorter) and
// each of its functions computes its value for every row, partition by partition
// (WindowPartition). Next hands the rows back in the first window's order, as SQLite
// does, each with its window values in the window frame the result columns read.
//
// Up to the spill threshold the rows are held in memory; past it, every row goes to
// SpilledWindows, which computes the same values through sorts that spill, one partition
// at a time, in a table that spills too when the partition is large.
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Semantics;

namespace SharpCoreDB.Execution.Windows;

/// <summary>Adds window function values to each input row.</summary>
internal sealed class WindowNode : PlanNode
{
    private readonly QueryContext _context;
    private readonly PlanNode _input;
    private readonly Frame[] _rowFrames;
    private readonly WindowFunctionSpec[] _functions;
    private readonly Frame _windowFrame;
    private readonly WindowPartition[] _partitions;
    private readonly int[][] _windows;
    private RowValues _rows = new(0);
    private RowValues _results = new(0);
    private int[] _emitOrder = [];
    private int _next;
    private SpilledWindows? _spilled;

    public WindowNode(QueryContext context, PlanNode input, Frame[] rowFrames, WindowFunctionSpec[] functions, Frame windowFrame)
    {
        _context = context;
        _input = input;
        _rowFrames = rowFrames;
        _functions = functions;
        _windowFrame = windowFrame;
        _partitions = [.. functions.Select(f => new WindowPartition(f))];

        // The functions of each window, windows in the order of their first function.
        _windows = [.. Enumerable.Range(0, functions.Length).GroupBy(f => functions[f].SortIdentity).Select(g => g.ToArray())];
    }

    public override Frame Output => _input.Output;

    public override int ColumnCount => _input.ColumnCount;

    public override void Open()
    {
        _rows = new RowValues(_rowFrames.Sum(f => f.Values.Length));
        _next = 0;
        var partitionValues = new RowValues[_windows.Length];
        var orderValues = new RowValues[_windows.Length];
        var arguments = new RowValues[_functions.Length];
        var passes = new List<bool>[_functions.Length];
        for (int w = 0; w < _windows.Length; w++)
        {
            WindowFunctionSpec first = _functions[_windows[w][0]];
            (partitionValues[w], orderValues[w]) = (new RowValues(first.Partition.Length), new RowValues(first.Order.Length));
        }

        for (int f = 0; f < _functions.Length; f++)
        {
            (arguments[f], passes[f]) = (new RowValues(_functions[f].Arguments.Length), []);
            _partitions[f].Prepare();
        }

        _input.Open();
        long read = 0;
        while (_input.Next())
        {
            if ((read++ & 1023) == 0)
            {
                _context.CheckCancelled();
            }

            if (_spilled is not null)
            {
                AddSpilled(_spilled);
                continue;
            }

            if (_rows.Count >= _context.SpillThresholdRows && _context.Storage is not null)
            {
                _spilled = Spill(partitionValues, orderValues, arguments, passes);
                AddSpilled(_spilled);
                continue;
            }

            Span<DbValue> saved = _rows.Add();
            foreach (Frame frame in _rowFrames)
            {
                frame.Values.CopyTo(saved);
                saved = saved[frame.Values.Length..];
            }

            for (int w = 0; w < _windows.Length; w++)
            {
                WindowFunctionSpec first = _functions[_windows[w][0]];
                Evaluate(first.Partition, partitionValues[w].Add());
                Evaluate(first.Order, orderValues[w].Add());
            }

            for (int f = 0; f < _functions.Length; f++)
            {
                Evaluate(_functions[f].Arguments, arguments[f].Add());
                passes[f].Add(_functions[f].Filter is not { } filter || SqlTruth.IsTrue(filter.Evaluate()) == true);
            }
        }

        _input.Close();
        if (_spilled is not null)
        {
            _spilled.Finish();
            return;
        }

        Compute(partitionValues, orderValues, arguments, passes);
    }

    public override bool Next()
    {
        if (_spilled is not null)
        {
            return _spilled.Next(_rowFrames, _windowFrame);
        }

        if (_next >= _rows.Count)
        {
            return false;
        }

        int row = _emitOrder[_next];
        ReadOnlySpan<DbValue> saved = _rows[row];
        foreach (Frame frame in _rowFrames)
        {
            saved[..frame.Values.Length].CopyTo(frame.Values);
            saved = saved[frame.Values.Length..];
        }

        _results[row].CopyTo(_windowFrame.Values);

        _next++;
        return true;
    }

    public override void Close()
    {
        _spilled?.Dispose();
        _spilled = null;
        _rows = new RowValues(0);
        _results = new RowValues(0);
        _emitOrder = [];
    }

    public override void Explain(List<string> lines, int depth)
    {
        foreach (int[] window in _windows)
        {
            WindowFunctionSpec first = _functions[window[0]];
            string partition = first.Partition.Length > 0 ? $" PARTITION BY {first.Partition.Length}" : string.Empty;
            string order = first.OrderKeys.Length > 0 ? $" ORDER BY {first.OrderKeys.Length}" : string.Empty;
            string calls = string.Join(", ", window.Select(f => $"{_functions[f].Name}() {_functions[f].Frame.Describe()}"));
            lines.Add(Indent(depth) + $"WINDOW{partition}{order}: {calls}");
        }

        _input.Explain(lines, depth + 1);
    }

    // The switch to the spilling path: the rows buffered so far become records, in input order.
    private SpilledWindows Spill(RowValues[] partitionValues, RowValues[] orderValues, RowValues[] arguments, List<bool>[] passes)
    {
        var spilled = new SpilledWindows(_context, _functions, _partitions, _windows, _rows.Width);
        DbValue[] record = spilled.Record;
        for (int row = 0; row < _rows.Count; row++)
        {
            _rows[row].CopyTo(record);
            for (int w = 0; w < _windows.Length; w++)
            {
                partitionValues[w][row].CopyTo(record.AsSpan(spilled.PartitionSlot(w)));
                orderValues[w][row].CopyTo(record.AsSpan(spilled.OrderSlot(w)));
            }

            for (int f = 0; f < _functions.Length; f++)
            {
                arguments[f][row].CopyTo(record.AsSpan(spilled.ArgumentSlot(f)));
                record[spilled.PassSlot(f)] = DbValue.FromBoolean(passes[f][row]);
            }

            spilled.Add();
        }

        _rows = new RowValues(0);
        return spilled;
    }

    // The current input row, evaluated into a record of the spilling path.
    private void AddSpilled(SpilledWindows spilled)
    {
        Span<DbValue> record = spilled.Record;
        Span<DbValue> saved = record;
        foreach (Frame frame in _rowFrames)
        {
            frame.Values.CopyTo(saved);
            saved = saved[frame.Values.Length..];
        }

        for (int w = 0; w < _windows.Length; w++)
        {
            WindowFunctionSpec first = _functions[_windows[w][0]];
            Evaluate(first.Partition, record[spilled.PartitionSlot(w)..]);
            Evaluate(first.Order, record[spilled.OrderSlot(w)..]);
        }

        for (int f = 0; f < _functions.Length; f++)
        {
            Evaluate(_functions[f].Arguments, record[spilled.ArgumentSlot(f)..]);
            record[spilled.PassSlot(f)] = DbValue.FromBoolean(_functions[f].Filter is not { } filter || SqlTruth.IsTrue(filter.Evaluate()) == true);
        }

        spilled.Add();
    }

    private static void Evaluate(Evaluator[] evaluators, Span<DbValue> into)
    {
        for (int i = 0; i < evaluators.Length; i++)
        {
            into[i] = evaluators[i].Evaluate();
        }
    }

    // As in SQLite, the last window is computed first and each earlier one sorts the rows in
    // the order the later one left them: that decides the order of peers, which row_number
    // and the rows' output order show.
    private void Compute(RowValues[] partitionValues, RowValues[] orderValues, RowValues[] arguments, List<bool>[] passes)
    {
        int count = _rows.Count;
        _results = new RowValues(_functions.Length);
        _results.AddRows(count);
        var groups = new RowValues(1);
        int[] arrival = new int[count];
        for (int i = 0; i < count; i++)
        {
            arrival[i] = i;
        }

        for (int w = _windows.Length - 1; w >= 0; w--)
        {
            WindowFunctionSpec first = _functions[_windows[w][0]];
            RowValues partitions = partitionValues[w];
            RowValues orders = orderValues[w];
            int[] sorted = WindowSorter.Sort(partitions, first.PartitionKeys, orders, first.OrderKeys, arrival);
            foreach (int f in _windows[w])
            {
                RowValues functionArguments = arguments[f];
                bool[] functionPasses = [.. passes[f]];
                int start = 0;
                while (start < count)
                {
                    int end = start + 1;
                    while (end < count && SortKey.Compare(first.PartitionKeys, partitions[sorted[start]], partitions[sorted[end]]) == 0)
                    {
                        end++;
                    }

                    _partitions[f].Compute(_context, sorted, start, end - start, new RowColumns(orders), new RowColumns(functionArguments),
                        new Passes(functionPasses), _results, f, groups);
                    start = end;
                }
            }

            for (int k = 0; k < count; k++)
            {
                arrival[sorted[k]] = k;
            }

            _emitOrder = sorted;
        }
    }
}
