// EnsureCreated / EnsureDeleted / Exists / HasTables for a database file. A SharpCoreDB
// database comes into being when a connection first opens its file, so Create opens and
// closes one; Delete removes the file and the log beside it (after dropping pooled
// connections, which would keep it open). An in-memory database always exists.
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

    public override bool HasTables()
    {
        object? count = rawSqlCommandBuilder
            .Build("SELECT count(*) FROM sqlite_master WHERE type = 'table'")
            .ExecuteScalar(new RelationalCommandParameterObject(
                Dependencies.Connection, null, null, Dependencies.CurrentContext.Context, Dependencies.CommandLogger, CommandSource.Migrations));
        return Convert.ToInt64(count, System.Globalization.CultureInfo.InvariantCulture) != 0;
    }

    public override void Delete()
    {
        SharpCoreDBOptions options = Options();
        if (options.IsInMemory)
        {
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
