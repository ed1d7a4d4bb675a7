// A transaction on a connection's engine session. Every SharpCoreDB transaction
// reads one snapshot and writes only if that snapshot is still current, with a
// single writer, which is serializable: ReadCommitted, RepeatableRead, Serializable
// and Unspecified are all given as Serializable (a stronger level is always allowed),
// Snapshot as Snapshot (the same guarantees, never taking the writer lock before its
// first write); the levels it cannot honestly give are refused (see
// MapIsolationLevel). Savepoints map to the session's SAVEPOINT/RELEASE/ROLLBACK TO.
// CommitAsync awaits the log's fsync without blocking a thread.
using System.Data;
using System.Data.Common;

namespace SharpCoreDB.Data;

/// <summary>A transaction of a <see cref="SharpCoreDBConnection"/>.</summary>
public sealed class SharpCoreDBTransaction : DbTransaction
{
    private SharpCoreDBConnection? _connection;
    private readonly IsolationLevel _isolationLevel;
    private bool _disposed;

    internal SharpCoreDBTransaction(SharpCoreDBConnection connection, IsolationLevel isolationLevel)
    {
        _connection = connection;
        _isolationLevel = isolationLevel;
    }

    /// <summary>The connection; null once the transaction has completed.</summary>
    public new SharpCoreDBConnection? Connection => _connection;

    /// <inheritdoc />
    protected override DbConnection? DbConnection => _connection;

    /// <summary>The level given: Snapshot for Snapshot, Serializable for the rest (see <see cref="MapIsolationLevel"/>).</summary>
    public override IsolationLevel IsolationLevel => _isolationLevel;

    /// <summary>True: Save, Rollback(name) and Release are supported.</summary>
    public override bool SupportsSavepoints => true;

    /// <summary>True once committed or rolled back.</summary>
    internal bool IsCompleted => _connection is null;

    /// <summary>The level a request is served with; throws for levels snapshot isolation cannot honestly give.</summary>
    internal static IsolationLevel MapIsolationLevel(IsolationLevel requested) => requested switch
    {
        IsolationLevel.Snapshot => IsolationLevel.Snapshot,
        IsolationLevel.Unspecified or IsolationLevel.ReadCommitted or IsolationLevel.RepeatableRead or IsolationLevel.Serializable => IsolationLevel.Serializable,
        IsolationLevel.ReadUncommitted => throw new ArgumentException(
            "SharpCoreDB cannot give ReadUncommitted: a transaction never sees another's uncommitted changes. " +
            "Ask for Snapshot (or Unspecified).", nameof(requested)),
        _ => throw new ArgumentException($"SharpCoreDB cannot give the isolation level {requested}.", nameof(requested)),
    };

    /// <inheritdoc />
    public override void Commit()
    {
        SharpCoreDBConnection connection = Active();
        Run(() => connection.Session.Commit());
        MarkCompleted();
    }

    /// <summary>Commits, awaiting the FullSync fsync without blocking a thread.</summary>
    public override async Task CommitAsync(CancellationToken cancellationToken = default)
    {
        SharpCoreDBConnection connection = Active();
        cancellationToken.ThrowIfCancellationRequested();
        try
        {
            await connection.Session.CommitAsync(cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (EngineExceptionTranslator.Translate(e) is { } translated)
        {
            throw translated;
        }

        MarkCompleted();
    }

    /// <inheritdoc />
    public override void Rollback()
    {
        SharpCoreDBConnection connection = Active();
        Run(() => connection.Session.Rollback());
        MarkCompleted();
    }

    /// <inheritdoc />
    public override Task RollbackAsync(CancellationToken cancellationToken = default)
    {
        cancellationToken.ThrowIfCancellationRequested();
        Rollback();
        return Task.CompletedTask;
    }

    /// <summary>Creates a savepoint.</summary>
    public override void Save(string savepointName)
    {
        ArgumentException.ThrowIfNullOrEmpty(savepointName);
        SharpCoreDBConnection connection = Active();
        Run(() => connection.Session.Savepoint(savepointName));
    }

    /// <summary>Undoes the changes made since the savepoint; the savepoint stays.</summary>
    public override void Rollback(string savepointName)
    {
        ArgumentException.ThrowIfNullOrEmpty(savepointName);
        SharpCoreDBConnection connection = Active();
        Run(() => connection.Session.RollbackToSavepoint(savepointName));
    }

    /// <summary>Forgets a savepoint, keeping its changes in the transaction.</summary>
    public override void Release(string savepointName)
    {
        ArgumentException.ThrowIfNullOrEmpty(savepointName);
        SharpCoreDBConnection connection = Active();
        Run(() => connection.Session.ReleaseSavepoint(savepointName));
    }

    /// <inheritdoc />
    public override Task SaveAsync(string savepointName, CancellationToken cancellationToken = default)
    {
        cancellationToken.ThrowIfCancellationRequested();
        Save(savepointName);
        return Task.CompletedTask;
    }

    /// <inheritdoc />
    public override Task RollbackAsync(string savepointName, CancellationToken cancellationToken = default)
    {
        cancellationToken.ThrowIfCancellationRequested();
        Rollback(savepointName);
        return Task.CompletedTask;
    }

    /// <inheritdoc />
    public override Task ReleaseAsync(string savepointName, CancellationToken cancellationToken = default)
    {
        cancellationToken.ThrowIfCancellationRequested();
        Release(savepointName);
        return Task.CompletedTask;
    }

    /// <summary>Detaches the transaction from its connection (it has ended).</summary>
    internal void MarkCompleted()
    {
        if (_connection is { } connection && ReferenceEquals(connection.Transaction, this))
        {
            connection.Transaction = null;
        }

        _connection = null;
    }

    /// <summary>Rolls back a transaction disposed before it completed.</summary>
    protected override void Dispose(bool disposing)
    {
        if (disposing && _connection is { State: ConnectionState.Open } connection)
        {
            if (connection.Session.InTransaction)
            {
                connection.Session.Rollback();
            }

            MarkCompleted();
        }

        _disposed = true;
        base.Dispose(disposing);
    }

    private SharpCoreDBConnection Active()
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        SharpCoreDBConnection connection = _connection
            ?? throw new InvalidOperationException("The transaction has already been committed or rolled back.");
        if (!connection.Session.InTransaction)
        {
            // A COMMIT or ROLLBACK statement ended it behind this object's back.
            MarkCompleted();
            throw new InvalidOperationException("The transaction was already ended by a COMMIT or ROLLBACK statement.");
        }

        return connection;
    }

    private static void Run(Action action)
    {
        try
        {
            action();
        }
        catch (Exception e) when (EngineExceptionTranslator.Translate(e) is { } translated)
        {
            throw translated;
        }
    }
}
