// A recursive common table expression, computed as SQLite defines it:
//
//   run the initial query; queue its rows
//   while the queue is not empty and LIMIT is not reached:
//       take one row (the oldest, or the first by the CTE's ORDER BY); it is the
//       working row; emit it (unless OFFSET still skips it)
//       run every recursive step with the working row as the whole recursive table;
//       queue what they return
//
// With UNION (not UNION ALL) a row is queued only if no equal row was queued before.
// The node is pulled like any operator: a row's recursive steps run when the next
// row is asked for, so `SELECT .. FROM cte LIMIT n` over an endless recursion stops
// after n rows. Every row taken checks the statement's cancellation, so an endless
// recursion without a LIMIT ends at the command's timeout. The FIFO queue spills to
// temporary files (RowQueue); the UNION duplicate check and the ORDER BY priority
// queue stay in memory and fail the statement with an error naming the CTE when
// they pass a bound, rather than exhausting the process's memory.
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Spill;

namespace SharpCoreDB.Execution.Operators;

/// <summary>Computes a recursive CTE's rows.</summary>
internal sealed class RecursiveCteNode : PlanNode
{
    /// <summary>How many times the spill threshold the in-memory structures may hold before the statement fails.</summary>
    internal const int MemoryBoundInSpillThresholds = 25;

    private readonly QueryContext _context;
    private readonly string _name;
    private readonly PlanNode _initial;
    private readonly PlanNode[] _steps;
    private readonly WorkingRow _working;
    private readonly bool _distinct;
    private readonly SortKey[] _order;
    private readonly Evaluator? _limit;
    private readonly Evaluator? _offset;
    private readonly Frame _output;
    private readonly HashSet<HashKey> _seen = [];
    private readonly RowQueue _fifo;
    private readonly PriorityQueue<DbValue[], (DbValue[] Row, long Sequence)>? _ordered;
    private long _sequence;
    private long _remaining;
    private long _skip;
    private bool _stepPending;

    public RecursiveCteNode(QueryContext context, string name, PlanNode initial, PlanNode[] steps, WorkingRow working, bool distinct,
        SortKey[] order, Evaluator? limit, Evaluator? offset)
    {
        _context = context;
        _name = name;
        _initial = initial;
        _steps = steps;
        _working = working;
        _distinct = distinct;
        _order = order;
        _limit = limit;
        _offset = offset;
        int width = working.Values.Length;
        _output = new Frame { Values = new DbValue[width] };
        _fifo = new RowQueue(context, width);
        if (order.Length > 0)
        {
            _ordered = new PriorityQueue<DbValue[], (DbValue[] Row, long Sequence)>(Comparer<(DbValue[] Row, long Sequence)>.Create(CompareQueued));
        }
    }

    public override Frame Output => _output;

    public override int ColumnCount => _output.Values.Length;

    public override void Open()
    {
        Reset();
        _remaining = _limit is null ? -1 : LimitNode.ToCount(_limit.Evaluate(), "LIMIT");
        _skip = _offset is null ? 0 : Math.Max(0, LimitNode.ToCount(_offset.Evaluate(), "OFFSET"));
        Run(_initial);
    }

    public override bool Next()
    {
        while (_remaining != 0)
        {
            if (_stepPending)
            {
                _stepPending = false;
                foreach (PlanNode step in _steps)
                {
                    Run(step);
                }
            }

            if (!TryTake(out DbValue[] row))
            {
                return false;
            }

            _context.CheckCancelled();
            row.CopyTo(_working.Values, 0);
            _stepPending = true;
            if (_skip > 0)
            {
                _skip--;
                continue;
            }

            row.CopyTo(_output.Values, 0);
            if (_remaining > 0)
            {
                _remaining--;
            }

            return true;
        }

        return false;
    }

    public override void Close() => Reset();

    public override void Explain(List<string> lines, int depth)
    {
        string how = (_distinct ? "UNION" : "UNION ALL") + (_order.Length > 0 ? ", ORDER BY queue" : string.Empty);
        lines.Add(Indent(depth) + $"RECURSIVE CTE {_name} ({how})");
        lines.Add(Indent(depth + 1) + "SETUP");
        _initial.Explain(lines, depth + 2);
        lines.Add(Indent(depth + 1) + "RECURSIVE STEP");
        foreach (PlanNode step in _steps)
        {
            step.Explain(lines, depth + 2);
        }
    }

    private void Reset()
    {
        _seen.Clear();
        _fifo.Clear();
        _ordered?.Clear();
        _stepPending = false;
        _sequence = 0;
    }

    private void Run(PlanNode query)
    {
        query.Open();
        int width = _output.Values.Length;
        while (query.Next())
        {
            DbValue[] row = query.Output.Values.AsSpan(0, width).ToArray();
            if (_distinct && !_seen.Add(new HashKey(row)))
            {
                continue;
            }

            if (_ordered is not null)
            {
                _ordered.Enqueue(row, (row, _sequence++));
            }
            else
            {
                _fifo.Enqueue(row);
            }

            CheckMemoryBound();
        }

        query.Close();
    }

    private bool TryTake(out DbValue[] row)
    {
        if (_ordered is not null)
        {
            return _ordered.TryDequeue(out row!, out _);
        }

        return _fifo.TryDequeue(out row);
    }

    // Ties in the ORDER BY leave the queue in the order they entered it.
    private int CompareQueued((DbValue[] Row, long Sequence) a, (DbValue[] Row, long Sequence) b)
    {
        int c = SortKey.Compare(_order, a.Row, b.Row);
        return c != 0 ? c : a.Sequence.CompareTo(b.Sequence);
    }

    private void CheckMemoryBound()
    {
        long held = _seen.Count + (_ordered?.Count ?? 0);
        long bound = (long)_context.SpillThresholdRows * MemoryBoundInSpillThresholds;
        if (held > bound)
        {
            string what = _distinct ? "its UNION duplicate check" : "its ORDER BY queue";
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError,
                $"recursive common table expression {_name} holds more than {bound} rows in {what}; " +
                "a recursion this large must use UNION ALL without ORDER BY (whose queue spills to disk), or a larger SpillThresholdRows");
        }
    }
}
