// EnsureCreated / EnsureDeleted / Exists / HasTables. A SharpCoreDB database file comes
// into being when a connection first opens it, so Create opens and closes one; Delete
// removes the file and the log beside it (after dropping pooled connections, which would
// keep it open). An in-memory database always exists and has no file: Delete empties it
// instead, dropping every trigger, view and table (their indexes go with them) and
// resetting user_version and application_id, so that it is what a new database is, for
// this connection and for any other connection sharing it (Mode=Memory with a name).
using System.Globalization;
using Microsoft.EntityFrameworkCore.Diagnostics;
using Microsoft.EntityFrameworkCore.Storage;
using SharpCoreDB.Data;

namespace SharpCoreDB.EntityFrameworkCore.Storage;

internal sealed class SharpCoreDBDatabaseCreator(RelationalDatabaseCreatorDependencies dependencies, IRawSqlCommandBuilder rawSqlCommandBuilder)
    : RelationalDatabaseCreator(dependencies)
{
    public override void Create()
    {
        Dependencies.Connection.Open();
        Dependencies.Connection.Close();
    }

    public override bool Exists()
    {
        SharpCoreDBOptions options = Options();
        return options.IsInMemory || File.Exists(options.DataSource);
    }

    // The engine's own tables (sqlite_stat1, which ANALYZE creates) are not the application's.
    public override bool HasTables() =>
        Convert.ToInt64(Scalar("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND substr(name, 1, 7) <> 'sqlite_'"), CultureInfo.InvariantCulture) != 0;

    public override void Delete()
    {
        SharpCoreDBOptions options = Options();
        if (options.IsInMemory)
        {
            DropEverything();
            return;
        }

        Dependencies.Connection.Close();
        SharpCoreDBConnection.ClearAllPools();
        string path = Path.GetFullPath(options.DataSource);
        if (SharpCoreDBConnection.IsDatabaseOpen(path))
        {
            throw new InvalidOperationException($"Cannot delete '{path}': another connection still has it open.");
        }

        foreach (string file in Directory.EnumerateFiles(Path.GetDirectoryName(path)!, Path.GetFileName(path) + "*"))
        {
            if (file == path || IsCompanion(file, path))
            {
                File.Delete(file);
            }
        }
    }

    // Empties an in-memory database in one transaction. Foreign keys are off meanwhile (the
    // PRAGMA works only outside a transaction), so that dropping a parent table neither runs
    // its ON DELETE actions nor fails on the children still there; the setting is restored.
    private void DropEverything()
    {
        if (Dependencies.Connection.CurrentTransaction is not null)
        {
            throw new InvalidOperationException(
                "EnsureDeleted cannot empty an in-memory database inside a transaction: commit or roll it back first.");
        }

        Dependencies.Connection.Open();
        try
        {
            bool foreignKeys = Convert.ToInt64(Scalar("PRAGMA foreign_keys"), CultureInfo.InvariantCulture) != 0;
            Execute("PRAGMA foreign_keys = OFF");
            try
            {
                using IDbContextTransaction transaction = Dependencies.Connection.BeginTransaction();
                foreach ((string type, string name) in Objects())
                {
                    Execute($"DROP {type.ToUpperInvariant()} {Dependencies.SqlGenerationHelper.DelimitIdentifier(name)}");
                }

                Execute("PRAGMA user_version = 0");
                Execute("PRAGMA application_id = 0");
                transaction.Commit();
            }
            finally
            {
                if (foreignKeys)
                {
                    Execute("PRAGMA foreign_keys = ON");
                }
            }
        }
        finally
        {
            Dependencies.Connection.Close();
        }
    }

    // Triggers first, then views, then tables; indexes are dropped with their tables. ANALYZE's
    // sqlite_stat1 stays, emptied: dropping a table deletes its statistics, and this engine
    // version cannot drop sqlite_stat1 itself ("Page n is not the root of a B+tree").
    private List<(string Type, string Name)> Objects()
    {
        var objects = new List<(string Type, string Name)>();
        using RelationalDataReader reader = rawSqlCommandBuilder
            .Build("SELECT type, name FROM sqlite_master WHERE type IN ('trigger', 'view', 'table') AND name <> 'sqlite_stat1' "
                + "ORDER BY CASE type WHEN 'trigger' THEN 0 WHEN 'view' THEN 1 ELSE 2 END, name")
            .ExecuteReader(Parameters());
        while (reader.Read())
        {
            objects.Add((reader.DbDataReader.GetString(0), reader.DbDataReader.GetString(1)));
        }

        return objects;
    }

    private object? Scalar(string sql) => rawSqlCommandBuilder.Build(sql).ExecuteScalar(Parameters());

    private void Execute(string sql) => rawSqlCommandBuilder.Build(sql).ExecuteNonQuery(Parameters());

    private RelationalCommandParameterObject Parameters() => new(
        Dependencies.Connection, null, null, Dependencies.CurrentContext.Context, Dependencies.CommandLogger, CommandSource.Migrations);

    // The log and checkpoint journal beside a database file: <name>-wal (and its segments), <name>-journal.
    private static bool IsCompanion(string file, string path) =>
        file == path + "-journal" || file.StartsWith(path + "-wal", StringComparison.Ordinal);

    private SharpCoreDBOptions Options()
    {
        string connectionString = Dependencies.Connection.ConnectionString
            ?? throw new InvalidOperationException("The context has no connection string: call UseSharpCoreDB with one.");
        return new SharpCoreDBConnectionStringBuilder(connectionString).ToOptions();
    }
}
