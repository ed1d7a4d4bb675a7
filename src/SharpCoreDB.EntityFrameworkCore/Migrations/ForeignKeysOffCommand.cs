// The first command of a migration that rebuilds tables: foreign keys must be off while it
// runs, and the engine, as SQLite, changes that setting only outside a transaction. Its
// type is what the command executor (SharpCoreDBMigrationCommandExecutor) and the script
// writer (SharpCoreDBMigrator) recognise: the executor turns foreign keys off before the
// migration's transaction and restores them after its commit or rollback; a script gets
// `PRAGMA foreign_keys = OFF` before BEGIN and `= ON` after COMMIT. It is not marked as
// suppressing the transaction, so the migration and its history row stay one transaction.
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Diagnostics;
using Microsoft.EntityFrameworkCore.Migrations;
using Microsoft.EntityFrameworkCore.Storage;

namespace SharpCoreDB.EntityFrameworkCore.Migrations;

internal sealed class ForeignKeysOffCommand(IRelationalCommand command, DbContext? context, IRelationalCommandDiagnosticsLogger logger)
    : MigrationCommand(command, context, logger, transactionSuppressed: false)
{
    public const string Off = "PRAGMA foreign_keys = OFF;";

    public const string On = "PRAGMA foreign_keys = ON;";

    // Run by the executor outside the migration's transaction, never as one of its statements.
    public override int ExecuteNonQuery(IRelationalConnection connection, IReadOnlyDictionary<string, object?>? parameterValues = null) =>
        throw new InvalidOperationException("Foreign keys are turned off by the migration command executor, outside the migration's transaction.");

    public override Task<int> ExecuteNonQueryAsync(
        IRelationalConnection connection, IReadOnlyDictionary<string, object?>? parameterValues = null, CancellationToken cancellationToken = default) =>
        throw new InvalidOperationException("Foreign keys are turned off by the migration command executor, outside the migration's transaction.");
}
