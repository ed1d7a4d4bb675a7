// Runs a migration's commands. A migration that rebuilds tables starts with a
// ForeignKeysOffCommand: foreign keys are turned off before its transaction (the PRAGMA
// works only outside one), the migration and its history row run in one transaction as
// usual, and the connection's setting is restored after the commit or the rollback, so a
// failed migration leaves neither its changes nor foreign keys off behind. Every other
// migration runs exactly as EF Core runs it.
using System.Data;
using System.Globalization;
using Microsoft.EntityFrameworkCore.Diagnostics;
using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;
using Microsoft.EntityFrameworkCore.Storage;

#pragma warning disable EF1001 // EF Core's executor is extended rather than copied: only the foreign key switch is ours.
using Microsoft.EntityFrameworkCore.Migrations.Internal;

namespace SharpCoreDB.EntityFrameworkCore.Migrations;

internal sealed class SharpCoreDBMigrationCommandExecutor(
    IExecutionStrategy executionStrategy, IRawSqlCommandBuilder rawSqlCommandBuilder, ICurrentDbContext currentContext, IRelationalCommandDiagnosticsLogger logger)
    : MigrationCommandExecutor(executionStrategy)
{
    public override int ExecuteNonQuery(
        IReadOnlyList<MigrationCommand> migrationCommands,
        IRelationalConnection connection,
        MigrationExecutionState executionState,
        bool commitTransaction,
        IsolationLevel? isolationLevel = null)
    {
        if (migrationCommands is not [ForeignKeysOffCommand, ..])
        {
            return base.ExecuteNonQuery(migrationCommands, connection, executionState, commitTransaction, isolationLevel);
        }

        connection.Open();
        try
        {
            bool enforced = BeginWithoutForeignKeys(connection, executionState);
            try
            {
                return base.ExecuteNonQuery(migrationCommands.Skip(1).ToList(), connection, executionState, commitTransaction, isolationLevel);
            }
            finally
            {
                Restore(connection, enforced);
            }
        }
        finally
        {
            connection.Close();
        }
    }

    public override async Task<int> ExecuteNonQueryAsync(
        IReadOnlyList<MigrationCommand> migrationCommands,
        IRelationalConnection connection,
        MigrationExecutionState executionState,
        bool commitTransaction,
        IsolationLevel? isolationLevel = null,
        CancellationToken cancellationToken = default)
    {
        if (migrationCommands is not [ForeignKeysOffCommand, ..])
        {
            return await base.ExecuteNonQueryAsync(migrationCommands, connection, executionState, commitTransaction, isolationLevel, cancellationToken)
                .ConfigureAwait(false);
        }

        await connection.OpenAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            bool enforced = BeginWithoutForeignKeys(connection, executionState);
            try
            {
                return await base.ExecuteNonQueryAsync(
                    migrationCommands.Skip(1).ToList(), connection, executionState, commitTransaction, isolationLevel, cancellationToken).ConfigureAwait(false);
            }
            finally
            {
                Restore(connection, enforced);
            }
        }
        finally
        {
            await connection.CloseAsync().ConfigureAwait(false);
        }
    }

    // Turns foreign keys off; returns whether they were on. The migrator may have begun the
    // migration's transaction already, with nothing in it yet: it is committed first, and
    // the executor begins the next one with the migration's first statement.
    private bool BeginWithoutForeignKeys(IRelationalConnection connection, MigrationExecutionState state)
    {
        if (state.Transaction is { } begun)
        {
            begun.Commit();
            begun.Dispose();
            state.Transaction = null;
        }
        else if (connection.CurrentTransaction is not null)
        {
            throw new NotSupportedException(
                "This migration rebuilds a table, which needs foreign keys off, and the engine turns them off only outside a transaction: "
                + "run the migration without a transaction of your own.");
        }

        bool enforced = Convert.ToInt64(Command("PRAGMA foreign_keys").ExecuteScalar(Parameters(connection)), CultureInfo.InvariantCulture) != 0;
        Command(ForeignKeysOffCommand.Off).ExecuteNonQuery(Parameters(connection));
        return enforced;
    }

    // After the migration's commit or rollback (the executor ends its transaction either way before returning or throwing).
    private void Restore(IRelationalConnection connection, bool enforced)
    {
        if (enforced && connection.CurrentTransaction is null)
        {
            Command(ForeignKeysOffCommand.On).ExecuteNonQuery(Parameters(connection));
        }
    }

    private IRelationalCommand Command(string sql) => rawSqlCommandBuilder.Build(sql);

    private RelationalCommandParameterObject Parameters(IRelationalConnection connection) =>
        new(connection, null, null, currentContext.Context, logger, CommandSource.Migrations);
}
