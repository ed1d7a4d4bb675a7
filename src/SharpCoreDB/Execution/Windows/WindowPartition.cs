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
using SharpCoreDB.Execution.Functions;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Semantics;

namespace SharpCoreDB.Execution.Windows;

/// <summary>One window function's computation over partitions.</summary>
internal sealed partial class WindowPartition(WindowFunctionSpec spec)
{
    private readonly IAggregate? _aggregate = spec.CreateAggregate?.Invoke();
    private int[] _groupStart = [];
    private int[] _groupEnd = [];
    private int[] _groupIndex = [];
    private int[] _groupFirstRow = [];
    private DbValue _startOffset;
    private DbValue _endOffset;

    /// <summary>Evaluates the frame's offsets for this execution and checks them as SQLite does.</summary>
    public void Prepare()
    {
        _startOffset = Offset(spec.Frame.Start, "starting");
        _endOffset = Offset(spec.Frame.End, "ending");
    }

    /// <summary>
    /// Fills column <paramref name="column"/> of <paramref name="results"/> at each row's input index for the partition of <paramref name="count"/> rows
    /// starting at <paramref name="first"/> in <paramref name="sorted"/>.
    /// </summary>
    public void Compute(int[] sorted, int first, int count, RowValues orderValues, RowValues arguments, bool[] passes, RowValues results, int column)
    {
        FindPeers(sorted, first, count, orderValues);
        int stepped = 0;
        int previousStart = -1, previousEnd = -2;
        DbValue previous = DbValue.Null;
        bool incremental = spec.Frame.Start.Kind == FrameBoundKind.UnboundedPreceding && spec.Frame.Exclusion == FrameExclusion.NoOthers;
        _aggregate?.Reset();
        for (int j = 0; j < count; j++)
        {
            int row = sorted[first + j];
            (int start, int end) = spec.Kind is WindowFunctionKind.Aggregate or WindowFunctionKind.FirstValue or WindowFunctionKind.LastValue
                or WindowFunctionKind.NthValue ? Frame(sorted, first, count, j, orderValues) : (0, -1);
            DbValue value;
            switch (spec.Kind)
            {
                case WindowFunctionKind.RowNumber:
                    value = DbValue.FromInt64(j + 1);
                    break;
                case WindowFunctionKind.Rank:
                    value = DbValue.FromInt64(_groupStart[j] + 1);
                    break;
                case WindowFunctionKind.DenseRank:
                    value = DbValue.FromInt64(_groupIndex[j] + 1);
                    break;
                case WindowFunctionKind.PercentRank:
                    value = DbValue.FromDouble(count > 1 ? _groupStart[j] / (double)(count - 1) : 0.0);
                    break;
                case WindowFunctionKind.CumeDist:
                    value = DbValue.FromDouble((_groupEnd[j] + 1) / (double)count);
                    break;
                case WindowFunctionKind.Ntile:
                    value = DbValue.FromInt64(Ntile(PositiveInteger(arguments[row][0], "argument of ntile must be a positive integer"), count, j));
                    break;
                case WindowFunctionKind.Lag or WindowFunctionKind.Lead:
                    value = Shifted(sorted, first, count, j, arguments);
                    break;
                case WindowFunctionKind.FirstValue:
                    value = NthInFrame(sorted, first, j, start, end, 1, arguments);
                    break;
                case WindowFunctionKind.LastValue:
                    value = NthInFrame(sorted, first, j, start, end, -1, arguments);
                    break;
                case WindowFunctionKind.NthValue:
                    value = NthInFrame(sorted, first, j, start, end,
                        PositiveInteger(arguments[row][1], "second argument to nth_value must be a positive integer"), arguments);
                    break;
                default:
                    if (incremental)
                    {
                        for (; stepped <= end; stepped++)
                        {
                            Step(sorted[first + stepped], arguments, passes);
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
                                Step(sorted[first + k], arguments, passes);
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

    private void Step(int row, RowValues arguments, bool[] passes)
    {
        if (passes[row])
        {
            _aggregate!.Step(arguments[row]);
        }
    }

    // Peer groups: for each position, where its group starts and ends and which group it is.
    private void FindPeers(int[] sorted, int first, int count, RowValues orderValues)
    {
        if (_groupStart.Length < count)
        {
            int size = Math.Max(count, _groupStart.Length * 2);
            _groupStart = new int[size];
            _groupEnd = new int[size];
            _groupIndex = new int[size];
            _groupFirstRow = new int[size + 1];
        }

        int group = -1;
        for (int j = 0; j < count; j++)
        {
            bool newGroup = j == 0 || SortKey.Compare(spec.OrderKeys, orderValues[sorted[first + j - 1]], orderValues[sorted[first + j]]) != 0;
            if (newGroup)
            {
                group++;
                _groupFirstRow[group] = j;
            }

            _groupIndex[j] = group;
            _groupStart[j] = _groupFirstRow[group];
        }

        _groupFirstRow[group + 1] = count;
        for (int j = 0; j < count; j++)
        {
            _groupEnd[j] = _groupFirstRow[_groupIndex[j] + 1] - 1;
        }
    }

    // first_value (n = 1), last_value (n = -1), nth_value (n): the frame's n-th row after exclusions.
    private DbValue NthInFrame(int[] sorted, int first, int j, int start, int end, long n, RowValues arguments)
    {
        long seen = 0;
        if (n < 0)
        {
            for (int k = end; k >= start; k--)
            {
                if (!Excluded(j, k))
                {
                    return arguments[sorted[first + k]][0];
                }
            }

            return DbValue.Null;
        }

        for (int k = start; k <= end; k++)
        {
            if (!Excluded(j, k) && ++seen == n)
            {
                return arguments[sorted[first + k]][0];
            }
        }

        return DbValue.Null;
    }

    private DbValue Shifted(int[] sorted, int first, int count, int j, RowValues arguments)
    {
        ReadOnlySpan<DbValue> own = arguments[sorted[first + j]];
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

        long target = spec.Kind == WindowFunctionKind.Lag ? j - by : j + by;
        if (target >= 0 && target < count)
        {
            return arguments[sorted[first + (int)target]][0];
        }

        return own.Length > 2 ? own[2] : DbValue.Null;
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
