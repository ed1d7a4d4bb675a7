// Computes one window function over one partition. The partition's rows arrive in
// window order (sorted by PARTITION BY, ORDER BY, then input order); peers are rows
// equal in the ORDER BY (every row, without one). For each row the frame is found as
// positions in the partition:
//
//   ROWS    n PRECEDING / n FOLLOWING count rows from the current one
//   GROUPS  count peer groups from the current row's group
//   RANGE   take rows whose ORDER BY value is within n of the current row's (one
//           ORDER BY term; NULLs are only peers of NULLs); CURRENT ROW means the peers
//
// then EXCLUDE removes the current row, its group, or its ties. Ranking functions read
// the peer groups, lag/lead the partition, first/last/nth_value and aggregates the
// frame. An aggregate whose frame starts at the partition's start and excludes nothing
// is computed incrementally (each row steps in only the rows its frame adds); any other
// frame is recomputed per row, reusing the previous answer when the frame is unchanged.
//
// A partition may be larger than memory (a spilled window's, whose tables keep most of
// their blocks in a temporary file): nothing here is an array per row. The peer groups
// are a table of each group's first position (the caller's, which spills with the
// partition), walked forward with the current row; RANGE bounds are searched from where
// the previous row's were found, so a frame moving forward reads the partition in order.
// A spilled partition is read in place (sorted is null: position j is row j). The
// statement's cancellation is checked as the rows and frames are walked.
using SharpCoreDB.Execution.Functions;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Semantics;

namespace SharpCoreDB.Execution.Windows;

/// <summary>One window function's computation over partitions.</summary>
internal sealed partial class WindowPartition(WindowFunctionSpec spec)
{
    // Between computations: no table of the caller's stays reachable from here.
    private static readonly RowValues NoGroups = new(0);

    private readonly IAggregate? _aggregate = spec.CreateAggregate?.Invoke();
    private DbValue _startOffset;
    private DbValue _endOffset;

    // The partition being computed (set by Compute for its duration).
    private QueryContext? _context;
    private int[]? _sorted;
    private int _first;
    private int _count;
    private RowColumns _orders;
    private RowColumns _arguments;
    private Passes _passes;
    private RowValues _groups = NoGroups;
    private long _ticks;

    // The current row's peer group: its number, first and last positions; how many groups there are.
    private int _group;
    private int _groupFirst;
    private int _groupLast;
    private int _groupCount;

    /// <summary>Evaluates the frame's offsets for this execution and checks them as SQLite does.</summary>
    public void Prepare()
    {
        _startOffset = Offset(spec.Frame.Start, "starting");
        _endOffset = Offset(spec.Frame.End, "ending");
    }

    /// <summary>
    /// Fills column <paramref name="column"/> of <paramref name="results"/> at each row's input index for the partition of <paramref name="count"/> rows
    /// starting at <paramref name="first"/> in <paramref name="sorted"/> (null: the rows are the partition's positions).
    /// <paramref name="groups"/> is a width-1 table this call fills with the peer groups.
    /// </summary>
    public void Compute(QueryContext context, int[]? sorted, int first, int count, RowColumns orderValues, RowColumns arguments, Passes passes,
        RowValues results, int column, RowValues groups)
    {
        (_context, _sorted, _first, _count, _orders, _arguments, _passes, _groups) = (context, sorted, first, count, orderValues, arguments, passes, groups);
        try
        {
            FindPeers();
            ComputeRows(results, column);
        }
        finally
        {
            (_context, _sorted, _orders, _arguments, _passes, _groups) = (null, null, default, default, default, NoGroups);
        }
    }

    private void ComputeRows(RowValues results, int column)
    {
        int count = _count;
        int stepped = 0;
        int previousStart = -1, previousEnd = -2;
        DbValue previous = DbValue.Null;
        bool incremental = spec.Frame.Start.Kind == FrameBoundKind.UnboundedPreceding && spec.Frame.Exclusion == FrameExclusion.NoOthers;
        _aggregate?.Reset();
        _group = -1;
        _groupLast = -1;
        (_rangeStartHint, _rangeEndHint, _nonNullLo) = (0, 0, -1);
        for (int j = 0; j < count; j++)
        {
            Tick();
            if (j > _groupLast)
            {
                _group++;
                _groupFirst = j;
                _groupLast = GroupFirstRow(_group + 1) - 1;
            }

            int row = Row(j);
            (int start, int end) = spec.Kind is WindowFunctionKind.Aggregate or WindowFunctionKind.FirstValue or WindowFunctionKind.LastValue
                or WindowFunctionKind.NthValue ? Frame(j) : (0, -1);
            DbValue value;
            switch (spec.Kind)
            {
                case WindowFunctionKind.RowNumber:
                    value = DbValue.FromInt64(j + 1);
                    break;
                case WindowFunctionKind.Rank:
                    value = DbValue.FromInt64(_groupFirst + 1);
                    break;
                case WindowFunctionKind.DenseRank:
                    value = DbValue.FromInt64(_group + 1);
                    break;
                case WindowFunctionKind.PercentRank:
                    value = DbValue.FromDouble(count > 1 ? _groupFirst / (double)(count - 1) : 0.0);
                    break;
                case WindowFunctionKind.CumeDist:
                    value = DbValue.FromDouble((_groupLast + 1) / (double)count);
                    break;
                case WindowFunctionKind.Ntile:
                    value = DbValue.FromInt64(Ntile(PositiveInteger(_arguments[row][0], "argument of ntile must be a positive integer"), count, j));
                    break;
                case WindowFunctionKind.Lag or WindowFunctionKind.Lead:
                    value = Shifted(j);
                    break;
                case WindowFunctionKind.FirstValue:
                    value = NthInFrame(j, start, end, 1);
                    break;
                case WindowFunctionKind.LastValue:
                    value = NthInFrame(j, start, end, -1);
                    break;
                case WindowFunctionKind.NthValue:
                    value = NthInFrame(j, start, end, PositiveInteger(_arguments[row][1], "second argument to nth_value must be a positive integer"));
                    break;
                default:
                    if (incremental)
                    {
                        for (; stepped <= end; stepped++)
                        {
                            Step(Row(stepped));
                        }

                        value = _aggregate!.Finish();
                    }
                    else if (start == previousStart && end == previousEnd && spec.Frame.Exclusion == FrameExclusion.NoOthers)
                    {
                        value = previous;
                    }
                    else
                    {
                        _aggregate!.Reset();
                        for (int k = start; k <= end; k++)
                        {
                            if (!Excluded(j, k))
                            {
                                Step(Row(k));
                            }
                        }

                        value = _aggregate.Finish();
                    }

                    break;
            }

            results.At(row, column) = value;
            (previousStart, previousEnd, previous) = (start, end, value);
        }
    }

    // The row (of the tables) at position p of the partition.
    private int Row(int p) => _sorted is null ? p : _sorted[_first + p];

    private int GroupFirstRow(int group) => (int)_groups[group][0].AsInt64();

    // Checks for cancellation every few thousand rows stepped through, frames included.
    private void Tick()
    {
        if ((++_ticks & 4095) == 0)
        {
            _context!.CheckCancelled();
        }
    }

    private void Step(int row)
    {
        Tick();
        if (_passes[row])
        {
            _aggregate!.Step(_arguments[row]);
        }
    }

    // Peer groups: the first position of each, then the partition's size after the last.
    private void FindPeers()
    {
        _groups.Clear();
        for (int j = 0; j < _count; j++)
        {
            Tick();
            if (j == 0 || SortKey.Compare(spec.OrderKeys, _orders[Row(j - 1)], _orders[Row(j)]) != 0)
            {
                _groups.Add()[0] = DbValue.FromInt64(j);
            }
        }

        _groupCount = _groups.Count;
        _groups.Add()[0] = DbValue.FromInt64(_count);
    }

    // first_value (n = 1), last_value (n = -1), nth_value (n): the frame's n-th row after exclusions.
    private DbValue NthInFrame(int j, int start, int end, long n)
    {
        long seen = 0;
        if (n < 0)
        {
            for (int k = end; k >= start; k--)
            {
                Tick();
                if (!Excluded(j, k))
                {
                    return _arguments[Row(k)][0];
                }
            }

            return DbValue.Null;
        }

        for (int k = start; k <= end; k++)
        {
            Tick();
            if (!Excluded(j, k) && ++seen == n)
            {
                return _arguments[Row(k)][0];
            }
        }

        return DbValue.Null;
    }

    private DbValue Shifted(int j)
    {
        ReadOnlySpan<DbValue> own = _arguments[Row(j)];
        long by = 1;
        if (own.Length > 1)
        {
            DbValue offset = SqlAffinity.Apply(own[1], SqlTypeAffinity.Integer);
            if (offset.IsNull)
            {
                return DbValue.Null;
            }

            if (offset.Type != DbValueType.Integer)
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"second argument to {spec.Name}() must be an integer");
            }

            by = offset.AsInt64();
        }

        DbValue otherwise = own.Length > 2 ? own[2] : DbValue.Null;
        long target = spec.Kind == WindowFunctionKind.Lag ? j - by : j + by;
        return target >= 0 && target < _count ? _arguments[Row((int)target)][0] : otherwise;
    }
    private static long Ntile(long buckets, int count, int j)
    {
        long size = count / buckets;
        long larger = count % buckets;
        long inLarger = larger * (size + 1);
        return j < inLarger ? (j / (size + 1)) + 1 : larger + ((j - inLarger) / size) + 1;
    }

    private static long PositiveInteger(DbValue value, string error)
    {
        DbValue number = SqlAffinity.Apply(value, SqlTypeAffinity.Integer);
        if (number.Type != DbValueType.Integer || number.AsInt64() <= 0)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, error);
        }

        return number.AsInt64();
    }

    private DbValue Offset(WindowBound bound, string which)
    {
        if (bound.Offset is null)
        {
            return DbValue.Null;
        }

        DbValue value = bound.Offset.Evaluate();
        if (spec.Frame.Unit == FrameUnit.Range)
        {
            DbValue number = SqlAffinity.Apply(value, SqlTypeAffinity.Numeric);
            if (number.Type is not (DbValueType.Integer or DbValueType.Real) || DbValue.Compare(number, DbValue.FromInt64(0)) < 0)
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"frame {which} offset must be a non-negative number");
            }

            return number;
        }

        DbValue integer = SqlAffinity.Apply(value, SqlTypeAffinity.Integer);
        if (integer.Type != DbValueType.Integer || integer.AsInt64() < 0)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"frame {which} offset must be a non-negative integer");
        }

        return integer;
    }
}
