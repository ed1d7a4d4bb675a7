// Decodes a table record into a relation's frame slots, reading only the columns
// the query uses (RecordReader skips the rest) and putting the rowid into the
// rowid alias column and the rowid slot.
using SharpCoreDB.Catalog;
using SharpCoreDB.Storage.Records;

namespace SharpCoreDB.Execution.Operators;

/// <summary>Fills a relation's slots from records.</summary>
internal sealed class RowDecoder
{
    private readonly Frame _frame;
    private readonly int _first;
    private readonly int _rowIdSlot;
    private readonly int[] _columns;
    private readonly int _aliasColumn;

    public RowDecoder(TableSchema table, Frame frame, int firstSlot, int rowIdSlot, bool[] used)
    {
        _frame = frame;
        _first = firstSlot;
        _rowIdSlot = rowIdSlot;
        _aliasColumn = table.RowIdColumn;
        var columns = new List<int>();
        for (int i = 0; i < used.Length; i++)
        {
            if (used[i] && i != table.RowIdColumn)
            {
                columns.Add(i);
            }
        }

        _columns = [.. columns];
        ColumnCount = table.Columns.Count;
    }

    public int ColumnCount { get; }

    public void Decode(ReadOnlySpan<byte> record, long rowId)
    {
        DbValue[] values = _frame.Values;
        DbValue id = DbValue.FromInt64(rowId);
        values[_rowIdSlot] = id;
        if (_aliasColumn >= 0)
        {
            values[_first + _aliasColumn] = id;
        }

        if (_columns.Length == 0)
        {
            return;
        }

        var reader = new RecordReader(record);
        foreach (int column in _columns)
        {
            values[_first + column] = reader.GetValue(column);
        }
    }

    public void NullFill()
    {
        Array.Fill(_frame.Values, DbValue.Null, _first, ColumnCount);
        _frame.Values[_rowIdSlot] = DbValue.Null;
    }
}
