// A by-hand probe of one transaction larger than the page cache (#29): an import of
// many rows in one transaction into `docs (id INTEGER PRIMARY KEY, email TEXT, body
// TEXT)` with an index on email (keys in random order), ~1 KB of realistic text per
// row, then COMMIT, then the same again rolled back. Each contender runs in a process
// of its own (so one's memory does not count against the other), SQLite WAL FULL with
// its cache set to the same budget (PRAGMA cache_size) and SharpCoreDB FullSync with
// `Cache Size`. Reported per contender: import and commit time, rollback time, peak
// working set and managed heap of the process (sampled every 20 ms), the file's size,
// and the rows counted after reopening.
//   dotnet run -c Release --project bench/SharpCoreDB.Benchmarks -- --large-transaction [MB of rows] [cache MB]
using System.Data.Common;
using System.Diagnostics;
using System.Globalization;
using Microsoft.Data.Sqlite;
using SharpCoreDB.Benchmarks.Suites.Contenders;
using SharpCoreDB.Data;

namespace SharpCoreDB.Benchmarks.Suites;

internal static class LargeTransactionProbe
{
    private const int BodyBytes = 1000;
    private static readonly string[] Contenders = [ContenderNames.SqliteFull, ContenderNames.ScdbFullGc];

    public static int Run(string? megabytesArgument, string? cacheArgument)
    {
        int megabytes = megabytesArgument is null ? 256 : int.Parse(megabytesArgument, CultureInfo.InvariantCulture);
        int cacheMb = cacheArgument is null ? 64 : int.Parse(cacheArgument, CultureInfo.InvariantCulture);
        long rows = (long)megabytes * 1024 * 1024 / (BodyBytes + 60);
        string root = Directory.CreateTempSubdirectory("scdb-large-tx-").FullName;
        try
        {
            Console.WriteLine($"{rows:N0} rows (~{megabytes} MB of rows) in one transaction, index on email in random order, cache {cacheMb} MB:");
            foreach (string contender in Contenders)
            {
                string directory = Path.Combine(root, contender);
                Directory.CreateDirectory(directory);
                var (exitCode, report, errors) = ChildProbe.Run(
                    "--large-transaction-child", contender, rows.ToString(CultureInfo.InvariantCulture), cacheMb.ToString(CultureInfo.InvariantCulture), directory);
                Console.WriteLine($"  {contender,-16} {report.Trim()}");
                if (exitCode != 0)
                {
                    Console.Error.WriteLine(errors);
                    return exitCode;
                }

                Directory.Delete(directory, recursive: true);
            }

            return 0;
        }
        finally
        {
            Directory.Delete(root, recursive: true);
        }
    }

    public static int RunChild(string contender, string rowsArgument, string cacheArgument, string directory)
    {
        long rows = long.Parse(rowsArgument, CultureInfo.InvariantCulture);
        int cacheMb = int.Parse(cacheArgument, CultureInfo.InvariantCulture);
        long peakWorkingSet = 0, peakHeap = 0;
        using var sampler = new Timer(_ =>
        {
            peakWorkingSet = Math.Max(peakWorkingSet, Environment.WorkingSet);
            peakHeap = Math.Max(peakHeap, GC.GetGCMemoryInfo().HeapSizeBytes);
        }, null, 0, 20);

        double commitSeconds, rollbackSeconds;
        using (DbConnection connection = Open(contender, directory, cacheMb))
        {
            DbCommands.Execute(connection, "CREATE TABLE docs (id INTEGER PRIMARY KEY, email TEXT NOT NULL, body TEXT NOT NULL)");
            DbCommands.Execute(connection, "CREATE INDEX docs_email ON docs (email)");
            commitSeconds = Import(connection, 1, rows, commit: true);
            rollbackSeconds = Import(connection, rows + 1, rows / 4, commit: false);
        }

        SqliteConnection.ClearAllPools();
        SharpCoreDBConnection.ClearAllPools();
        long count;
        using (DbConnection reopened = Open(contender, directory, cacheMb))
        {
            using DbCommand command = reopened.CreateCommand();
            command.CommandText = "SELECT count(*) FROM docs";
            count = Convert.ToInt64(command.ExecuteScalar(), CultureInfo.InvariantCulture);
        }

        long fileBytes = Directory.GetFiles(directory).Sum(f => new FileInfo(f).Length);
        Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"import+commit {commitSeconds,7:0.0} s   rollback of {rows / 4:N0} rows {rollbackSeconds,6:0.0} s   peak working set {peakWorkingSet >> 20,5} MB   " +
            $"peak managed heap {peakHeap >> 20,5} MB   files {fileBytes >> 20,6} MB   rows after reopen {count:N0}"));
        return count == rows ? 0 : 1;
    }

    // Inserts `count` rows from `first` in one transaction, committed or rolled back; returns the seconds it took.
    private static double Import(DbConnection connection, long first, long count, bool commit)
    {
        long start = Stopwatch.GetTimestamp();
        using (DbTransaction transaction = connection.BeginTransaction())
        {
            using DbCommand insert = connection.CreateCommand();
            insert.Transaction = transaction;
            insert.CommandText = "INSERT INTO docs (id, email, body) VALUES (@id, @email, @body)";
            DbParameter id = DbCommands.Parameter(insert, "@id"), email = DbCommands.Parameter(insert, "@email"), body = DbCommands.Parameter(insert, "@body");
            var random = new Random(42);
            var text = new char[BodyBytes];
            for (long n = first; n < first + count; n++)
            {
                id.Value = n;
                email.Value = $"{random.Next():x8}.{n}@example.com";
                for (int i = 0; i < text.Length; i++)
                {
                    text[i] = (char)('a' + random.Next(26));
                }

                body.Value = new string(text);
                insert.ExecuteNonQuery();
            }

            if (commit)
            {
                transaction.Commit();
            }
            else
            {
                transaction.Rollback();
            }
        }

        return Stopwatch.GetElapsedTime(start).TotalSeconds;
    }

    private static DbConnection Open(string contender, string directory, int cacheMb)
    {
        if (contender == ContenderNames.SqliteFull)
        {
            var sqlite = new SqliteConnection($"Data Source={Path.Combine(directory, "large.sqlite")}");
            sqlite.Open();
            DbCommands.Execute(sqlite, $"PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA cache_size=-{cacheMb * 1024};");
            return sqlite;
        }

        var scdb = new SharpCoreDBConnection($"Data Source={Path.Combine(directory, "large.scdb")};Cache Size={cacheMb}MB");
        scdb.Open();
        return scdb;
    }
}
