// A by-hand probe of size on disk (issue 29): the same rows loaded into SQLite (WAL,
// checkpointed and truncated) and SharpCoreDB (checkpointed), the files compared after
// the load, after deleting every other row (space kept as free pages by both) and after
// VACUUM. The table is the users table applications have: an INTEGER PRIMARY KEY in
// ascending order, a name and an email of realistic length, an age and a score, with
// an index on email and one on age created first, loaded in 10,000-row transactions.
// The email index is filled once in key order and once in random order (page splits
// in the middle of the tree).
//   dotnet run -c Release --project bench/SharpCoreDB.Benchmarks -- --file-size [rows]
using System.Data.Common;
using System.Globalization;
using Microsoft.Data.Sqlite;
using SharpCoreDB.Benchmarks.Suites.Contenders;
using SharpCoreDB.Data;

namespace SharpCoreDB.Benchmarks.Suites;

internal static class FileSizeProbe
{
    private const int BatchRows = 10_000;

    public static int Run(string? rowsArgument)
    {
        int rows = rowsArgument is null ? 210_000 : int.Parse(rowsArgument, CultureInfo.InvariantCulture);
        string root = Directory.CreateTempSubdirectory("scdb-file-size-").FullName;
        try
        {
            foreach (bool randomEmails in new[] { false, true })
            {
                Console.WriteLine($"{rows} rows, email index filled in {(randomEmails ? "random" : "key")} order (MB; SharpCoreDB / SQLite):");
                string sqlitePath = Path.Combine(root, $"size-{randomEmails}.sqlite"), scdbPath = Path.Combine(root, $"size-{randomEmails}.scdb");
                using var sqlite = new SqliteConnection($"Data Source={sqlitePath}");
                sqlite.Open();
                DbCommands.Execute(sqlite, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;");
                using var scdb = new SharpCoreDBConnection($"Data Source={scdbPath}");
                scdb.Open();

                Load(sqlite, rows, randomEmails);
                Load(scdb, rows, randomEmails);
                Report("after the load", sqlite, sqlitePath, scdb, scdbPath);

                DbCommands.Execute(sqlite, "DELETE FROM users WHERE id % 2 = 0");
                DbCommands.Execute(scdb, "DELETE FROM users WHERE id % 2 = 0");
                Report("after deleting every other row", sqlite, sqlitePath, scdb, scdbPath);

                DbCommands.Execute(sqlite, "VACUUM");
                DbCommands.Execute(scdb, "VACUUM");
                Report("after VACUUM", sqlite, sqlitePath, scdb, scdbPath);
            }

            return 0;
        }
        finally
        {
            SqliteConnection.ClearAllPools();
            Directory.Delete(root, recursive: true);
        }
    }

    internal static void Load(DbConnection connection, int rows, bool randomEmails)
    {
        DbCommands.Execute(connection,
            "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL, age INT NOT NULL, score REAL NOT NULL)");
        DbCommands.Execute(connection, "CREATE INDEX users_email ON users (email)");
        DbCommands.Execute(connection, "CREATE INDEX users_age ON users (age)");
        var random = new Random(29);
        for (int start = 0; start < rows; start += BatchRows)
        {
            using DbTransaction transaction = connection.BeginTransaction();
            using DbCommand insert = connection.CreateCommand();
            insert.Transaction = transaction;
            insert.CommandText = "INSERT INTO users VALUES (@id, @name, @email, @age, @score)";
            DbParameter id = DbCommands.Parameter(insert, "@id"), name = DbCommands.Parameter(insert, "@name"), email = DbCommands.Parameter(insert, "@email");
            DbParameter age = DbCommands.Parameter(insert, "@age"), score = DbCommands.Parameter(insert, "@score");
            for (int i = start; i < Math.Min(rows, start + BatchRows); i++)
            {
                id.Value = (long)i + 1;
                name.Value = "User " + i.ToString("D8", CultureInfo.InvariantCulture) + " Name";
                email.Value = (randomEmails ? random.NextInt64().ToString("x12", CultureInfo.InvariantCulture)[..12] : "user" + i.ToString("D8", CultureInfo.InvariantCulture)) + "@example.com";
                age.Value = 18 + random.Next(60);
                score.Value = random.NextDouble() * 100;
                insert.ExecuteNonQuery();
            }

            transaction.Commit();
        }
    }

    private static void Report(string when, SqliteConnection sqlite, string sqlitePath, SharpCoreDBConnection scdb, string scdbPath)
    {
        DbCommands.Execute(sqlite, "PRAGMA wal_checkpoint(TRUNCATE)");
        scdb.Checkpoint();
        double sqliteMb = Size(sqlitePath) / 1e6, scdbMb = Size(scdbPath) / 1e6;
        Console.WriteLine($"  {when,-32} SQLite {sqliteMb,7:0.00}   SharpCoreDB {scdbMb,7:0.00}   ratio {scdbMb / sqliteMb:0.00}");
    }

    // The database file with its log and journal, as they stand.
    private static long Size(string path) =>
        new[] { path, path + "-wal", path + "-journal" }.Where(File.Exists).Sum(f => new FileInfo(f).Length);
}
