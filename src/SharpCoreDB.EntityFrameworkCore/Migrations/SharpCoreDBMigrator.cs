// EF Core's migrator, with one change to the scripts it writes: a migration that rebuilds
// tables (it starts with a ForeignKeysOffCommand) is written as
//   PRAGMA foreign_keys = OFF;  BEGIN TRANSACTION;  ...the migration...  INSERT INTO
//   "__EFMigrationsHistory" ...;  COMMIT;  PRAGMA foreign_keys = ON;
// so that the script, like Migrate(), changes the schema and records the migration in one
// transaction, with foreign keys off around it (the PRAGMA works only outside a
// transaction). Applying migrations is left as it is; the command executor switches the
// foreign keys there.
using Microsoft.EntityFrameworkCore.Diagnostics;
using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Metadata;
using Microsoft.EntityFrameworkCore.Migrations;
using Microsoft.EntityFrameworkCore.Storage;
using Microsoft.EntityFrameworkCore;

#pragma warning disable EF1001 // EF Core's migrator is extended rather than copied: only the script layout of a rebuild is ours.
using Microsoft.EntityFrameworkCore.Migrations.Internal;

namespace SharpCoreDB.EntityFrameworkCore.Migrations;

internal sealed class SharpCoreDBMigrator : Migrator
{
    private readonly IRawSqlCommandBuilder _rawSqlCommandBuilder;
    private readonly ICurrentDbContext _currentContext;
    private readonly IRelationalCommandDiagnosticsLogger _commandLogger;

    public SharpCoreDBMigrator(
        IMigrationsAssembly migrationsAssembly,
        IHistoryRepository historyRepository,
        IDatabaseCreator databaseCreator,
        IMigrationsSqlGenerator migrationsSqlGenerator,
        IRawSqlCommandBuilder rawSqlCommandBuilder,
        IMigrationCommandExecutor migrationCommandExecutor,
        IRelationalConnection connection,
        ISqlGenerationHelper sqlGenerationHelper,
        ICurrentDbContext currentContext,
        IModelRuntimeInitializer modelRuntimeInitializer,
        IDiagnosticsLogger<DbLoggerCategory.Migrations> logger,
        IRelationalCommandDiagnosticsLogger commandLogger,
        IDatabaseProvider databaseProvider,
        IMigrationsModelDiffer migrationsModelDiffer,
        IDesignTimeModel designTimeModel,
        IDbContextOptions contextOptions,
        IExecutionStrategy executionStrategy)
        : base(migrationsAssembly, historyRepository, databaseCreator, migrationsSqlGenerator, rawSqlCommandBuilder, migrationCommandExecutor,
            connection, sqlGenerationHelper, currentContext, modelRuntimeInitializer, logger, commandLogger, databaseProvider, migrationsModelDiffer,
            designTimeModel, contextOptions, executionStrategy)
    {
        _rawSqlCommandBuilder = rawSqlCommandBuilder;
        _currentContext = currentContext;
        _commandLogger = commandLogger;
    }

    protected override IReadOnlyList<MigrationCommand> GenerateUpSql(Migration migration, MigrationsSqlGenerationOptions options = MigrationsSqlGenerationOptions.Default) =>
        ForScript(base.GenerateUpSql(migration, options), options);

    protected override IReadOnlyList<MigrationCommand> GenerateDownSql(
        Migration migration, Migration? previousMigration, MigrationsSqlGenerationOptions options = MigrationsSqlGenerationOptions.Default) =>
        ForScript(base.GenerateDownSql(migration, previousMigration, options), options);

    private IReadOnlyList<MigrationCommand> ForScript(IReadOnlyList<MigrationCommand> commands, MigrationsSqlGenerationOptions options) =>
        options.HasFlag(MigrationsSqlGenerationOptions.Script) && commands is [ForeignKeysOffCommand, ..]
            ? [OutsideTransaction(ForeignKeysOffCommand.Off), .. commands.Skip(1), OutsideTransaction(ForeignKeysOffCommand.On)]
            : commands;

    private MigrationCommand OutsideTransaction(string sql) =>
        new(_rawSqlCommandBuilder.Build(sql), _currentContext.Context, _commandLogger, transactionSuppressed: true);
}
