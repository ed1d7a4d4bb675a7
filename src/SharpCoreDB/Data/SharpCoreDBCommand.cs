// A SQL command. The text may hold several statements (read them with
// NextResult). Texts are parsed through one process-wide statement cache; the
// statements are compiled once for the connection's session, by Prepare or by the
// first execution, and later executions reuse them with new parameter values. A command on a connection with
// an open transaction joins it, whether or not Transaction is set.
// Timeout (CommandTimeout), Cancel() and cancellation tokens all stop a running
// statement through the token the engine watches (CommandCancellation).
using System.ComponentModel;
using System.Data;
using System.Data.Common;
using System.Diagnostics.CodeAnalysis;
using SharpCoreDB.Engine;

namespace SharpCoreDB.Data;

/// <summary>A SQL command against a <see cref="SharpCoreDBConnection"/>.</summary>
public sealed partial class SharpCoreDBCommand : DbCommand
{
    private string _commandText = "";
    private int? _commandTimeout;
    private SharpCoreDBConnection? _connection;
    private PreparedScript? _prepared;
    private volatile CommandCancellation? _running;
    private SharpCoreDBDataReader? _openReader;

    /// <summary>A command without text or connection.</summary>
    public SharpCoreDBCommand()
    {
    }

    /// <summary>A command with text.</summary>
    public SharpCoreDBCommand(string? commandText) => CommandText = commandText;

    /// <summary>A command with text on a connection.</summary>
    public SharpCoreDBCommand(string? commandText, SharpCoreDBConnection? connection)
        : this(commandText) => Connection = connection;

    /// <summary>A command with text on a connection, in a transaction.</summary>
    public SharpCoreDBCommand(string? commandText, SharpCoreDBConnection? connection, SharpCoreDBTransaction? transaction)
        : this(commandText, connection) => Transaction = transaction;

    /// <summary>The SQL text: one or more statements separated by semicolons.</summary>
    [AllowNull]
    public override string CommandText
    {
        get => _commandText;
        set
        {
            ThrowIfReaderOpen();
            _commandText = value ?? "";
            GiveBackPrepared();
        }
    }

    /// <summary>Seconds a statement may run before it is stopped (0 = no limit); defaults to the connection's Default Timeout.</summary>
    public override int CommandTimeout
    {
        get => _commandTimeout ?? _connection?.DefaultTimeout ?? SharpCoreDBOptions.DefaultTimeoutSeconds;
        set
        {
            ArgumentOutOfRangeException.ThrowIfNegative(value);
            _commandTimeout = value;
        }
    }

    /// <summary>Only <see cref="CommandType.Text"/>: SharpCoreDB has no stored procedures.</summary>
    public override CommandType CommandType
    {
        get => CommandType.Text;
        set
        {
            if (value != CommandType.Text)
            {
                throw new ArgumentException($"SharpCoreDB supports only CommandType.Text, not {value}.", nameof(value));
            }
        }
    }

    /// <summary>The connection the command runs on.</summary>
    public new SharpCoreDBConnection? Connection
    {
        get => _connection;
        set
        {
            ThrowIfReaderOpen();
            if (!ReferenceEquals(_connection, value))
            {
                GiveBackPrepared();
            }

            _connection = value;
        }
    }

    /// <inheritdoc />
    protected override DbConnection? DbConnection
    {
        get => _connection;
        set => Connection = value switch
        {
            null => null,
            SharpCoreDBConnection c => c,
            _ => throw new ArgumentException($"A SharpCoreDBCommand needs a SharpCoreDBConnection, not {value.GetType().Name}.", nameof(value)),
        };
    }

    /// <summary>The transaction; optional, since commands join the connection's open transaction anyway.</summary>
    public new SharpCoreDBTransaction? Transaction { get; set; }

    /// <inheritdoc />
    protected override DbTransaction? DbTransaction
    {
        get => Transaction;
        set => Transaction = (SharpCoreDBTransaction?)value;
    }

    /// <summary>The parameters.</summary>
    public new SharpCoreDBParameterCollection Parameters { get; } = new();

    /// <inheritdoc />
    protected override DbParameterCollection DbParameterCollection => Parameters;

    /// <inheritdoc />
    [DefaultValue(true)]
    [DesignOnly(true)]
    [EditorBrowsable(EditorBrowsableState.Never)]
    public override bool DesignTimeVisible { get; set; } = true;

    /// <inheritdoc />
    public override UpdateRowSource UpdatedRowSource { get; set; } = UpdateRowSource.None;

    /// <summary>A new parameter.</summary>
    public new SharpCoreDBParameter CreateParameter() => new();

    /// <inheritdoc />
    protected override DbParameter CreateDbParameter() => CreateParameter();

    /// <summary>Compiles the statements once for this connection; executions then reuse them.</summary>
    public override void Prepare()
    {
        SharpCoreDBConnection connection = OpenConnection();
        var prepared = new PreparedScript(connection.Session, CommandUnit.Parse(_commandText));
        try
        {
            prepared.PrepareAll();
        }
        catch (Exception e) when (EngineExceptionTranslator.Translate(e) is { } translated)
        {
            throw translated;
        }

        GiveBackPrepared();
        _prepared = prepared;
    }

    /// <summary>Stops the running execution of this command, from any thread.</summary>
    public override void Cancel() => _running?.Cancel();

    /// <summary>Executes and reads.</summary>
    public new SharpCoreDBDataReader ExecuteReader() => ExecuteReader(CommandBehavior.Default);

    /// <summary>Executes and reads with behaviour flags.</summary>
    public new SharpCoreDBDataReader ExecuteReader(CommandBehavior behavior) =>
        StartReaderAsync(behavior, isAsync: false, CancellationToken.None).AsTask().GetAwaiter().GetResult();

    /// <summary>Executes and reads asynchronously.</summary>
    public new Task<SharpCoreDBDataReader> ExecuteReaderAsync(CancellationToken cancellationToken = default) =>
        ExecuteReaderAsync(CommandBehavior.Default, cancellationToken);

    /// <summary>Executes and reads asynchronously with behaviour flags.</summary>
    public new async Task<SharpCoreDBDataReader> ExecuteReaderAsync(CommandBehavior behavior, CancellationToken cancellationToken = default) =>
        await StartReaderAsync(behavior, isAsync: true, cancellationToken).ConfigureAwait(false);

    /// <inheritdoc />
    protected override DbDataReader ExecuteDbDataReader(CommandBehavior behavior) => ExecuteReader(behavior);

    /// <inheritdoc />
    protected override async Task<DbDataReader> ExecuteDbDataReaderAsync(CommandBehavior behavior, CancellationToken cancellationToken) =>
        await StartReaderAsync(behavior, isAsync: true, cancellationToken).ConfigureAwait(false);


    /// <summary>Runs every statement, awaiting commits without blocking a thread.</summary>
    public override async Task<int> ExecuteNonQueryAsync(CancellationToken cancellationToken)
    {
        SharpCoreDBDataReader reader = await StartReaderAsync(CommandBehavior.Default, isAsync: true, cancellationToken).ConfigureAwait(false);
        await using (reader.ConfigureAwait(false))
        {
            while (await reader.NextResultAsync(cancellationToken).ConfigureAwait(false))
            {
            }

            return reader.RecordsAffected;
        }
    }

    /// <summary>The first column of the first row of the first result, or null.</summary>
    public override object? ExecuteScalar()
    {
        using SharpCoreDBDataReader reader = ExecuteReader(CommandBehavior.SingleResult | CommandBehavior.SingleRow);
        return reader.Read() && reader.FieldCount > 0 ? reader.GetValue(0) : null;
    }

    /// <inheritdoc />
    public override async Task<object?> ExecuteScalarAsync(CancellationToken cancellationToken)
    {
        SharpCoreDBDataReader reader = await StartReaderAsync(CommandBehavior.SingleResult | CommandBehavior.SingleRow, isAsync: true, cancellationToken)
            .ConfigureAwait(false);
        await using (reader.ConfigureAwait(false))
        {
            return await reader.ReadAsync(cancellationToken).ConfigureAwait(false) && reader.FieldCount > 0 ? reader.GetValue(0) : null;
        }
    }

    private async ValueTask<SharpCoreDBDataReader> StartReaderAsync(CommandBehavior behavior, bool isAsync, CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        ThrowIfReaderOpen();
        SharpCoreDBConnection connection = OpenConnection();
        CheckTransaction(connection, Transaction);
        PreparedScript prepared = PreparedFor(connection.Session);
        var unit = new CommandUnit(prepared.Script, Parameters, prepared, batchCommand: null);
        var cancellation = new CommandCancellation(CommandTimeout, cancellationToken);
        _running = cancellation;
        var reader = new SharpCoreDBDataReader(connection, [unit], behavior, cancellation, () =>
        {
            _running = null;
            _openReader = null;
        });
        _openReader = reader;
        await reader.StartAsync(isAsync, cancellationToken).ConfigureAwait(false);
        return reader;
    }

    // The command's compiled statements for this session: those of Prepare(), or, as Microsoft.Data.Sqlite
    // does, the ones its first execution compiles, kept until CommandText or Connection changes. Without
    // this a command run again (the usual way: Dapper never calls Prepare) compiled its plan each time.
    // A command's first execution takes them from the session's pool when an earlier command with the
    // same text gave them back, so a new command per call (EF Core, Dapper) does not plan again either.
    private PreparedScript PreparedFor(Session session)
    {
        PreparedScript? prepared = _prepared;
        if (prepared is null || !ReferenceEquals(prepared.Session, session))
        {
            GiveBackPrepared();
            prepared = _prepared = session.Scripts.Take(_commandText) ?? new PreparedScript(session, CommandUnit.Parse(_commandText));
        }

        return prepared;
    }

    // Hands the compiled statements to their session's pool for the next command with this text.
    private void GiveBackPrepared()
    {
        PreparedScript? prepared = _prepared;
        _prepared = null;
        if (prepared is not null)
        {
            prepared.Session.Scripts.Return(prepared);
        }
    }

    /// <summary>Throws when the command's transaction is not the connection's open one.</summary>
    internal static void CheckTransaction(SharpCoreDBConnection connection, SharpCoreDBTransaction? transaction)
    {
        if (transaction is null)
        {
            return;
        }

        if (transaction.IsCompleted)
        {
            throw new InvalidOperationException("The command's transaction has already been committed or rolled back.");
        }

        if (!ReferenceEquals(transaction.Connection, connection))
        {
            throw new InvalidOperationException("The command's transaction belongs to another connection.");
        }
    }

    // The reader of this command's last execution reads through its compiled statements and parameters:
    // running the command again, or changing its text or connection, while that reader is open would pull
    // them out from under it (ADO.NET asks for InvalidOperationException; other commands on the connection
    // may still run and read beside it).
    private void ThrowIfReaderOpen()
    {
        if (_openReader is not null)
        {
            throw new InvalidOperationException("This command has an open data reader; close it before running the command again or changing its CommandText or Connection.");
        }
    }

    private SharpCoreDBConnection OpenConnection()
    {
        SharpCoreDBConnection connection = _connection ?? throw new InvalidOperationException("The command has no Connection.");
        return connection.State == ConnectionState.Open
            ? connection
            : throw new InvalidOperationException("The command's connection is not open.");
    }

    /// <inheritdoc />
    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            GiveBackPrepared();
        }

        _prepared = null;
        _spareCancellation?.Dispose();
        _spareCancellation = null;
        base.Dispose(disposing);
    }
}
