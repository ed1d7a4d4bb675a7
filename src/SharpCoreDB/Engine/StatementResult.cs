// The outcome of one statement: rows streamed from a plan (holding the read
// snapshot until disposed) or materialized rows (RETURNING, PRAGMA, EXPLAIN),
// and the number of rows an INSERT/UPDATE/DELETE changed.
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Engine;

/// <summary>Rows and/or a count.</summary>
internal sealed class StatementResult : IDisposable
{
    private readonly PlanNode? _plan;
    private readonly IReadOnlyList<DbValue[]>? _rows;
    private readonly QueryContext? _context;
    private Action? _onDispose;
    private DbValue[]? _current;
    private int _next;
    private bool _done;

    private StatementResult(IReadOnlyList<ColumnDescription> columns, PlanNode? plan, IReadOnlyList<DbValue[]>? rows, QueryContext? context,
        int recordsAffected, Action? onDispose)
    {
        Columns = columns;
        _plan = plan;
        _rows = rows;
        _context = context;
        RecordsAffected = recordsAffected;
        _onDispose = onDispose;
    }

    public IReadOnlyList<ColumnDescription> Columns { get; }

    public int RecordsAffected { get; }

    public DbValue this[int ordinal] => _current is { } row && (uint)ordinal < (uint)Columns.Count
        ? row[ordinal]
        : throw new SharpCoreDBException(SharpCoreDBErrorCode.Misuse, _current is null ? "No current row." : $"No column {ordinal}.");

    public static StatementResult Streaming(IReadOnlyList<ColumnDescription> columns, PlanNode plan, QueryContext context, Action onDispose) =>
        new(columns, plan, null, context, -1, onDispose);

    public static StatementResult Materialized(IReadOnlyList<ColumnDescription> columns, IReadOnlyList<DbValue[]> rows, int recordsAffected) =>
        new(columns, null, rows, null, recordsAffected, null);

    // Results without rows hold no state that changes, so the common counts are shared.
    private static readonly StatementResult NoCount = new([], null, null, null, -1, null);
    private static readonly StatementResult CountZero = new([], null, null, null, 0, null);
    private static readonly StatementResult CountOne = new([], null, null, null, 1, null);

    public static StatementResult Count(int recordsAffected) => recordsAffected switch
    {
        -1 => NoCount,
        0 => CountZero,
        1 => CountOne,
        _ => new([], null, null, null, recordsAffected, null),
    };

    public bool Read()
    {
        if (_done || (_plan is null && _rows is null))
        {
            return false;
        }

        if (_plan is not null)
        {
            bool ok;
            try
            {
                _context!.CheckCancelled();
                _context.CheckTransactionOpen();
                ok = _plan.Next();
            }
            catch
            {
                Dispose();
                throw;
            }

            if (ok)
            {
                _current = _plan.Output.Values;
                return true;
            }

            _done = true;
            _current = null;
            Dispose();
            return false;
        }

        if (_rows is not null && _next < _rows.Count)
        {
            _current = _rows[_next++];
            return true;
        }

        _done = true;
        _current = null;
        return false;
    }

    public void Dispose()
    {
        Action? onDispose = _onDispose;
        _onDispose = null;
        if (onDispose is not null)
        {
            _plan?.Close();
            onDispose();
        }
    }
}
