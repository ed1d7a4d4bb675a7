// A batch: several commands, each with its own text and parameters, run in
// order on one connection (and its open transaction). The reader returns the
// results of all of them in sequence; each batch command reports its own
// RecordsAffected, and ExecuteNonQuery returns their sum.
using System.Data;
using System.Data.Common;

namespace SharpCoreDB.Data;

/// <summary>A batch of commands run together.</summary>
public sealed class SharpCoreDBBatch : DbBatch
{
    private volatile CommandCancellation? _running;

    /// <summary>The commands, in order.</summary>
    public new SharpCoreDBBatchCommandCollection BatchCommands { get; } = new();

    /// <inheritdoc />
    protected override DbBatchCommandCollection DbBatchCommands => BatchCommands;

    /// <summary>Seconds the batch may run (0 = no limit); defaults to the connection's Default Timeout.</summary>
    public override int Timeout
    {
        get => _timeout ?? Connection?.DefaultTimeout ?? SharpCoreDBOptions.DefaultTimeoutSeconds;
        set
        {
            ArgumentOutOfRangeException.ThrowIfNegative(value);
            _timeout = value;
        }
    }

    private int? _timeout;

    /// <summary>The connection.</summary>
    public new SharpCoreDBConnection? Connection { get; set; }

    /// <inheritdoc />
    protected override DbConnection? DbConnection
    {
        get => Connection;
        set => Connection = (SharpCoreDBConnection?)value;
    }

    /// <summary>The transaction (optional: the batch joins the connection's open transaction anyway).</summary>
    public new SharpCoreDBTransaction? Transaction { get; set; }

    /// <inheritdoc />
    protected override DbTransaction? DbTransaction
    {
        get => Transaction;
        set => Transaction = (SharpCoreDBTransaction?)value;
    }

    /// <summary>A new batch command.</summary>
    public new SharpCoreDBBatchCommand CreateBatchCommand() => new();

    /// <inheritdoc />
    protected override DbBatchCommand CreateDbBatchCommand() => CreateBatchCommand();

    /// <summary>Stops the running batch.</summary>
    public override void Cancel() => _running?.Cancel();

    /// <summary>Parses every command's text (statements are compiled as they run).</summary>
    public override void Prepare()
    {
        Open();
        foreach (SharpCoreDBBatchCommand command in BatchCommands)
        {
            CommandUnit.Parse(command.CommandText);
        }
    }

    /// <inheritdoc />
    public override Task PrepareAsync(CancellationToken cancellationToken = default)
    {
        cancellationToken.ThrowIfCancellationRequested();
        Prepare();
        return Task.CompletedTask;
    }

    /// <summary>Executes and reads.</summary>
    public new SharpCoreDBDataReader ExecuteReader(CommandBehavior behavior = CommandBehavior.Default) =>
        StartAsync(behavior, isAsync: false, CancellationToken.None).AsTask().GetAwaiter().GetResult();

    /// <inheritdoc />
    protected override DbDataReader ExecuteDbDataReader(CommandBehavior behavior) => ExecuteReader(behavior);

    /// <inheritdoc />
    protected override async Task<DbDataReader> ExecuteDbDataReaderAsync(CommandBehavior behavior, CancellationToken cancellationToken) =>
        await StartAsync(behavior, isAsync: true, cancellationToken).ConfigureAwait(false);

    /// <inheritdoc />
    public override int ExecuteNonQuery()
    {
        using SharpCoreDBDataReader reader = ExecuteReader();
        while (reader.NextResult())
        {
        }

        return reader.RecordsAffected;
    }

    /// <inheritdoc />
    public override async Task<int> ExecuteNonQueryAsync(CancellationToken cancellationToken = default)
    {
        SharpCoreDBDataReader reader = await StartAsync(CommandBehavior.Default, isAsync: true, cancellationToken).ConfigureAwait(false);
        await using (reader.ConfigureAwait(false))
        {
            while (await reader.NextResultAsync(cancellationToken).ConfigureAwait(false))
            {
            }

            return reader.RecordsAffected;
        }
    }

    /// <inheritdoc />
    public override object? ExecuteScalar()
    {
        using SharpCoreDBDataReader reader = ExecuteReader();
        return reader.Read() && reader.FieldCount > 0 ? reader.GetValue(0) : null;
    }

    /// <inheritdoc />
    public override async Task<object?> ExecuteScalarAsync(CancellationToken cancellationToken = default)
    {
        SharpCoreDBDataReader reader = await StartAsync(CommandBehavior.Default, isAsync: true, cancellationToken).ConfigureAwait(false);
        await using (reader.ConfigureAwait(false))
        {
            return await reader.ReadAsync(cancellationToken).ConfigureAwait(false) && reader.FieldCount > 0 ? reader.GetValue(0) : null;
        }
    }

    private SharpCoreDBConnection Open()
    {
        SharpCoreDBConnection connection = Connection ?? throw new InvalidOperationException("The batch has no Connection.");
        return connection.State == ConnectionState.Open ? connection : throw new InvalidOperationException("The batch's connection is not open.");
    }

    private async ValueTask<SharpCoreDBDataReader> StartAsync(CommandBehavior behavior, bool isAsync, CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        SharpCoreDBConnection connection = Open();
        SharpCoreDBCommand.CheckTransaction(connection, Transaction);
        if (BatchCommands.Count == 0)
        {
            throw new InvalidOperationException("The batch has no commands.");
        }

        var units = new CommandUnit[BatchCommands.Count];
        for (int i = 0; i < units.Length; i++)
        {
            SharpCoreDBBatchCommand command = BatchCommands[i];
            command.ResetRecordsAffected();
            units[i] = new CommandUnit(CommandUnit.Parse(command.CommandText), command.Parameters, prepared: null, command);
        }

        var cancellation = new CommandCancellation(Timeout, cancellationToken);
        _running = cancellation;
        var reader = new SharpCoreDBDataReader(connection, units, behavior, cancellation, () => _running = null);
        await reader.StartAsync(isAsync, cancellationToken).ConfigureAwait(false);
        return reader;
    }
}
