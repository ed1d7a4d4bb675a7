// A connection to a SharpCoreDB database. Connections to the same file share one
// open Database through the process-wide OpenDatabaseRegistry; each connection
// has its own engine Session (its transaction state). Closing or disposing the
// last connection to a file disposes the database at once, so the file is
// unlocked when Close returns. `Data Source=:memory:` gives each connection a
// private database; Mode=Memory with a name shares one in-memory database among
// the connections using that name while one of them is open.
using System.Data;
using System.Data.Common;
using System.Diagnostics.CodeAnalysis;
using SharpCoreDB.Engine;
using SharpCoreDB.Storage.Encryption;

namespace SharpCoreDB.Data;

/// <summary>A connection to a SharpCoreDB database.</summary>
public sealed partial class SharpCoreDBConnection : DbConnection
{
    internal static readonly OpenDatabaseRegistry<Database, Session> Registry = new();

    /// <summary>Password-derived keys of recently opened files (<see cref="SharpCoreDBOptions.KeyCacheTimeout"/>).</summary>
    internal static readonly DerivedKeyCache DerivedKeys = new();

    private string _connectionString = "";
    private SharpCoreDBOptions _options = new();
    private ConnectionState _state = ConnectionState.Closed;
    private OpenDatabaseRegistry<Database, Session>.Lease? _lease;
    private Database? _privateDatabase;
    private Session? _session;
    private readonly List<WeakReference<SharpCoreDBDataReader>> _readers = [];

    /// <summary>A connection without settings; set <see cref="ConnectionString"/> before opening.</summary>
    public SharpCoreDBConnection()
    {
    }

    /// <summary>A connection with a connection string (validated now: a bad key throws here).</summary>
    public SharpCoreDBConnection(string? connectionString) => ConnectionString = connectionString;

    /// <summary>A connection with typed settings.</summary>
    public SharpCoreDBConnection(SharpCoreDBOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        options.Validate();
        _options = options;
        _connectionString = new SharpCoreDBConnectionStringBuilder(options).ConnectionString;
    }

    /// <summary>The connection string; can be set only while closed.</summary>
    [AllowNull]
    public override string ConnectionString
    {
        get => _connectionString;
        set
        {
            if (_state != ConnectionState.Closed)
            {
                throw new InvalidOperationException("The connection string cannot change while the connection is open.");
            }

            string text = value ?? "";
            _options = new SharpCoreDBConnectionStringBuilder(text).ToOptionsUnvalidated();
            _connectionString = text;
        }
    }

    /// <summary>The settings this connection opens with.</summary>
    public SharpCoreDBOptions Options => _options;

    /// <summary>Always "main": a connection reaches one database.</summary>
    public override string Database => _state == ConnectionState.Open ? "main" : "";

    /// <summary>The file, <c>:memory:</c>, or the shared in-memory name.</summary>
    public override string DataSource => _options.DataSource;

    /// <summary>The version of the SharpCoreDB engine; a closed connection has none (InvalidOperationException, as ADO.NET specifies).</summary>
    public override string ServerVersion => _state == ConnectionState.Open
        ? typeof(SharpCoreDBConnection).Assembly.GetName().Version?.ToString() ?? "0.0.0.0"
        : throw new InvalidOperationException("The connection is closed: open it to read ServerVersion.");

    /// <inheritdoc />
    public override ConnectionState State => _state;

    /// <summary>The default command timeout in seconds (Default Timeout).</summary>
    public int DefaultTimeout => _options.DefaultTimeout;

    /// <inheritdoc />
    public override int ConnectionTimeout => _options.DefaultTimeout;

    /// <inheritdoc />
    protected override DbProviderFactory DbProviderFactory => SharpCoreDBFactory.Instance;

    /// <inheritdoc />
    public override bool CanCreateBatch => true;

    /// <summary>The open transaction of this connection, if any.</summary>
    internal SharpCoreDBTransaction? Transaction { get; set; }

    /// <summary>True when the connection was opened with Mode=ReadOnly.</summary>
    internal bool IsReadOnly => _options.Mode == SharpCoreDBOpenMode.ReadOnly;

    /// <summary>The engine session; throws when the connection is not open.</summary>
    internal Session Session => _session ?? throw new InvalidOperationException("The connection is not open.");

    /// <summary>The rowid of the last row inserted on this connection.</summary>
    public long LastInsertRowId => Session.LastInsertRowId;

    /// <summary>Opens the database (or joins the one this process already has open).</summary>
    public override void Open()
    {
        if (_state == ConnectionState.Open)
        {
            throw new InvalidOperationException("The connection is already open.");
        }

        // No Data Source at all means no connection string was given: a misuse of the connection (InvalidOperationException, as
        // ADO.NET providers answer), where a connection string that names no file is a bad argument (ArgumentException).
        if (!_options.IsInMemory && string.IsNullOrWhiteSpace(_options.DataSource) && string.IsNullOrWhiteSpace(ConnectionString))
        {
            throw new InvalidOperationException("The connection has no connection string: set ConnectionString (at least a Data Source) before Open.");
        }

        _options.Validate();
        try
        {
            OpenCore();
        }
        catch (Exception e) when (EngineExceptionTranslator.Translate(e) is { } translated)
        {
            throw translated;
        }

        _state = ConnectionState.Open;
        AttachChangeListener();
        OnStateChange(new StateChangeEventArgs(ConnectionState.Closed, ConnectionState.Open));
    }

    /// <summary>Opens the database on a pool thread: opening may replay the log and stretch a password.</summary>
    public override async Task OpenAsync(CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        await Task.Run(Open, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Closes the connection: rolls back its open transaction, closes its readers, and releases the
    /// database — the last connection to a file unlocks it before Close returns.</summary>
    public override void Close()
    {
        if (_state == ConnectionState.Closed)
        {
            return;
        }

        CloseReaders();
        DetachChangeListener();
        Session? session = _session;
        bool reusable = true;
        if (session is not null && session.InTransaction)
        {
            try
            {
                session.Rollback();
            }
            catch (SharpCoreDBException)
            {
                reusable = false;
            }
        }

        Transaction?.MarkCompleted();
        Transaction = null;
        session?.Functions.Clear();
        _session = null;
        if (_lease is not null)
        {
            _lease.Release(session, _options.Pooling && reusable);
            _lease = null;
        }
        else
        {
            session?.Dispose();
            _privateDatabase?.Dispose();
            _privateDatabase = null;
        }

        _state = ConnectionState.Closed;
        OnStateChange(new StateChangeEventArgs(ConnectionState.Open, ConnectionState.Closed));
    }

    /// <inheritdoc />
    public override Task CloseAsync()
    {
        Close();
        return Task.CompletedTask;
    }

    /// <summary>Only "main" exists.</summary>
    public override void ChangeDatabase(string databaseName)
    {
        if (!string.Equals(databaseName, "main", StringComparison.OrdinalIgnoreCase))
        {
            throw new ArgumentException($"A SharpCoreDB connection reaches one database, 'main'; '{databaseName}' does not exist.", nameof(databaseName));
        }
    }

    /// <summary>Re-encrypts the database under a new password (or adds encryption to a file database).</summary>
    public void ChangePassword(string newPassword)
    {
        ArgumentException.ThrowIfNullOrEmpty(newPassword);
        Database database = Session.Database;
        if (_options.IsInMemory)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Misuse, "An in-memory database has no file to encrypt.");
        }

        try
        {
            database.ChangePassword(_options.EncryptionFor(newPassword)!);
        }
        catch (Exception e) when (EngineExceptionTranslator.Translate(e) is { } translated)
        {
            throw translated;
        }

        _lease?.ChangePassword(newPassword);
        _options = _options with { Password = newPassword };
        _connectionString = new SharpCoreDBConnectionStringBuilder(_connectionString) { Password = newPassword }.ConnectionString;
    }

    /// <summary>
    /// Starts a serializable transaction that takes the writer lock at once (as Microsoft.Data.Sqlite's
    /// <c>BEGIN IMMEDIATE</c>): its reads and writes can never be overtaken by another commit.
    /// </summary>
    public new SharpCoreDBTransaction BeginTransaction() => BeginTransaction(IsolationLevel.Unspecified, deferred: false);

    /// <summary>
    /// Starts a transaction at <paramref name="isolationLevel"/> (docs/adonet.md lists what each level gives);
    /// ReadUncommitted and Chaos throw, as SharpCoreDB cannot give them.
    /// </summary>
    public new SharpCoreDBTransaction BeginTransaction(IsolationLevel isolationLevel) => BeginTransaction(isolationLevel, deferred: false);

    /// <summary>
    /// Starts a serializable transaction; with <paramref name="deferred"/> it takes no lock until its first write
    /// (<c>BEGIN DEFERRED</c>), and that write fails with <see cref="SharpCoreDBErrorCode.Busy"/> if another
    /// connection committed after the transaction's first read.
    /// </summary>
    public SharpCoreDBTransaction BeginTransaction(bool deferred) => BeginTransaction(IsolationLevel.Unspecified, deferred);

    /// <summary>Starts a transaction at <paramref name="isolationLevel"/>, deferred or immediate (see <see cref="BeginTransaction(bool)"/>).</summary>
    public SharpCoreDBTransaction BeginTransaction(IsolationLevel isolationLevel, bool deferred)
    {
        IsolationLevel given = SharpCoreDBTransaction.MapIsolationLevel(isolationLevel);
        Session session = Session;
        if (Transaction is not null && !session.InTransaction)
        {
            // Ended by a COMMIT or ROLLBACK statement.
            Transaction.MarkCompleted();
        }

        if (Transaction is not null || session.InTransaction)
        {
            throw new InvalidOperationException("A transaction is already open on this connection; SharpCoreDB has no nested transactions (use savepoints).");
        }

        // A snapshot transaction never blocks: it reads its snapshot and finds out at its first write whether
        // that snapshot is still current.
        bool immediate = !deferred && given != IsolationLevel.Snapshot;
        try
        {
            session.BeginTransaction(immediate ? TransactionMode.Immediate : TransactionMode.Deferred);
        }
        catch (Exception e) when (EngineExceptionTranslator.Translate(e) is { } translated)
        {
            throw translated;
        }

        Transaction = new SharpCoreDBTransaction(this, given);
        return Transaction;
    }

    /// <inheritdoc />
    protected override DbTransaction BeginDbTransaction(IsolationLevel isolationLevel) => BeginTransaction(isolationLevel, deferred: false);

    /// <summary>A command on this connection.</summary>
    public new SharpCoreDBCommand CreateCommand() => new() { Connection = this };

    /// <inheritdoc />
    protected override DbCommand CreateDbCommand() => CreateCommand();

    /// <summary>A batch on this connection.</summary>
    public new SharpCoreDBBatch CreateBatch() => new() { Connection = this };

    /// <inheritdoc />
    protected override DbBatch CreateDbBatch() => CreateBatch();

    /// <summary>
    /// Drops the idle pooled sessions of this connection's database and the password-derived key kept for it
    /// (<see cref="SharpCoreDBOptions.KeyCacheTimeout"/>); the file is never held by a pool.
    /// </summary>
    public static void ClearPool(SharpCoreDBConnection connection)
    {
        ArgumentNullException.ThrowIfNull(connection);
        if (!connection._options.IsPrivateMemory && RegistryKey(connection._options) is { } key)
        {
            Registry.ClearPool(key);
        }

        if (connection._options.FullPath is { } path)
        {
            DerivedKeys.Forget(path);
        }
    }

    /// <summary>Drops every idle pooled session and every password-derived key the process keeps.</summary>
    public static void ClearAllPools()
    {
        Registry.ClearAllPools();
        DerivedKeys.Clear();
    }

    /// <summary>True while some connection of this process has the file (full path) open.</summary>
    public static bool IsDatabaseOpen(string path) => Registry.IsOpen(Path.GetFullPath(path));

    internal void RegisterReader(SharpCoreDBDataReader reader)
    {
        _readers.RemoveAll(static r => !r.TryGetTarget(out SharpCoreDBDataReader? live) || live.IsClosed);
        _readers.Add(new WeakReference<SharpCoreDBDataReader>(reader));
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

    private void OpenCore()
    {
        SharpCoreDBOptions options = _options;
        if (!options.IsInMemory && options.Mode is SharpCoreDBOpenMode.ReadWrite or SharpCoreDBOpenMode.ReadOnly &&
            !File.Exists(options.FullPath))
        {
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.IoError, $"The database file '{options.FullPath}' does not exist (Mode={options.Mode} does not create it).");
        }

        if (options.IsPrivateMemory)
        {
            _privateDatabase = Engine.Database.Open(options.ToDatabaseOptions());
            try
            {
                _session = _privateDatabase.CreateSession();
            }
            catch
            {
                _privateDatabase.Dispose();
                _privateDatabase = null;
                throw;
            }
        }
        else
        {
            var lease = Registry.Acquire(RegistryKey(options)!, options.Password, () => Engine.Database.Open(options.ToDatabaseOptions()));
            try
            {
                _session = lease.TakeIdleSession() ?? lease.Database.CreateSession();
            }
            catch
            {
                lease.Release(null, poolSession: false);
                throw;
            }

            _lease = lease;
        }

        _session.LockTimeout = options.DefaultTimeout == 0 ? Timeout.InfiniteTimeSpan : TimeSpan.FromSeconds(options.DefaultTimeout);
        _session.ForeignKeys.Enabled = options.ForeignKeys;
        ApplyFunctions(_session);
    }

    private static string? RegistryKey(SharpCoreDBOptions options) =>
        options.IsInMemory ? "memory:" + options.DataSource : options.FullPath;

    private void CloseReaders()
    {
        foreach (WeakReference<SharpCoreDBDataReader> weak in _readers.ToArray())
        {
            if (weak.TryGetTarget(out SharpCoreDBDataReader? reader))
            {
                reader.CloseWithoutConnection();
            }
        }

        _readers.Clear();
    }
}
