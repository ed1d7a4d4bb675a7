// Values kept for every row a window operator buffers (partition and order values,
// function arguments, saved frames, results), stored flat in blocks of about 64 KiB:
// a few hundred values per array rather than an array per row. Holding a large input
// then costs a few hundred mid-sized arrays instead of hundreds of thousands of small
// objects for every garbage collection to walk, and no block is large enough for the
// large-object heap, whose allocations would force full collections.
//
// The table of a spilled window partition, which may hold any number of rows, keeps its
// blocks in SpilledBlocks: a few in memory, the rest in a temporary file. Its blocks hold
// at most SpillThresholdRows / ResidentBlocks rows, so that a low threshold (as tests set)
// keeps few rows in memory too. A span or reference it hands out stays valid until
// ResidentBlocks - 1 other blocks of the table have been touched: callers hold at most two
// rows of one table at once.

namespace SharpCoreDB.Execution.Windows;

/// <summary>A growable table of fixed-width rows of values.</summary>
internal sealed class RowValues : IDisposable
{
    // 4096 values of 16 bytes: 64 KiB, under the large-object threshold (85,000 bytes).
    private const int ValuesPerBlock = 4096;
    private readonly List<DbValue[]> _blocks = [];
    private readonly SpilledBlocks? _spilled;
    private readonly int _width;
    private readonly int _rowsPerBlock;

    /// <summary>A table held in memory.</summary>
    public RowValues(int width)
    {
        _width = width;
        _rowsPerBlock = Math.Max(1, ValuesPerBlock / Math.Max(1, width));
    }

    /// <summary>A table whose blocks beyond <see cref="SpilledBlocks.ResidentBlocks"/> go to a temporary file of <paramref name="context"/>.</summary>
    public RowValues(int width, QueryContext context)
    {
        _width = width;
        _rowsPerBlock = Math.Clamp(context.SpillThresholdRows / SpilledBlocks.ResidentBlocks, 1, Math.Max(1, ValuesPerBlock / Math.Max(1, width)));
        _spilled = new SpilledBlocks(context, _rowsPerBlock * width);
    }

    public int Width => _width;

    public int Count { get; private set; }

    /// <summary>Rows this table has room for in memory now.</summary>
    public long ResidentRows => (long)(_spilled?.ResidentCount ?? _blocks.Count) * _rowsPerBlock;

    /// <summary>Blocks this table has written to its temporary file (0 when it never spilled).</summary>
    public long BlocksWritten => _spilled?.Writes ?? 0;

    /// <summary>Row <paramref name="row"/>'s values (empty when the width is 0).</summary>
    public ReadOnlySpan<DbValue> this[int row] =>
        _width == 0 ? default : Block(row / _rowsPerBlock, forWriting: false).AsSpan(row % _rowsPerBlock * _width, _width);

    /// <summary>The value in <paramref name="column"/> of row <paramref name="row"/>, to write (or read).</summary>
    public ref DbValue At(int row, int column) => ref Block(row / _rowsPerBlock, forWriting: true)[(row % _rowsPerBlock * _width) + column];

    /// <summary>Appends a row and returns its values to fill.</summary>
    public Span<DbValue> Add()
    {
        int row = Count++;
        if (_width == 0)
        {
            return default;
        }

        int block = row / _rowsPerBlock;
        DbValue[] values;
        if (_spilled is not null)
        {
            values = block == _spilled.Count ? _spilled.Append() : _spilled.Get(block, forWriting: true);
        }
        else
        {
            if (block == _blocks.Count)
            {
                _blocks.Add(new DbValue[_rowsPerBlock * _width]);
            }

            values = _blocks[block];
        }

        return values.AsSpan(row % _rowsPerBlock * _width, _width);
    }

    /// <summary>Forgets every row and keeps the blocks, for the next partition of a spilled window.</summary>
    public void Clear()
    {
        Count = 0;
        _spilled?.Clear();
    }

    /// <summary>Appends <paramref name="count"/> rows of NULLs.</summary>
    public void AddRows(int count)
    {
        for (int i = 0; i < count; i++)
        {
            Add().Clear();
        }
    }

    /// <summary>Deletes the temporary file of a spilling table (a table in memory holds none).</summary>
    public void Dispose() => _spilled?.Dispose();

    private DbValue[] Block(int block, bool forWriting) => _spilled is null ? _blocks[block] : _spilled.Get(block, forWriting);
}
