// The __EFMigrationsHistory table, and the lock that keeps two processes from migrating
// one database at once. The lock is a row in __EFMigrationsLock: INSERT OR IGNORE takes
// it (changes() says whether this caller did), deleting the row releases it. A process
// killed while holding it leaves the row behind, as with the SQLite provider: the next
// `database update` waits, and deleting the row by hand frees it.
// Idempotent scripts need IF blocks around each migration, which SQL without procedural
// statements cannot express; they are refused with that reason.
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

    public override string GetBeginIfNotExistsScript(string migrationId) => throw IdempotentScripts();

    public override string GetBeginIfExistsScript(string migrationId) => throw IdempotentScripts();

    public override string GetEndIfScript() => throw IdempotentScripts();

    public override IMigrationsDatabaseLock AcquireDatabaseLock()
    {
        Dependencies.MigrationsLogger.AcquiringMigrationLock();
        Command(CreateLockTableSql).ExecuteNonQuery(Parameters());
        TimeSpan delay = FirstRetryDelay;
        while (!TookLock(Command(InsertLockSql()).ExecuteScalar(Parameters())))
        {
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
            await Task.Delay(delay, cancellationToken).ConfigureAwait(false);
            delay = Next(delay);
        }

        return new SharpCoreDBMigrationsLock(this, Command(DeleteLockSql), Parameters(), cancellationToken);
    }

    private static string CreateLockTableSql =>
        $"CREATE TABLE IF NOT EXISTS \"{LockTableName}\" (\"Id\" INTEGER NOT NULL CONSTRAINT \"PK_{LockTableName}\" PRIMARY KEY, \"Timestamp\" TEXT NOT NULL)";

    private static string DeleteLockSql => $"DELETE FROM \"{LockTableName}\"";

    private string InsertLockSql()
    {
        string timestamp = Dependencies.TypeMappingSource.GetMapping(typeof(DateTimeOffset)).GenerateSqlLiteral(DateTimeOffset.UtcNow);
        return $"INSERT OR IGNORE INTO \"{LockTableName}\" (\"Id\", \"Timestamp\") VALUES (1, {timestamp});\nSELECT changes();";
    }

    private static bool TookLock(object? changes) => Convert.ToInt64(changes, System.Globalization.CultureInfo.InvariantCulture) == 1;

    private static TimeSpan Next(TimeSpan delay) => delay < LongestRetryDelay ? delay + delay : delay;

    private IRelationalCommand Command(string sql) => Dependencies.RawSqlCommandBuilder.Build(sql);

    private RelationalCommandParameterObject Parameters() => new(
        Dependencies.Connection, null, null, Dependencies.CurrentContext.Context, Dependencies.CommandLogger, CommandSource.Migrations);

    private static NotSupportedException IdempotentScripts() => new(
        "SharpCoreDB cannot run idempotent migration scripts (they need IF blocks, which its SQL has no statement for): "
        + "generate a script from a known migration (dotnet ef migrations script <from> <to>) or apply migrations with Migrate().");
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
