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
//
// The partition is a RowValues table that spills (SpilledBlocks): a few of its blocks in
// memory, the rest in a temporary file, like SQLite's ephemeral table, so a partition of
// any size (a window without PARTITION BY holds every row in one) fits in bounded memory.
// WindowPartition reads each function's ORDER BY values, arguments and FILTER outcome in
// place from the records and writes the function's values into them; the peer groups it
// needs are a second spilling table. Memory is then the sorter's threshold of rows plus
// at most SpilledBlocks.ResidentBlocks blocks of each of the two tables (whose blocks hold
// at most a sixteenth of the threshold's rows each), plus 20 bytes per block of the
// largest partition (where each block is in the file). Nothing else is held per row; an
// aggregate's own state (group_concat's text over an unbounded frame) may still grow.
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
    private bool _hasLookahead;
    private int _emitted;

    // The current partition's records, its peer groups (WindowPartition's), and its PARTITION BY values.
    private readonly RowValues _partition;
    private readonly RowValues _groups;
    private readonly DbValue[] _key;

    [ThreadStatic]
    private static SpillObservation? _observed;

    public SpilledWindows(QueryContext context, WindowFunctionSpec[] functions, WindowPartition[] partitions, int[][] windows, int saved)
    {
        (_context, _functions, _partitions, _windows, _saved) = (context, functions, partitions, windows, saved);
        _partitionSlot = new int[windows.Length];
        _orderSlot = new int[windows.Length];
        int slot = saved;
        for (int w = 0; w < windows.Length; w++)
        {
            WindowFunctionSpec first = functions[windows[w][0]];
            _partitionSlot[w] = slot;
            slot += first.Partition.Length;
            _orderSlot[w] = slot;
            slot += first.Order.Length;
        }

        _argumentSlot = new int[functions.Length];
        _passSlot = new int[functions.Length];
        for (int f = 0; f < functions.Length; f++)
        {
            _argumentSlot[f] = slot;
            slot += functions[f].Arguments.Length;
            _passSlot[f] = slot++;
        }

        _resultSlot = slot;
        _width = slot + functions.Length;
        _record = new DbValue[_width];
        _lookahead = new DbValue[_width];
        _partition = new RowValues(_width, context);
        _groups = new RowValues(1, context);
        _key = new DbValue[functions.Max(f => f.Partition.Length)];
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

    /// <summary>
    /// For tests: what the spilled partitions computed on this thread since it was last set (null: nothing
    /// is recorded), to show that memory stays bounded whatever a partition's size.
    /// </summary>
    internal static SpillObservation? Observed
    {
        get => _observed;
        set => _observed = value;
    }

    public void Dispose()
    {
        _sorter.Dispose();
        _partition.Dispose();
        _groups.Dispose();
    }

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
        _lookahead.AsSpan(partitionSlot, partitionWidth).CopyTo(_key);
        do
        {
            if ((_partition.Count & 1023) == 0)
            {
                _context.CheckCancelled();
            }

            _lookahead.CopyTo(_partition.Add());
            _hasLookahead = _sorter.Next(_lookahead);
        }
        while (_hasLookahead && SortKey.Compare(first.PartitionKeys, _key.AsSpan(0, partitionWidth), _lookahead.AsSpan(partitionSlot, partitionWidth)) == 0);

        Compute(window);
        return true;
    }

    // Each function of the window reads its columns of the records in place and writes its value into them.
    private void Compute(int window)
    {
        int count = _partition.Count;
        var orders = new RowColumns(_partition, _orderSlot[window], _functions[_windows[window][0]].Order.Length);
        foreach (int f in _windows[window])
        {
            var arguments = new RowColumns(_partition, _argumentSlot[f], _functions[f].Arguments.Length);
            var passes = new Passes(new RowColumns(_partition, _passSlot[f], 1));
            _partitions[f].Compute(_context, sorted: null, 0, count, orders, arguments, passes, _partition, _resultSlot + f, _groups);
        }

        _observed?.Record(count, _partition.ResidentRows + _groups.ResidentRows, _partition.BlocksWritten + _groups.BlocksWritten);
    }
}

/// <summary>The largest spilled partition's rows, the most rows its tables held in memory, the blocks they wrote to temporary files.</summary>
internal sealed class SpillObservation
{
    public long LargestPartition { get; private set; }

    public long PeakResidentRows { get; private set; }

    public long BlocksWritten { get; private set; }

    public void Record(long rows, long residentRows, long blocksWritten)
    {
        LargestPartition = Math.Max(LargestPartition, rows);
        PeakResidentRows = Math.Max(PeakResidentRows, residentRows);
        BlocksWritten = Math.Max(BlocksWritten, blocksWritten);
    }
}
