// Values kept for every row a window operator buffers (partition and order values,
// function arguments, saved frames), stored flat: one array of Count x Width values
// rather than an array per row. Holding a large input then costs a few big arrays
// instead of hundreds of thousands of small objects that every garbage collection
// would have to walk and promote.

namespace SharpCoreDB.Execution.Windows;

/// <summary>A growable table of fixed-width rows of values.</summary>
internal sealed class RowValues(int width)
{
    private DbValue[] _data = [];

    public int Width => width;

    public int Count { get; private set; }

    /// <summary>Row <paramref name="row"/>'s values (empty when the width is 0).</summary>
    public ReadOnlySpan<DbValue> this[int row] => _data.AsSpan(row * width, width);

    /// <summary>Appends a row and returns its values to fill.</summary>
    public Span<DbValue> Add()
    {
        int needed = (Count + 1) * width;
        if (needed > _data.Length)
        {
            Array.Resize(ref _data, Math.Max(needed, Math.Max(16, _data.Length * 2)));
        }

        Count++;
        return _data.AsSpan(needed - width, width);
    }

    public void Clear()
    {
        _data = [];
        Count = 0;
    }
}
