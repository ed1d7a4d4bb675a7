// A by-hand probe of a database many times larger than the page cache (#29): `users`
// (id INTEGER PRIMARY KEY, name, email, age, score; index on email, keys in random
// order) and `orders` (id INTEGER PRIMARY KEY, user_id, amount; index on user_id),
// both of `rows` rows, loaded in 100,000-row transactions, then reopened with a cache
// of `cache MB` and queried at random keys: a point query by rowid, one through the
// email index, a 100-row range, and a join with an aggregate over 10 users and their
// orders. Each contender loads in one process and queries in another (so that what the
// load left in memory does not count for the queries), SQLite WAL FULL with PRAGMA
// cache_size set to the same budget and SharpCoreDB FullSync with `Cache Size`; reported:
// load time, file size and the load's peak working set, each query's median and p99
// latency over `queries` runs after a warm-up of as many and at least two seconds, and
// the querying process's peak working set and managed heap.
//   dotnet run -c Release --project bench/SharpCoreDB.Benchmarks -- --big-data [rows] [cache MB] [queries]
using System.Data.Common;
using System.Diagnostics;
using System.Globalization;
using Microsoft.Data.Sqlite;
using SharpCoreDB.Benchmarks.Suites.Contenders;
using SharpCoreDB.Data;

namespace SharpCoreDB.Benchmarks.Suites;

internal static class BigDataProbe
{
    private const int LoadBatch = 100_000;
    private static readonly string[] Contenders = [ContenderNames.SqliteFull, ContenderNames.ScdbFullGc];

    private static readonly (string Name, string Sql)[] Queries =
    [
        ("point by rowid", "SELECT name, email FROM users WHERE id = @k"),
        ("point by index", "SELECT id, age FROM users WHERE email = @e"),
        ("range of 100", "SELECT sum(score) FROM users WHERE id BETWEEN @k AND @k + 99"),
        ("join of 10 users", "SELECT u.id, count(*), sum(o.amount) FROM users u JOIN orders o ON o.user_id = u.id WHERE u.id BETWEEN @k AND @k + 9 GROUP BY u.id"),
    ];

    public static int Run(string? rowsArgument, string? cacheArgument, string? queriesArgument)
    {
        long rows = rowsArgument is null ? 10_000_000 : long.Parse(rowsArgument, CultureInfo.InvariantCulture);
        string cacheMb = cacheArgument ?? "64";
        string queries = queriesArgument ?? "2000";
        string root = Directory.CreateTempSubdirectory("scdb-big-data-").FullName;
        try
        {
            Console.WriteLine($"users and orders of {rows:N0} rows each, cache {cacheMb} MB, {queries} runs of each query at random keys after as many to warm up:");
            foreach (string contender in Contenders)
            {
                string directory = Path.Combine(root, contender);
                Directory.CreateDirectory(directory);
                Console.WriteLine($"  {contender}:");
                foreach (string phase in new[] { LoadPhase, QueryPhase })
                {
                    var (exitCode, report, errors) = ChildProbe.Run(
                        "--big-data-child", phase, contender, rows.ToString(CultureInfo.InvariantCulture), cacheMb, queries, directory);
                    Console.Write(report);
                    if (exitCode != 0)
                    {
                        Console.Error.WriteLine(errors);
                        return exitCode;
                    }
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

    // Each phase runs in a process of its own, so that what the load left in memory does not count for the queries.
    private const string LoadPhase = "load";
    private const string QueryPhase = "query";

    public static int RunChild(string phase, string contender, string rowsArgument, string cacheArgument, string queriesArgument, string directory)
    {
        long rows = long.Parse(rowsArgument, CultureInfo.InvariantCulture);
        int cacheMb = int.Parse(cacheArgument, CultureInfo.InvariantCulture);
        int runs = int.Parse(queriesArgument, CultureInfo.InvariantCulture);
        if (phase == LoadPhase)
        {
            long loadStart = Stopwatch.GetTimestamp();
            using (DbConnection connection = Open(contender, directory, cacheMb))
            {
                Load(connection, rows);
            }

            double loadSeconds = Stopwatch.GetElapsedTime(loadStart).TotalSeconds;
            long fileBytes = Directory.GetFiles(directory).Sum(f => new FileInfo(f).Length);
            Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                $"    load {loadSeconds:0.0} s, files {fileBytes >> 20} MB, peak working set of the load {Process.GetCurrentProcess().PeakWorkingSet64 >> 20} MB"));
            return 0;
        }

        long peakWorkingSet = 0, peakHeap = 0;
        using (var sampler = new Timer(_ =>
        {
            peakWorkingSet = Math.Max(peakWorkingSet, Environment.WorkingSet);
            peakHeap = Math.Max(peakHeap, GC.GetGCMemoryInfo().HeapSizeBytes);
        }, null, 0, 20))
        using (DbConnection connection = Open(contender, directory, cacheMb))
        {
            var random = new Random(7);
            foreach (var (name, sql) in Queries)
            {
                using DbCommand command = connection.CreateCommand();
                command.CommandText = sql;
                DbParameter key = DbCommands.Parameter(command, "@k");
                DbParameter email = DbCommands.Parameter(command, "@e");
                // Warm-up: `runs` queries and at least two seconds, so that the JIT has compiled the engine's
                // code at full optimization (tiered compilation promotes it only after a while) before timing.
                var times = new List<double>(runs);
                long warmUntil = Stopwatch.GetTimestamp() + (2 * Stopwatch.Frequency);
                long found = 0;
                for (int run = 0; times.Count < runs; run++)
                {
                    long k = 1 + random.NextInt64(rows - 100);
                    key.Value = k;
                    email.Value = Email(k);
                    long start = Stopwatch.GetTimestamp();
                    int read = 0;
                    using (DbDataReader reader = command.ExecuteReader())
                    {
                        while (reader.Read())
                        {
                            read++;
                        }
                    }

                    found += read;
                    if (run >= runs && Stopwatch.GetTimestamp() > warmUntil)
                    {
                        times.Add(Stopwatch.GetElapsedTime(start).TotalMicroseconds);
                    }
                }

                if (found == 0)
                {
                    throw new InvalidOperationException($"{name} found nothing");
                }

                times.Sort();
                Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                    $"    {name,-18} median {times[times.Count / 2],8:0.0} us   p99 {times[times.Count * 99 / 100],9:0.0} us"));
            }
        }

        Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"    while querying: peak working set {peakWorkingSet >> 20} MB, peak managed heap {peakHeap >> 20} MB"));
        return 0;
    }

    private static void Load(DbConnection connection, long rows)
    {
        DbCommands.Execute(connection, "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL, age INT NOT NULL, score REAL NOT NULL)");
        DbCommands.Execute(connection, "CREATE INDEX users_email ON users (email)");
        DbCommands.Execute(connection, "CREATE TABLE orders (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, amount REAL NOT NULL)");
        DbCommands.Execute(connection, "CREATE INDEX orders_user ON orders (user_id)");
        using DbCommand user = connection.CreateCommand();
        user.CommandText = "INSERT INTO users VALUES (@id, @name, @email, @age, @score)";
        DbParameter id = DbCommands.Parameter(user, "@id"), name = DbCommands.Parameter(user, "@name"), email = DbCommands.Parameter(user, "@email"),
            age = DbCommands.Parameter(user, "@age"), score = DbCommands.Parameter(user, "@score");
        using DbCommand order = connection.CreateCommand();
        order.CommandText = "INSERT INTO orders VALUES (@id, @user, @amount)";
        DbParameter orderId = DbCommands.Parameter(order, "@id"), orderUser = DbCommands.Parameter(order, "@user"), amount = DbCommands.Parameter(order, "@amount");
        var random = new Random(11);
        for (long first = 1; first <= rows; first += LoadBatch)
        {
            using DbTransaction transaction = connection.BeginTransaction();
            user.Transaction = transaction;
            order.Transaction = transaction;
            for (long n = first; n < first + LoadBatch && n <= rows; n++)
            {
                id.Value = n;
                name.Value = string.Create(CultureInfo.InvariantCulture, $"User {n:00000000} Name");
                email.Value = Email(n);
                age.Value = (int)(n % 90);
                score.Value = n * 0.25;
                user.ExecuteNonQuery();
                orderId.Value = n;
                orderUser.Value = 1 + random.NextInt64(rows);
                amount.Value = (n % 1000) * 0.5;
                order.ExecuteNonQuery();
            }

            transaction.Commit();
        }
    }

    // A realistic local part whose order has nothing to do with the id.
    private static string Email(long n) => string.Create(CultureInfo.InvariantCulture, $"{(n * 2654435761L) % 1_000_000_007:x8}.{n}@example.com");

    private static DbConnection Open(string contender, string directory, int cacheMb)
    {
        if (contender == ContenderNames.SqliteFull)
        {
            var sqlite = new SqliteConnection($"Data Source={Path.Combine(directory, "big.sqlite")}");
            sqlite.Open();
            DbCommands.Execute(sqlite, $"PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA cache_size=-{cacheMb * 1024};");
            return sqlite;
        }

        var scdb = new SharpCoreDBConnection($"Data Source={Path.Combine(directory, "big.scdb")};Cache Size={cacheMb}MB");
        scdb.Open();
        return scdb;
    }
}
