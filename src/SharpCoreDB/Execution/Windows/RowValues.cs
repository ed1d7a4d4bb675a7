// Values kept for every row a window operator buffers (partition and order values,
// function arguments, saved frames, results), stored flat in blocks of about 64 KiB:
// a few hundred values per array rather than an array per row. Holding a large input
// then costs a few hundred mid-sized arrays instead of hundreds of thousands of small
// objects for every garbage collection to walk, and no block is large enough for the
// large-object heap, whose allocations would force full collections.

namespace SharpCoreDB.Execution.Windows;

/// <summary>A growable table of fixed-width rows of values.</summary>
internal sealed class RowValues
{
    // 4096 values of 16 bytes: 64 KiB, under the large-object threshold (85,000 bytes).
    private const int ValuesPerBlock = 4096;
    private readonly List<DbValue[]> _blocks = [];
    private readonly int _width;
    private readonly int _rowsPerBlock;

    public RowValues(int width)
    {
        _width = width;
        _rowsPerBlock = Math.Max(1, ValuesPerBlock / Math.Max(1, width));
    }

    public int Width => _width;

    public int Count { get; private set; }

    /// <summary>Row <paramref name="row"/>'s values (empty when the width is 0).</summary>
    public ReadOnlySpan<DbValue> this[int row] =>
        _width == 0 ? default : _blocks[row / _rowsPerBlock].AsSpan(row % _rowsPerBlock * _width, _width);

    /// <summary>The value in <paramref name="column"/> of row <paramref name="row"/>, to read or write.</summary>
    public ref DbValue At(int row, int column) => ref _blocks[row / _rowsPerBlock][(row % _rowsPerBlock * _width) + column];

    /// <summary>Appends a row and returns its values to fill.</summary>
    public Span<DbValue> Add()
    {
        int row = Count++;
        if (_width == 0)
        {
            return default;
        }

        int block = row / _rowsPerBlock;
        if (block == _blocks.Count)
        {
            _blocks.Add(new DbValue[_rowsPerBlock * _width]);
        }

        return _blocks[block].AsSpan(row % _rowsPerBlock * _width, _width);
    }

    /// <summary>Forgets every row and keeps the blocks, for the next partition of a spilled window.</summary>
    public void Clear() => Count = 0;

    /// <summary>Appends <paramref name="count"/> rows of NULLs.</summary>
    public void AddRows(int count)
    {
        for (int i = 0; i < count; i++)
        {
            Add().Clear();
        }
    }
}
