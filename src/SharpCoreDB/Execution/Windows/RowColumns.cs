// What WindowPartition reads of a partition's rows: a run of columns of a RowValues table
// (RowColumns), and whether each row passed its function's FILTER (Passes). The in-memory
// path gives it tables of their own and an array of flags; the spilled path gives it
// columns of the partition's records themselves (arguments, FILTER outcome, ORDER BY
// values), so that a partition larger than memory is not copied into more tables.

namespace SharpCoreDB.Execution.Windows;

/// <summary>Columns [offset, offset + width) of each row of a table.</summary>
internal readonly struct RowColumns(RowValues table, int offset, int width)
{
    /// <summary>Every column of <paramref name="table"/>.</summary>
    public RowColumns(RowValues table)
        : this(table, 0, table.Width)
    {
    }

    public int Width => width;

    public ReadOnlySpan<DbValue> this[int row] => width == 0 ? default : table[row].Slice(offset, width);
}

/// <summary>Whether each row passed a function's FILTER: an array of flags, or a boolean column.</summary>
internal readonly struct Passes
{
    private readonly bool[]? _flags;
    private readonly RowColumns _column;

    public Passes(bool[] flags) => _flags = flags;

    public Passes(RowColumns column) => _column = column;

    public bool this[int row] => _flags is not null ? _flags[row] : _column[row][0].AsBoolean();
}
