// The frame part of WindowPartition: where each row's frame starts and ends, as
// positions in its partition, for ROWS, GROUPS and RANGE bounds, and which rows EXCLUDE
// takes out of it. RANGE bounds are found by a search that starts where the previous
// row's bound was (a frame moving forward finds its bound in a step or two, reading the
// partition in order, which matters when it is in a temporary file) and gallops to a
// binary search when the bound is far away, so any order of values is still right.
using SharpCoreDB.Execution.Semantics;

namespace SharpCoreDB.Execution.Windows;

internal sealed partial class WindowPartition
{
    // Where the previous row's RANGE start and end were found (positions just past the rows before the bound).
    private int _rangeStartHint;
    private int _rangeEndHint;

    // The non-NULL positions [lo, hi) of the partition's ORDER BY value, found at its first RANGE bound (lo -1 before).
    private int _nonNullLo = -1;
    private int _nonNullHi;

    // The frame of position j as inclusive positions (start > end when it is empty).
    private (int Start, int End) Frame(int j)
    {
        int start = Position(spec.Frame.Start, _startOffset, isStart: true, j);
        int end = Position(spec.Frame.End, _endOffset, isStart: false, j);
        return (Math.Max(start, 0), Math.Min(end, _count - 1));
    }

    private int Position(WindowBound bound, DbValue offset, bool isStart, int j)
    {
        switch (bound.Kind)
        {
            case FrameBoundKind.UnboundedPreceding:
                return 0;
            case FrameBoundKind.UnboundedFollowing:
                return _count - 1;
            case FrameBoundKind.CurrentRow:
                return spec.Frame.Unit == FrameUnit.Rows ? j : isStart ? _groupFirst : _groupLast;
        }

        bool preceding = bound.Kind == FrameBoundKind.Preceding;
        switch (spec.Frame.Unit)
        {
            case FrameUnit.Rows:
                {
                    long n = offset.AsInt64();
                    long p = preceding ? j - n : j + n;
                    return (int)Math.Clamp(p, -1, _count);
                }

            case FrameUnit.Groups:
                {
                    long n = offset.AsInt64();
                    long g = preceding ? _group - n : _group + n;
                    if (g < 0)
                    {
                        return isStart ? 0 : -1;
                    }

                    if (g >= _groupCount)
                    {
                        return isStart ? _count : _count - 1;
                    }

                    return isStart ? GroupFirstRow((int)g) : GroupFirstRow((int)g + 1) - 1;
                }

            default:
                return RangePosition(offset, preceding, isStart, j);
        }
    }

    // RANGE n PRECEDING/FOLLOWING: the first (start) or last (end) position whose value is within the
    // bound, searched over the non-NULL rows, which the sort keeps together as one peer group.
    private int RangePosition(DbValue offset, bool preceding, bool isStart, int j)
    {
        DbValue current = OrderValue(j);
        if (current.IsNull)
        {
            return isStart ? _groupFirst : _groupLast;
        }

        bool descending = spec.OrderKeys[0].Descending;
        bool add = preceding == descending;
        DbValue limit = add ? SqlArithmetic.Add(current, offset) : SqlArithmetic.Subtract(current, offset);

        // Positions of the non-NULL values: NULLs sort first or last as one group.
        if (_nonNullLo < 0)
        {
            _nonNullLo = OrderValue(0).IsNull ? GroupFirstRow(1) : 0;
            _nonNullHi = OrderValue(_count - 1).IsNull ? GroupFirstRow(_groupCount - 1) : _count;
        }

        (int lo, int hi) = (_nonNullLo, _nonNullHi);

        // The start is the first position not before the bound; the end is the last one at or before it.
        if (isStart)
        {
            _rangeStartHint = PartitionPoint(lo, hi, _rangeStartHint, limit, descending, orEqual: false);
            return _rangeStartHint;
        }

        _rangeEndHint = PartitionPoint(lo, hi, _rangeEndHint, limit, descending, orEqual: true);
        return _rangeEndHint - 1;
    }

    private DbValue OrderValue(int p) => _orders[Row(p)][0];

    // "Before the bound" in window order: a smaller value ascending, a larger one descending (or equal, for the end).
    private bool Before(int p, DbValue limit, bool descending, bool orEqual)
    {
        int c = DbValue.Compare(OrderValue(p), limit);
        return descending ? (orEqual ? c >= 0 : c > 0) : (orEqual ? c <= 0 : c < 0);
    }

    // The first position in [lo, hi) that is not before the bound (hi when all are), which the order makes a
    // prefix: galloping from the hint in the direction the answer lies, then a binary search of the last step.
    private int PartitionPoint(int lo, int hi, int hint, DbValue limit, bool descending, bool orEqual)
    {
        if (lo >= hi)
        {
            return lo;
        }

        hint = Math.Clamp(hint, lo, hi);
        int a, b;
        if (hint < hi && Before(hint, limit, descending, orEqual))
        {
            // The answer lies after the hint.
            int known = hint;
            for (long step = 1; ; step *= 2)
            {
                Tick();
                long probe = known + step;
                if (probe >= hi)
                {
                    (a, b) = (known + 1, hi);
                    break;
                }

                if (!Before((int)probe, limit, descending, orEqual))
                {
                    (a, b) = (known + 1, (int)probe);
                    break;
                }

                known = (int)probe;
            }
        }
        else
        {
            // The answer is the hint or lies before it.
            int known = hint;
            for (long step = 1; ; step *= 2)
            {
                Tick();
                long probe = known - step;
                if (probe < lo)
                {
                    (a, b) = (lo, known);
                    break;
                }

                if (Before((int)probe, limit, descending, orEqual))
                {
                    (a, b) = ((int)probe + 1, known);
                    break;
                }

                known = (int)probe;
            }
        }

        while (a < b)
        {
            int m = (a + b) >>> 1;
            if (Before(m, limit, descending, orEqual))
            {
                a = m + 1;
            }
            else
            {
                b = m;
            }
        }

        return a;
    }

    // The current row's group is [_groupFirst, _groupLast]; k is a position in its frame.
    private bool Excluded(int j, int k) => spec.Frame.Exclusion switch
    {
        FrameExclusion.CurrentRow => k == j,
        FrameExclusion.Group => k >= _groupFirst && k <= _groupLast,
        FrameExclusion.Ties => k != j && k >= _groupFirst && k <= _groupLast,
        _ => false,
    };
}
