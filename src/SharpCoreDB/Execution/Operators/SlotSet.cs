// The frame slots of one side of an OuterJoinSource: every relation's columns and rowid
// slot, as one flat row. The join saves a side's current row out of the frame, puts a saved
// row back in, and sets a side NULL for the other side's unmatched rows.

namespace SharpCoreDB.Execution.Operators;

/// <summary>Ranges of frame slots read and written as one row.</summary>
internal sealed class SlotSet
{
    private readonly Frame _frame;
    private readonly (int Start, int Count)[] _ranges;

    public SlotSet(Frame frame, (int Start, int Count)[] ranges)
    {
        _frame = frame;
        _ranges = ranges;
        foreach ((_, int count) in ranges)
        {
            Width += count;
        }
    }

    /// <summary>How many values a saved row holds.</summary>
    public int Width { get; }

    public void Save(DbValue[] row)
    {
        int at = 0;
        foreach ((int start, int count) in _ranges)
        {
            Array.Copy(_frame.Values, start, row, at, count);
            at += count;
        }
    }

    public void Restore(DbValue[] row)
    {
        int at = 0;
        foreach ((int start, int count) in _ranges)
        {
            Array.Copy(row, at, _frame.Values, start, count);
            at += count;
        }
    }

    public void NullFill()
    {
        foreach ((int start, int count) in _ranges)
        {
            Array.Fill(_frame.Values, DbValue.Null, start, count);
        }
    }
}
