// The database one Studio server shows, and the connections the page's requests
// run on. The file is opened once at start; an encrypted one stays locked until the
// page posts its password, which is then kept only here, in the options of the open
// connection (a second connection to an open encrypted file must give the same
// password, compared by the provider against a hash, so no key is derived again).
// An anchor connection stays open for the server's life, so the database, its page
// cache and its derived key stay open between requests. Each request then opens a
// pooled connection of its own (so a long query does not hold up browsing, and a
// cancel can reach it), except while the page's edit transaction is open: then
// reads and queries join that transaction so the user sees the changes they have
// not committed yet.
using SharpCoreDB.Data;
using SharpCoreDB.Studio.Hosting;

namespace SharpCoreDB.Studio.Data;

/// <summary>What opening the database with a password (or none) came to.</summary>
internal enum OpenOutcome
{
    Opened,

    /// <summary>The file is encrypted and no password was given.</summary>
    PasswordNeeded,

    /// <summary>The password does not open the file.</summary>
    WrongPassword,
}

/// <summary>Whether a piece of work may start the edit transaction or only joins one that is open.</summary>
internal enum TransactionUse
{
    /// <summary>Reads and queries: inside the open edit transaction if there is one, else on a connection of their own.</summary>
    JoinIfOpen,

    /// <summary>Edits: inside the edit transaction, which is begun if none is open.</summary>
    BeginIfNone,
}

/// <summary>A locked database was asked for before the page gave its password.</summary>
internal sealed class DatabaseLockedException() : InvalidOperationException("The database is encrypted: enter its password first.");

/// <summary>The database a Studio server shows.</summary>
internal sealed class DatabaseWorkspace : IDisposable
{
    // How long a statement waits for another connection's write lock before it fails
    // (the connection's Default Timeout); the page's own queries have no time limit
    // but can be cancelled.
    private const int LockWaitSeconds = 10;

    private readonly Lock _gate = new();
    private readonly SemaphoreSlim _transactionLock = new(1, 1);
    private readonly SharpCoreDBOptions _settings;
    private SharpCoreDBOptions? _openSettings;
    private SharpCoreDBConnection? _anchor;
    private SharpCoreDBConnection? _editConnection;
    private SharpCoreDBTransaction? _transaction;
    private int _pendingChanges;

    public DatabaseWorkspace(SharpCoreDBOptions connection, StudioAccess access)
    {
        Access = access;
        _settings = connection with
        {
            Password = null,
            Mode = access == StudioAccess.ReadOnly ? SharpCoreDBOpenMode.ReadOnly : connection.Mode,
            DefaultTimeout = LockWaitSeconds,
            Pooling = true,
        };
    }

    public StudioAccess Access { get; }

    /// <summary>The file's name as the page shows it.</summary>
    public string DisplayName => Path.GetFileName(_settings.DataSource);

    public bool IsOpen => Volatile.Read(ref _openSettings) is not null;

    public bool IsEncrypted { get; private set; }

    /// <summary>True while the edit transaction is open.</summary>
    public bool HasTransaction => Volatile.Read(ref _transaction) is not null;

    /// <summary>Rows the open edit transaction has inserted, changed or deleted through the grid.</summary>
    public int PendingChanges => Volatile.Read(ref _pendingChanges);

    /// <summary>Opens the database with <paramref name="password"/> (null for none); other failures throw.</summary>
    public OpenOutcome Open(string? password)
    {
        SharpCoreDBOptions settings = _settings with { Password = password };
        var connection = new SharpCoreDBConnection(settings);
        try
        {
            connection.Open();
        }
        catch (SharpCoreDBException e) when (e.ErrorCode is SharpCoreDBErrorCode.WrongKey or SharpCoreDBErrorCode.AuthenticationFailed)
        {
            connection.Dispose();
            IsEncrypted = true;
            return password is null ? OpenOutcome.PasswordNeeded : OpenOutcome.WrongPassword;
        }
        catch
        {
            connection.Dispose();
            throw;
        }

        lock (_gate)
        {
            if (_openSettings is not null)
            {
                connection.Dispose();
                return OpenOutcome.Opened;
            }

            IsEncrypted = connection.GetStatistics().IsEncrypted;
            _anchor = connection;
            Volatile.Write(ref _openSettings, settings);
        }

        return OpenOutcome.Opened;
    }

    /// <summary>A new open connection to the database, for work outside the edit transaction.</summary>
    public SharpCoreDBConnection OpenConnection()
    {
        SharpCoreDBOptions settings = Volatile.Read(ref _openSettings) ?? throw new DatabaseLockedException();
        var connection = new SharpCoreDBConnection(settings);
        connection.Open();
        return connection;
    }

    /// <summary>Runs <paramref name="work"/> on a connection: the edit transaction's, or one of its own (see <see cref="TransactionUse"/>).</summary>
    public T Run<T>(TransactionUse use, Func<SharpCoreDBConnection, T> work)
    {
        if (use == TransactionUse.JoinIfOpen && !HasTransaction)
        {
            using SharpCoreDBConnection own = OpenConnection();
            return work(own);
        }

        _transactionLock.Wait();
        try
        {
            if (_transaction is null)
            {
                if (use == TransactionUse.JoinIfOpen)
                {
                    // It was committed or rolled back between the check above and the lock.
                    using SharpCoreDBConnection own = OpenConnection();
                    return work(own);
                }

                _editConnection = OpenConnection();
                Volatile.Write(ref _transaction, _editConnection.BeginTransaction());
            }

            try
            {
                return work(_editConnection!);
            }
            finally
            {
                // A COMMIT or ROLLBACK typed into the query editor ends the transaction object too.
                if (_transaction?.Connection is null)
                {
                    EndTransaction();
                }
            }
        }
        finally
        {
            _transactionLock.Release();
        }
    }

    /// <summary>Counts one row changed by a grid edit in the open transaction.</summary>
    public void CountChange() => Interlocked.Increment(ref _pendingChanges);

    /// <summary>Commits the edit transaction; false when none was open.</summary>
    public bool Commit() => Finish(static transaction => transaction.Commit());

    /// <summary>Rolls the edit transaction back; false when none was open.</summary>
    public bool Rollback() => Finish(static transaction => transaction.Rollback());

    private bool Finish(Action<SharpCoreDBTransaction> end)
    {
        _transactionLock.Wait();
        try
        {
            if (_transaction is not { Connection: not null } transaction)
            {
                EndTransaction();
                return false;
            }

            try
            {
                end(transaction);
            }
            finally
            {
                // A COMMIT that fails on a deferred foreign key leaves the transaction open, so the user can
                // fix the rows or roll back; anything that ended it is cleaned up.
                if (transaction.Connection is null)
                {
                    EndTransaction();
                }
            }

            return true;
        }
        finally
        {
            _transactionLock.Release();
        }
    }

    private void EndTransaction()
    {
        _transaction?.Dispose();
        _editConnection?.Dispose();
        Volatile.Write(ref _transaction, null);
        _editConnection = null;
        Volatile.Write(ref _pendingChanges, 0);
    }

    public void Dispose()
    {
        _transactionLock.Wait();
        try
        {
            EndTransaction();
        }
        finally
        {
            _transactionLock.Release();
        }

        lock (_gate)
        {
            _anchor?.Dispose();
            _anchor = null;
        }
    }
}
