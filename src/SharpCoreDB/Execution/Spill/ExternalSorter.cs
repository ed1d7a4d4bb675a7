// Sorts rows that may not fit in memory. Rows are kept in a list until it holds
// QueryContext.SpillThresholdRows; then the list is sorted and written to a
// SpillFile as one run. At the end, with no run written the list is simply
// sorted and replayed; otherwise the last run is written too and the runs are
// merged (k-way, by a priority queue). Ties keep insertion order (a sequence
// number breaks them), so the sort is stable.
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Execution.Spill;

/// <summary>A stable sort with spilling to temporary files.</summary>
internal sealed class ExternalSorter : IDisposable
{
    private readonly QueryContext _context;
    private readonly SortKey[] _keys;
    private readonly int _width;
    private readonly List<DbValue[]> _rows = [];
    private readonly List<SpillFile> _runs = [];
    private readonly Comparison<DbValue[]> _compare;
    private PriorityQueue<int, DbValue[]>? _merge;
    private DbValue[][] _heads = [];
    private int _next;

    public ExternalSorter(QueryContext context, SortKey[] keys, int width)
    {
        _context = context;
        _keys = keys;
        _width = width;
        _compare = (a, b) =>
        {
            int c = SortKey.Compare(_keys, a, b);
            return c != 0 ? c : a[_width].AsInt64().CompareTo(b[_width].AsInt64());
        };
    }

    /// <summary>Temporary files written so far (for tests and EXPLAIN ANALYZE-like diagnostics).</summary>
    public int RunCount => _runs.Count;

    private long _sequence;

    public void Add(DbValue[] row)
    {
        DbValue[] copy = new DbValue[_width + 1];
        Array.Copy(row, copy, _width);
        copy[_width] = DbValue.FromInt64(_sequence++);
        _rows.Add(copy);
        if (_rows.Count >= _context.SpillThresholdRows && _context.Storage is not null)
        {
            SpillRun();
        }
    }

    public void Finish()
    {
        if (_runs.Count == 0)
        {
            _rows.Sort(_compare);
            _next = 0;
            return;
        }

        if (_rows.Count > 0)
        {
            SpillRun();
        }

        _heads = new DbValue[_runs.Count][];
        _merge = new PriorityQueue<int, DbValue[]>(Comparer<DbValue[]>.Create(_compare));
        for (int i = 0; i < _runs.Count; i++)
        {
            _runs[i].CompleteWrites();
            _heads[i] = new DbValue[_width + 1];
            if (_runs[i].Read(_heads[i]))
            {
                _merge.Enqueue(i, _heads[i]);
            }
        }
    }

    public bool Next(DbValue[] destination)
    {
        if (_merge is null)
        {
            if (_next >= _rows.Count)
            {
                return false;
            }

            Array.Copy(_rows[_next++], destination, _width);
            return true;
        }

        if (!_merge.TryDequeue(out int run, out DbValue[]? head))
        {
            return false;
        }

        Array.Copy(head, destination, _width);
        DbValue[] fresh = new DbValue[_width + 1];
        if (_runs[run].Read(fresh))
        {
            _heads[run] = fresh;
            _merge.Enqueue(run, fresh);
        }

        return true;
    }

    public void Dispose()
    {
        foreach (SpillFile run in _runs)
        {
            run.Dispose();
        }

        _runs.Clear();
        _rows.Clear();
    }

    private void SpillRun()
    {
        _rows.Sort(_compare);
        SpillFile file = _context.CreateSpillFile();
        _runs.Add(file);
        foreach (DbValue[] row in _rows)
        {
            file.Write(row);
        }

        _rows.Clear();
    }
}
