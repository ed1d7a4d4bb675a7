// The frame part of WindowPartition: where each row's frame starts and ends, as
// positions in its partition, for ROWS, GROUPS and RANGE bounds, and which rows EXCLUDE
// takes out of it.
using SharpCoreDB.Execution.Semantics;

namespace SharpCoreDB.Execution.Windows;

internal sealed partial class WindowPartition
{
    // The frame of position j as inclusive positions (start > end when it is empty).
    private (int Start, int End) Frame(int[] sorted, int first, int count, int j, RowValues orderValues)
    {
        int start = Position(spec.Frame.Start, _startOffset, isStart: true, sorted, first, count, j, orderValues);
        int end = Position(spec.Frame.End, _endOffset, isStart: false, sorted, first, count, j, orderValues);
        return (Math.Max(start, 0), Math.Min(end, count - 1));
    }

    private int Position(WindowBound bound, DbValue offset, bool isStart, int[] sorted, int first, int count, int j, RowValues orderValues)
    {
        switch (bound.Kind)
        {
            case FrameBoundKind.UnboundedPreceding:
                return 0;
            case FrameBoundKind.UnboundedFollowing:
                return count - 1;
            case FrameBoundKind.CurrentRow:
                return spec.Frame.Unit == FrameUnit.Rows ? j : isStart ? _groupStart[j] : _groupEnd[j];
        }

        bool preceding = bound.Kind == FrameBoundKind.Preceding;
        switch (spec.Frame.Unit)
        {
            case FrameUnit.Rows:
                {
                    long n = offset.AsInt64();
                    long p = preceding ? j - n : j + n;
                    return (int)Math.Clamp(p, -1, count);
                }

            case FrameUnit.Groups:
                {
                    long n = offset.AsInt64();
                    long g = preceding ? _groupIndex[j] - n : _groupIndex[j] + n;
                    int groups = _groupIndex[count - 1] + 1;
                    if (g < 0)
                    {
                        return isStart ? 0 : -1;
                    }

                    if (g >= groups)
                    {
                        return isStart ? count : count - 1;
                    }

                    return isStart ? _groupFirstRow[g] : _groupFirstRow[g + 1] - 1;
                }

            default:
                return RangePosition(offset, preceding, isStart, sorted, first, count, j, orderValues);
        }
    }

    // RANGE n PRECEDING/FOLLOWING: the first (start) or last (end) position whose value is within the
    // bound, found by binary search over the non-NULL rows, which the sort keeps together.
    private int RangePosition(DbValue offset, bool preceding, bool isStart, int[] sorted, int first, int count, int j, RowValues orderValues)
    {
        DbValue current = orderValues[sorted[first + j]][0];
        if (current.IsNull)
        {
            return isStart ? _groupStart[j] : _groupEnd[j];
        }

        bool descending = spec.OrderKeys[0].Descending;
        bool add = preceding == descending;
        DbValue limit = add ? SqlArithmetic.Add(current, offset) : SqlArithmetic.Subtract(current, offset);

        // Positions of the non-NULL values: NULLs sort first or last as a block.
        int lo = 0, hi = count - 1;
        while (lo <= hi && orderValues[sorted[first + lo]][0].IsNull)
        {
            lo++;
        }

        while (hi >= lo && orderValues[sorted[first + hi]][0].IsNull)
        {
            hi--;
        }

        // "Before the bound" in window order: a smaller value ascending, a larger one descending.
        bool BeforeStart(int p)
        {
            int c = DbValue.Compare(orderValues[sorted[first + p]][0], limit);
            return descending ? c > 0 : c < 0;
        }

        bool AtOrBeforeEnd(int p)
        {
            int c = DbValue.Compare(orderValues[sorted[first + p]][0], limit);
            return descending ? c >= 0 : c <= 0;
        }

        if (isStart)
        {
            int a = lo, b = hi + 1;
            while (a < b)
            {
                int m = (a + b) >>> 1;
                if (BeforeStart(m))
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
        else
        {
            int a = lo, b = hi + 1;
            while (a < b)
            {
                int m = (a + b) >>> 1;
                if (AtOrBeforeEnd(m))
                {
                    a = m + 1;
                }
                else
                {
                    b = m;
                }
            }

            return a - 1;
        }
    }

    private bool Excluded(int j, int k) => spec.Frame.Exclusion switch
    {
        FrameExclusion.CurrentRow => k == j,
        FrameExclusion.Group => _groupIndex[k] == _groupIndex[j],
        FrameExclusion.Ties => k != j && _groupIndex[k] == _groupIndex[j],
        _ => false,
    };
}
