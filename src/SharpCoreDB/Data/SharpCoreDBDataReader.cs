// Reads the results of a command or batch. Statements run one at a time as the
// reader advances: ExecuteReader runs up to the first statement that returns
// rows, NextResult runs on to the next one; statements without rows in between
// add to RecordsAffected. Each query's StatementResult (holding a read snapshot)
// is disposed as soon as the reader leaves it. The first row is fetched when a
// result becomes current, so HasRows is known and errors surface at execution.
//
// Async execution (ExecuteReaderAsync, NextResultAsync) uses the engine's
// ExecuteAsync, so a FullSync autocommit awaits the log's fsync without blocking.
using System.Collections;
using System.Data;
using System.Data.Common;
using SharpCoreDB.Engine;

namespace SharpCoreDB.Data;

/// <summary>Reads the rows of a SharpCoreDB command's results.</summary>
public sealed partial class SharpCoreDBDataReader : DbDataReader
{
    private readonly SharpCoreDBConnection _connection;
    private readonly IReadOnlyList<CommandUnit> _units;
    private readonly CommandBehavior _behavior;
    private readonly CommandCancellation _cancellation;
    private readonly Action? _onClose;
    private int _unitIndex;
    private int _statementIndex = -1;
    private int _positionalOffset;
    private int _resultCount;
    private int _recordsAffected = -1;
    private StatementResult? _result;
    private IReadOnlyList<ColumnDescription> _columns = [];
    private Type?[] _fieldTypes = [];
    private bool _peeked;
    private bool _peekedHasRow;
    private bool _hasRows;
    private bool _onRow;
    private int _rowsRead;
    private bool _closed;

    internal SharpCoreDBDataReader(SharpCoreDBConnection connection, IReadOnlyList<CommandUnit> units, CommandBehavior behavior,
        CommandCancellation cancellation, Action? onClose)
    {
        _connection = connection;
        _units = units;
        _behavior = behavior;
        _cancellation = cancellation;
        _onClose = onClose;
    }

    /// <inheritdoc />
    public override int Depth => 0;

    /// <inheritdoc />
    public override int FieldCount => _closed ? throw new InvalidOperationException("The reader is closed.") : _columns.Count;

    /// <inheritdoc />
    public override bool HasRows => !_closed && _hasRows;

    /// <inheritdoc />
    public override bool IsClosed => _closed;

    /// <summary>Rows inserted, updated or deleted by the statements run so far; -1 when none was a change.</summary>
    public override int RecordsAffected => _recordsAffected;

    /// <inheritdoc />
    public override object this[int ordinal] => GetValue(ordinal);

    /// <inheritdoc />
    public override object this[string name] => GetValue(GetOrdinal(name));

    /// <summary>Runs the statements up to the first that returns rows.</summary>
    internal async ValueTask StartAsync(bool isAsync, CancellationToken cancellationToken)
    {
        _connection.RegisterReader(this);
        try
        {
            await AdvanceAsync(isAsync, cancellationToken).ConfigureAwait(false);
        }
        catch
        {
            Close();
            throw;
        }
    }

    /// <inheritdoc />
    public override bool Read()
    {
        ThrowIfClosed();
        if (_result is null || ((_behavior & CommandBehavior.SingleRow) != 0 && _rowsRead > 0))
        {
            _onRow = false;
            return false;
        }

        if (_peeked)
        {
            _peeked = false;
            _onRow = _peekedHasRow;
        }
        else
        {
            _onRow = Step(_result);
        }

        if (_onRow)
        {
            _rowsRead++;
        }

        return _onRow;
    }

    /// <inheritdoc />
    public override Task<bool> ReadAsync(CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        using CancellationTokenRegistration registration = cancellationToken.Register(static c => ((CommandCancellation)c!).Cancel(), _cancellation);
        try
        {
            return Read() ? TrueTask : FalseTask;
        }
        catch (SharpCoreDBException e) when (cancellationToken.IsCancellationRequested && e.ErrorCode == SharpCoreDBErrorCode.Cancelled)
        {
            return Task.FromCanceled<bool>(cancellationToken);
        }
    }

    /// <inheritdoc />
    public override bool NextResult()
    {
        ThrowIfClosed();
        return AdvanceAsync(isAsync: false, CancellationToken.None).GetAwaiter().GetResult();
    }

    /// <inheritdoc />
    public override async Task<bool> NextResultAsync(CancellationToken cancellationToken)
    {
        ThrowIfClosed();
        return await AdvanceAsync(isAsync: true, cancellationToken).ConfigureAwait(false);
    }

    /// <inheritdoc />
    public override IEnumerator GetEnumerator() => new DbEnumerator(this, (_behavior & CommandBehavior.CloseConnection) != 0);

    /// <summary>Closes the reader; with CommandBehavior.CloseConnection also the connection.</summary>
    public override void Close()
    {
        if (_closed)
        {
            return;
        }

        CloseWithoutConnection();
        if ((_behavior & CommandBehavior.CloseConnection) != 0)
        {
            _connection.Close();
        }
    }

    /// <summary>Closes the reader only (used when its connection closes).</summary>
    internal void CloseWithoutConnection()
    {
        if (_closed)
        {
            return;
        }

        _closed = true;
        _onRow = false;
        _result?.Dispose();
        _result = null;
        _cancellation.Dispose();
        _onClose?.Invoke();
    }

    /// <inheritdoc />
    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            Close();
        }

        base.Dispose(disposing);
    }

    /// <summary>Leaves the current result and runs statements until the next one that returns rows.</summary>
    private async ValueTask<bool> AdvanceAsync(bool isAsync, CancellationToken cancellationToken)
    {
        _result?.Dispose();
        _result = null;
        _columns = [];
        _fieldTypes = [];
        _onRow = _peeked = _hasRows = false;
        _rowsRead = 0;
        // SingleRow asks for one row of the first result, so it ends the command as SingleResult does.
        if ((_behavior & (CommandBehavior.SingleResult | CommandBehavior.SingleRow)) != 0 && _resultCount > 0)
        {
            return false;
        }

        using CancellationTokenRegistration registration = cancellationToken.CanBeCanceled
            ? cancellationToken.Register(static c => ((CommandCancellation)c!).Cancel(), _cancellation)
            : default;
        while (MoveToNextStatement(out CommandUnit? unit))
        {
            try
            {
                if (await RunStatementAsync(unit, isAsync).ConfigureAwait(false))
                {
                    _resultCount++;
                    return true;
                }
            }
            catch (Exception e) when (Translate(e, cancellationToken) is { } translated)
            {
                throw translated;
            }
        }

        return false;
    }

    /// <summary>Runs the current statement; true when it returns rows (it is then the current result).</summary>
    private async ValueTask<bool> RunStatementAsync(CommandUnit unit, bool isAsync)
    {
        _cancellation.ThrowIfCancelled();
        Session session = _connection.Session;
        PreparedStatement prepared = unit.Prepare(session, _statementIndex);
        if (_connection.IsReadOnly)
        {
            ReadOnlyGuard.Check(prepared.Statement);
        }

        if ((_behavior & CommandBehavior.SchemaOnly) != 0)
        {
            if (!prepared.IsQuery)
            {
                return false;
            }

            SetColumns(prepared.Columns);
            return true;
        }

        var values = new ParameterValues(unit.Parameters, _positionalOffset);
        _positionalOffset += ParameterValues.PositionalCount(prepared);
        StatementResult result = isAsync
            ? await session.ExecuteAsync(prepared, values, _cancellation.Token).ConfigureAwait(false)
            : session.Execute(prepared, values, _cancellation.Token);
        if (!prepared.IsQuery && result.Columns.Count == 0)
        {
            AddRecordsAffected(unit, result.RecordsAffected);
            result.Dispose();
            return false;
        }

        _result = result;
        SetColumns(result.Columns);
        _peekedHasRow = Step(result);
        _peeked = true;
        _hasRows = _peekedHasRow;
        if (result.RecordsAffected >= 0)
        {
            AddRecordsAffected(unit, result.RecordsAffected);
        }

        return true;
    }

    private bool MoveToNextStatement(out CommandUnit unit)
    {
        while (_unitIndex < _units.Count)
        {
            unit = _units[_unitIndex];
            if (_statementIndex + 1 < unit.Script.Count)
            {
                _statementIndex++;
                return true;
            }

            _unitIndex++;
            _statementIndex = -1;
            _positionalOffset = 0;
        }

        unit = null!;
        return false;
    }

    private void AddRecordsAffected(CommandUnit unit, int count)
    {
        if (count < 0)
        {
            return;
        }

        _recordsAffected = _recordsAffected < 0 ? count : _recordsAffected + count;
        if (unit.BatchCommand is { } batchCommand)
        {
            batchCommand.AddRecordsAffected(count);
        }
    }

    private void SetColumns(IReadOnlyList<ColumnDescription> columns)
    {
        _columns = columns;
        _fieldTypes = new Type?[columns.Count];
    }

    private bool Step(StatementResult result)
    {
        try
        {
            return result.Read();
        }
        catch (Exception e) when (Translate(e, CancellationToken.None) is { } translated)
        {
            throw translated;
        }
    }

    private Exception? Translate(Exception error, CancellationToken callerToken)
    {
        if (error is OperationCanceledException && callerToken.IsCancellationRequested)
        {
            return new OperationCanceledException(error.Message, error, callerToken);
        }

        return EngineExceptionTranslator.Translate(error, _cancellation);
    }

    private void ThrowIfClosed()
    {
        if (_closed)
        {
            throw new InvalidOperationException("The reader is closed.");
        }
    }

    private static readonly Task<bool> TrueTask = Task.FromResult(true);
    private static readonly Task<bool> FalseTask = Task.FromResult(false);
}
