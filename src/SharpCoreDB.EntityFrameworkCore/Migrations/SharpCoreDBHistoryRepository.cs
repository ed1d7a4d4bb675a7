// The __EFMigrationsHistory table, and the lock that keeps two migrations from running on
// one database at once. The lock is a row in __EFMigrationsLock naming its owner (process
// id and start time): INSERT OR IGNORE takes it (changes() says whether this caller did),
// deleting the row releases it. A database file is open in one process at a time (the
// engine locks it), so a row another process wrote is left by a process that died while
// migrating (SIGKILL, power loss): the next migration takes such a lock over instead of
// waiting for it forever. A row of this process (another context migrating) is waited for.
// Idempotent scripts guard every command of a migration with the engine's
// IF [NOT] EXISTS (query) THEN ... END IF block (docs/sql-semantics.md, "IF … END IF"): SQLite
// has no such statement, which is why its provider refuses these scripts.
using System.Diagnostics;
using Microsoft.EntityFrameworkCore.Diagnostics;
using Microsoft.EntityFrameworkCore.Migrations;
using Microsoft.EntityFrameworkCore.Storage;

namespace SharpCoreDB.EntityFrameworkCore.Migrations;

internal sealed class SharpCoreDBHistoryRepository(HistoryRepositoryDependencies dependencies) : HistoryRepository(dependencies)
{
    /// <summary>The table whose single row is the migrations lock.</summary>
    public const string LockTableName = "__EFMigrationsLock";

    private static readonly TimeSpan FirstRetryDelay = TimeSpan.FromMilliseconds(100);
    private static readonly TimeSpan LongestRetryDelay = TimeSpan.FromSeconds(5);

    public override LockReleaseBehavior LockReleaseBehavior => LockReleaseBehavior.Explicit;

    protected override string ExistsSql =>
        $"SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = {Dependencies.TypeMappingSource.GetMapping(typeof(string)).GenerateSqlLiteral(TableName)}";

    protected override bool InterpretExistsResult(object? value) => Convert.ToInt64(value, System.Globalization.CultureInfo.InvariantCulture) != 0;

    public override string GetCreateIfNotExistsScript()
    {
        string script = GetCreateScript();
        const string Create = "CREATE TABLE";
        return script.Insert(script.IndexOf(Create, StringComparison.Ordinal) + Create.Length, " IF NOT EXISTS");
    }

    public override string GetBeginIfNotExistsScript(string migrationId) => $"IF NOT EXISTS ({AppliedSql(migrationId)}) THEN\n";

    public override string GetBeginIfExistsScript(string migrationId) => $"IF EXISTS ({AppliedSql(migrationId)}) THEN\n";

    public override string GetEndIfScript() => "END IF;\n";

    private string AppliedSql(string migrationId)
    {
        var helper = Dependencies.SqlGenerationHelper;
        string id = Dependencies.TypeMappingSource.GetMapping(typeof(string)).GenerateSqlLiteral(migrationId);
        return $"SELECT 1 FROM {helper.DelimitIdentifier(TableName, TableSchema)} WHERE {helper.DelimitIdentifier(MigrationIdColumnName)} = {id}";
    }

    public override IMigrationsDatabaseLock AcquireDatabaseLock()
    {
        Dependencies.MigrationsLogger.AcquiringMigrationLock();
        Command(CreateLockTableSql).ExecuteNonQuery(Parameters());
        TimeSpan delay = FirstRetryDelay;
        while (!TookLock(Command(InsertLockSql()).ExecuteScalar(Parameters())))
        {
            if (Command(ReleaseStaleLockSql).ExecuteNonQuery(Parameters()) > 0)
            {
                continue;
            }

            Thread.Sleep(delay);
            delay = Next(delay);
        }

        return new SharpCoreDBMigrationsLock(this, Command(DeleteLockSql), Parameters());
    }

    public override async Task<IMigrationsDatabaseLock> AcquireDatabaseLockAsync(CancellationToken cancellationToken = default)
    {
        Dependencies.MigrationsLogger.AcquiringMigrationLock();
        await Command(CreateLockTableSql).ExecuteNonQueryAsync(Parameters(), cancellationToken).ConfigureAwait(false);
        TimeSpan delay = FirstRetryDelay;
        while (!TookLock(await Command(InsertLockSql()).ExecuteScalarAsync(Parameters(), cancellationToken).ConfigureAwait(false)))
        {
            if (await Command(ReleaseStaleLockSql).ExecuteNonQueryAsync(Parameters(), cancellationToken).ConfigureAwait(false) > 0)
            {
                continue;
            }

            await Task.Delay(delay, cancellationToken).ConfigureAwait(false);
            delay = Next(delay);
        }

        return new SharpCoreDBMigrationsLock(this, Command(DeleteLockSql), Parameters(), cancellationToken);
    }

    /// <summary>This process, as the lock row names it: the id alone could be a dead process's, reused.</summary>
    internal static readonly string ThisProcess = $"{Environment.ProcessId}@{Process.GetCurrentProcess().StartTime.ToUniversalTime():O}";

    private static string CreateLockTableSql =>
        $"CREATE TABLE IF NOT EXISTS \"{LockTableName}\" (\"Id\" INTEGER NOT NULL CONSTRAINT \"PK_{LockTableName}\" PRIMARY KEY, "
        + "\"Timestamp\" TEXT NOT NULL, \"Owner\" TEXT NOT NULL)";

    private static string DeleteLockSql => $"DELETE FROM \"{LockTableName}\"";

    // A lock another process holds while this one has the file open is a dead process's.
    private static string ReleaseStaleLockSql => $"DELETE FROM \"{LockTableName}\" WHERE \"Owner\" <> '{ThisProcess}'";

    private string InsertLockSql()
    {
        string timestamp = Dependencies.TypeMappingSource.GetMapping(typeof(DateTimeOffset)).GenerateSqlLiteral(DateTimeOffset.UtcNow);
        return $"INSERT OR IGNORE INTO \"{LockTableName}\" (\"Id\", \"Timestamp\", \"Owner\") VALUES (1, {timestamp}, '{ThisProcess}');\nSELECT changes();";
    }

    private static bool TookLock(object? changes) => Convert.ToInt64(changes, System.Globalization.CultureInfo.InvariantCulture) == 1;

    private static TimeSpan Next(TimeSpan delay) => delay < LongestRetryDelay ? delay + delay : delay;

    private IRelationalCommand Command(string sql) => Dependencies.RawSqlCommandBuilder.Build(sql);

    private RelationalCommandParameterObject Parameters() => new(
        Dependencies.Connection, null, null, Dependencies.CurrentContext.Context, Dependencies.CommandLogger, CommandSource.Migrations);
}

/// <summary>The held migrations lock; disposing it deletes the lock row.</summary>
internal sealed class SharpCoreDBMigrationsLock(
    IHistoryRepository historyRepository, IRelationalCommand release, RelationalCommandParameterObject parameters, CancellationToken cancellationToken = default)
    : IMigrationsDatabaseLock
{
    public IHistoryRepository HistoryRepository => historyRepository;

    public void Dispose() => release.ExecuteNonQuery(parameters);

    public async ValueTask DisposeAsync() => await release.ExecuteNonQueryAsync(parameters, cancellationToken).ConfigureAwait(false);
}
