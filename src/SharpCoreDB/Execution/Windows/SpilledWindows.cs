// Window functions over more rows than the spill threshold. WindowNode buffers its input
// in memory up to QueryContext.SpillThresholdRows rows; past that it hands every row here
// as one record, and the computation goes through sorts that spill (ExternalSorter)
// instead of arrays of the whole input:
//
//   input records --sort by the last window--> one partition at a time: its functions
//   computed --> (in that order) sorted by the window before it --> ... --> the first
//   window's partitions, computed and handed out one partition at a time.
//
// This is WindowNode's in-memory order exactly: the last window is computed first and
// each earlier one sorts the rows stably in the order the later one left them (the
// sorter breaks ties by arrival), so peers, row_number and the output order match.
// Memory holds the sorter's threshold of rows plus one partition: a query whose every
// row is in one partition (no PARTITION BY) still holds all of them, as the frame of any
// of its rows may reach any other row.
//
// A record's layout (slots):
//   [0, saved)                the input row's frames (what the result columns read)
//   per window w              its PARTITION BY values, then its ORDER BY values
//   per function f            its arguments, then whether its FILTER passed (a boolean)
//   [results, results + F)    every function's value, filled as its window is computed
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Spill;

namespace SharpCoreDB.Execution.Windows;

/// <summary>The spilling path of <see cref="WindowNode"/>.</summary>
internal sealed class SpilledWindows : IDisposable
{
    private readonly QueryContext _context;
    private readonly WindowFunctionSpec[] _functions;
    private readonly WindowPartition[] _partitions;
    private readonly int[][] _windows;
    private readonly int _saved;
    private readonly int[] _partitionSlot;
    private readonly int[] _orderSlot;
    private readonly int[] _argumentSlot;
    private readonly int[] _passSlot;
    private readonly int _resultSlot;
    private readonly int _width;
    private readonly DbValue[] _record;
    private readonly DbValue[] _lookahead;
    private ExternalSorter _sorter;
    private readonly RowValues _partition;
    private bool _hasLookahead;
    private int _emitted;

    // Per partition, the columns WindowPartition reads, copied out of the records (kept between partitions).
    private readonly RowValues[] _orders;
    private readonly RowValues[] _arguments;
    private readonly RowValues _results;
    private int[] _identity = [];
    private bool[] _passes = [];

    public SpilledWindows(QueryContext context, WindowFunctionSpec[] functions, WindowPartition[] partitions, int[][] windows, int saved)
    {
        (_context, _functions, _partitions, _windows, _saved) = (context, functions, partitions, windows, saved);
        _partitionSlot = new int[windows.Length];
        _orderSlot = new int[windows.Length];
        _orders = new RowValues[windows.Length];
        int slot = saved;
        for (int w = 0; w < windows.Length; w++)
        {
            WindowFunctionSpec first = functions[windows[w][0]];
            _partitionSlot[w] = slot;
            slot += first.Partition.Length;
            _orderSlot[w] = slot;
            slot += first.Order.Length;
            _orders[w] = new RowValues(first.Order.Length);
        }

        _argumentSlot = new int[functions.Length];
        _passSlot = new int[functions.Length];
        _arguments = new RowValues[functions.Length];
        for (int f = 0; f < functions.Length; f++)
        {
            _argumentSlot[f] = slot;
            slot += functions[f].Arguments.Length;
            _passSlot[f] = slot++;
            _arguments[f] = new RowValues(functions[f].Arguments.Length);
        }

        _resultSlot = slot;
        _width = slot + functions.Length;
        _record = new DbValue[_width];
        _lookahead = new DbValue[_width];
        _partition = new RowValues(_width);
        _results = new RowValues(functions.Length);
        _sorter = new ExternalSorter(context, KeysOf(windows.Length - 1), _width);
    }

    /// <summary>The record to fill for the next input row (then <see cref="Add"/>); the slots below say where.</summary>
    public DbValue[] Record => _record;

    public int PartitionSlot(int window) => _partitionSlot[window];

    public int OrderSlot(int window) => _orderSlot[window];

    public int ArgumentSlot(int function) => _argumentSlot[function];

    public int PassSlot(int function) => _passSlot[function];

    /// <summary>Adds the filled record.</summary>
    public void Add() => _sorter.Add(_record);

    /// <summary>After the last row: computes every window but the first, whose partitions <see cref="Next"/> computes as it reads them.</summary>
    public void Finish()
    {
        _sorter.Finish();
        for (int w = _windows.Length - 1; w > 0; w--)
        {
            var next = new ExternalSorter(_context, KeysOf(w - 1), _width);
            try
            {
                while (ReadPartition(w))
                {
                    for (int i = 0; i < _partition.Count; i++)
                    {
                        _partition[i].CopyTo(_record);
                        next.Add(_record);
                    }
                }

                next.Finish();
            }
            catch
            {
                next.Dispose();
                throw;
            }

            _sorter.Dispose();
            _sorter = next;
            _hasLookahead = false;
        }

        _partition.Clear();
        _emitted = 0;
    }

    /// <summary>The next output row, in the first window's order: its saved frames and its window values.</summary>
    public bool Next(Frame[] rowFrames, Frame windowFrame)
    {
        if (_emitted >= _partition.Count)
        {
            if (!ReadPartition(0))
            {
                return false;
            }

            _emitted = 0;
        }

        ReadOnlySpan<DbValue> record = _partition[_emitted++];
        ReadOnlySpan<DbValue> saved = record[.._saved];
        foreach (Frame frame in rowFrames)
        {
            saved[..frame.Values.Length].CopyTo(frame.Values);
            saved = saved[frame.Values.Length..];
        }

        record.Slice(_resultSlot, _functions.Length).CopyTo(windowFrame.Values);
        return true;
    }

    public void Dispose() => _sorter.Dispose();

    // Window w's sort: its PARTITION BY values, then its ORDER BY values; ties keep arrival order.
    private SortKey[] KeysOf(int window)
    {
        WindowFunctionSpec first = _functions[_windows[window][0]];
        return
        [
            .. first.PartitionKeys.Select(k => k with { Slot = k.Slot + _partitionSlot[window] }),
            .. first.OrderKeys.Select(k => k with { Slot = k.Slot + _orderSlot[window] }),
        ];
    }

    // Reads the sorter's next partition of window w into _partition and computes the window's functions for it.
    private bool ReadPartition(int window)
    {
        _partition.Clear();
        if (!_hasLookahead && !_sorter.Next(_lookahead))
        {
            return false;
        }

        WindowFunctionSpec first = _functions[_windows[window][0]];
        int partitionSlot = _partitionSlot[window];
        int partitionWidth = first.Partition.Length;
        do
        {
            if ((_partition.Count & 1023) == 0)
            {
                _context.CheckCancelled();
            }

            _lookahead.CopyTo(_partition.Add());
            _hasLookahead = _sorter.Next(_lookahead);
        }
        while (_hasLookahead && SortKey.Compare(first.PartitionKeys,
            _partition[0].Slice(partitionSlot, partitionWidth), _lookahead.AsSpan(partitionSlot, partitionWidth)) == 0);

        Compute(window);
        return true;
    }

    private void Compute(int window)
    {
        int count = _partition.Count;
        if (_identity.Length < count)
        {
            _identity = new int[Math.Max(count, _identity.Length * 2)];
            _passes = new bool[_identity.Length];
        }

        for (int i = 0; i < count; i++)
        {
            _identity[i] = i;
        }

        WindowFunctionSpec first = _functions[_windows[window][0]];
        Copy(_orders[window], _orderSlot[window], first.Order.Length);
        _results.Clear();
        _results.AddRows(count);
        foreach (int f in _windows[window])
        {
            Copy(_arguments[f], _argumentSlot[f], _functions[f].Arguments.Length);
            for (int i = 0; i < count; i++)
            {
                _passes[i] = _partition[i][_passSlot[f]].AsBoolean();
            }

            _partitions[f].Compute(_identity, 0, count, _orders[window], _arguments[f], _passes, _results, f);
            for (int i = 0; i < count; i++)
            {
                _partition.At(i, _resultSlot + f) = _results.At(i, f);
            }
        }
    }

    private void Copy(RowValues into, int slot, int width)
    {
        into.Clear();
        for (int i = 0; i < _partition.Count; i++)
        {
            _partition[i].Slice(slot, width).CopyTo(into.Add());
        }
    }
}
