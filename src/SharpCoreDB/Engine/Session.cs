// One connection's state: its explicit transaction, the schema changes it has made
// but not committed, and statement execution. Autocommit statements run in their
// own read snapshot or write transaction; inside an explicit transaction each write
// statement runs in a savepoint, so a failing statement is undone alone.
//
// An explicit transaction is one snapshot from its first statement to its end:
//   BEGIN [DEFERRED]        no lock; the first read fixes the snapshot every later
//                           read uses; the first write takes the writer lock and
//                           fails with Busy if a commit came after that snapshot
//                           (the write would rest on stale reads: a lost update)
//   BEGIN IMMEDIATE | EXCLUSIVE
//                           takes the writer lock at once, so nobody can commit
//                           between its reads and its writes
// Either way a transaction that commits has read and written one consistent state,
// as if it had run alone (serializable, as SQLite's WAL mode).
using SharpCoreDB.Catalog;
using SharpCoreDB.Storage.File;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Storage.Transactions;

namespace SharpCoreDB.Engine;

/// <summary>A connection's session on a database.</summary>
internal sealed partial class Session : IDisposable
{
    private WriteTransaction? _tx;
    private ReadTransaction? _snapshot;
    private SchemaCatalog? _txCatalog;
    private bool _explicit;
    private bool _savepointStarted;
    private readonly List<string> _savepoints = [];

    internal Session(Database database) => Database = database;

    public Database Database { get; }

    /// <summary>Compiled scripts no command holds, kept for the next command with the same text.</summary>
    public PreparedScriptPool Scripts { get; } = new();

    /// <summary>How long a new session waits for the writer lock; the provider's Default Timeout defaults to it.</summary>
    public const int DefaultLockTimeoutSeconds = 30;

    public TimeSpan LockTimeout { get; set; } = TimeSpan.FromSeconds(DefaultLockTimeoutSeconds);

    public bool InTransaction => _explicit;

    /// <summary>The application's functions registered on this session's connection.</summary>
    public Execution.Functions.UserFunctions Functions { get; } = new();

    /// <summary>The rowid of the last row a top-level INSERT of this session wrote (last_insert_rowid()).</summary>
    public long LastInsertRowId => Triggers.Counters.LastInsertRowId;

    /// <summary>The rows the last INSERT, UPDATE or DELETE of this session changed (changes()).</summary>
    public long Changes => Triggers.Counters.Changes;

    /// <summary>The rows every write of this session changed, in triggers and key actions too (total_changes()).</summary>
    public long TotalChanges => Triggers.Counters.TotalChanges;

    public void BeginTransaction(TransactionMode mode = TransactionMode.Deferred)
    {
        if (_explicit)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Misuse, "cannot start a transaction within a transaction");
        }

        if (mode != TransactionMode.Deferred)
        {
            _tx = BeginWriter(readSnapshot: null);
        }

        _explicit = true;
        _savepointStarted = false;
    }

    public void Commit()
    {
        RequireTransaction("commit");
        CheckDeferredKeys();
        WriteTransaction? tx = _tx;
        FinishExplicit();
        if (tx is not null)
        {
            tx.Commit();
            PublishAfterCommit(tx);
        }
    }

    public async ValueTask CommitAsync(CancellationToken ct = default)
    {
        RequireTransaction("commit");
        CheckDeferredKeys();
        WriteTransaction? tx = _tx;
        FinishExplicit();
        if (tx is not null)
        {
            await tx.CommitAsync(ct).ConfigureAwait(false);
            PublishAfterCommit(tx);
        }
    }

    public void Rollback()
    {
        RequireTransaction("rollback");
        WriteTransaction? tx = _tx;
        FinishExplicit();
        tx?.Rollback();
    }

    public void Savepoint(string name)
    {
        if (!_explicit)
        {
            BeginTransaction();
            _savepointStarted = true;
        }

        Writer().BeginSavepoint(name);
        _savepoints.Add(name);
        _savepointViolations.Add(ForeignKeys.Deferred.Save());
    }

    public void ReleaseSavepoint(string name)
    {
        (WriteTransaction tx, Savepoint savepoint, int at) = FindSavepoint(name);
        tx.Release(savepoint);
        if (at >= 0)
        {
            _savepoints.RemoveRange(at, _savepoints.Count - at);
            _savepointViolations.RemoveRange(at, _savepointViolations.Count - at);
        }

        if (_savepointStarted && _savepoints.Count == 0)
        {
            Commit();
        }
    }

    public void RollbackToSavepoint(string name)
    {
        (WriteTransaction tx, Savepoint savepoint, int at) = FindSavepoint(name);
        tx.RollbackTo(savepoint);
        if (at >= 0)
        {
            _savepoints.RemoveRange(at + 1, _savepoints.Count - at - 1);
            _savepointViolations.RemoveRange(at + 1, _savepointViolations.Count - at - 1);
            ForeignKeys.Deferred.Restore(_savepointViolations[at]);
        }

        _txCatalog = null;
    }

    public PreparedStatement Prepare(Statement statement)
    {
        try
        {
            return PrepareChecked(statement);
        }
        catch (SharpCoreDBException e) when (e.ErrorCode == SharpCoreDBErrorCode.SemanticError)
        {
            // The objects (or functions) may not exist yet (a script creating them runs first); Execute compiles again and reports.
            return new PreparedStatement(statement, compiled: null);
        }
    }

    /// <summary>
    /// Compiles <paramref name="statement"/> now, throwing a missing table, column or function as a
    /// <see cref="SharpCoreDBErrorCode.SemanticError"/> (what an application's Prepare() should report).
    /// </summary>
    public PreparedStatement PrepareChecked(Statement statement)
    {
        CompiledStatement? compiled = null;
        if (statement is SelectStatement or InsertStatement or UpdateStatement or DeleteStatement or ExplainStatement or PragmaStatement)
        {
            if (_tx is not null)
            {
                compiled = StatementCompiler.Compile(statement, CatalogOf(_tx), Database.Storage, _tx, Database.SpillThresholdRows, Functions);
            }
            else
            {
                using ReadTransaction read = Database.Storage.BeginRead();
                compiled = StatementCompiler.Compile(statement, Database.CatalogFor(read, read.State), Database.Storage, read, Database.SpillThresholdRows, Functions);
            }

            compiled.FunctionsVersion = Functions.Version;
        }

        return new PreparedStatement(statement, compiled);
    }

    public StatementResult Execute(PreparedStatement statement, IParameterValues parameters, CancellationToken ct = default)
    {
        StatementResult result = ExecuteCore(statement, parameters, ct, out WriteTransaction? toCommit);
        if (toCommit is not null)
        {
            CommitAutocommit(toCommit);
        }

        return result;
    }

    public async ValueTask<StatementResult> ExecuteAsync(PreparedStatement statement, IParameterValues parameters, CancellationToken ct = default)
    {
        StatementResult result = ExecuteCore(statement, parameters, ct, out WriteTransaction? toCommit);
        if (toCommit is not null)
        {
            try
            {
                await toCommit.CommitAsync(ct).ConfigureAwait(false);
            }
            finally
            {
                _tx = null;
            }

            PublishAfterCommit(toCommit);
        }

        return result;
    }

    public void Dispose()
    {
        Scripts.Close();
        WriteTransaction? tx = _tx;
        FinishExplicit();
        tx?.Rollback();
    }

    private void CommitAutocommit(WriteTransaction tx)
    {
        try
        {
            tx.Commit();
        }
        finally
        {
            _tx = null;
        }

        PublishAfterCommit(tx);
    }

    private void PublishAfterCommit(WriteTransaction tx)
    {
        SchemaCatalog? catalog = _txCatalog;
        _txCatalog = null;
        if (catalog is not null && catalog.Version == tx.State.SchemaVersion)
        {
            Database.Publish(catalog, tx.State);
        }

        Database.PublishChanges(tx);
    }

    private void FinishExplicit()
    {
        _snapshot?.Dispose();
        _snapshot = null;
        _explicit = false;
        _savepointStarted = false;
        _savepoints.Clear();
        ForgetDeferredKeys();
        _tx = null;
    }

    private void RequireTransaction(string what)
    {
        if (!_explicit)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Misuse, $"cannot {what} - no transaction is active");
        }
    }

    // The write transaction, taken at the first write. A transaction that has read already
    // writes only if nobody committed since its snapshot; its reads then continue in the
    // write transaction, which sees exactly that state plus its own changes.
    private WriteTransaction Writer()
    {
        if (_tx is null)
        {
            _tx = BeginWriter(_snapshot?.SnapshotLsn);
            _snapshot?.Dispose();
            _snapshot = null;
        }

        return _tx;
    }

    private WriteTransaction BeginWriter(long? readSnapshot)
    {
        try
        {
            WriteTransaction tx = Database.Storage.BeginWrite(LockTimeout, readSnapshot);
            if (Database.HasChangeListeners)
            {
                tx.Changes = new ChangeJournal();
            }

            return tx;
        }
        catch (TimeoutException e)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Timeout, "database is locked", e);
        }
    }

    // What a read in this session reads: the write transaction, the explicit transaction's snapshot
    // (taken at its first read), or, in autocommit, a snapshot of its own that the caller disposes.
    private IPageAccess ReadAccess(out DatabaseState state, out ReadTransaction? ownSnapshot)
    {
        ownSnapshot = null;
        if (_tx is not null)
        {
            state = _tx.State;
            return _tx;
        }

        if (_explicit)
        {
            _snapshot ??= Database.Storage.BeginRead();
            state = _snapshot.State;
            return _snapshot;
        }

        ownSnapshot = Database.Storage.BeginRead();
        state = ownSnapshot.State;
        return ownSnapshot;
    }

    private SchemaCatalog CatalogOf(WriteTransaction tx)
    {
        if (_txCatalog is null || _txCatalog.Version != tx.State.SchemaVersion)
        {
            _txCatalog = Database.CatalogFor(tx, tx.State);
        }

        return _txCatalog;
    }

    // The newest savepoint called name, and its place in this session's list of savepoint names (-1 when not there).
    private (WriteTransaction Tx, Savepoint Savepoint, int At) FindSavepoint(string name)
    {
        WriteTransaction tx = _tx ?? throw NoSuchSavepoint(name);
        Savepoint savepoint = tx.FindSavepoint(name) ?? throw NoSuchSavepoint(name);
        return (tx, savepoint, _savepoints.FindLastIndex(n => string.Equals(n, name, StringComparison.OrdinalIgnoreCase)));
    }

    private static SharpCoreDBException NoSuchSavepoint(string name) => new(SharpCoreDBErrorCode.Misuse, $"no such savepoint: {name}");

    // The values go into the compiled statement's own array: an execution of a compiled statement
    // never overlaps another (a streaming result marks it InUse and the next execution compiles a copy).
    private static DbValue[] Bind(CompiledStatement compiled, IParameterValues parameters)
    {
        DbValue[] values = compiled.ParameterValues;
        for (int i = 0; i < values.Length; i++)
        {
            values[i] = parameters.GetValue(compiled.Parameters[i]);
        }

        return values;
    }

    private CompiledStatement Compiled(PreparedStatement statement, SchemaCatalog catalog, IPageAccess pages)
    {
        CompiledStatement? compiled = statement.Compiled;
        if (compiled is null || compiled.Catalog != catalog || compiled.InUse || compiled.FunctionsVersion != Functions.Version)
        {
            compiled = StatementCompiler.Compile(statement.Statement, catalog, Database.Storage, pages, Database.SpillThresholdRows, Functions);
            compiled.FunctionsVersion = Functions.Version;
            if (statement.Compiled is null || !statement.Compiled.InUse)
            {
                statement.Compiled = compiled;
            }
        }

        return compiled;
    }
}
