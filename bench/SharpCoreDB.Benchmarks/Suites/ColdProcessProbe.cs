// A by-hand probe of performance as a fresh process meets it: every measurement runs
// in a new process, so the JIT has compiled nothing yet (tiered compilation and
// dynamic PGO at their defaults, as applications run), while BenchmarkDotNet warms a
// case up until it is steady. Three scenarios, each in its own child process per
// contender and round, SQLite (WAL, FULL) and SharpCoreDB (FullSync, group commit)
// alternating:
//   batch  a new database; ten batches of 1,000 single-row INSERTs in one transaction
//          each, from a prepared command with five named parameters bound from long,
//          string (20 chars), string (~26 chars), int and double, into
//          users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL,
//          age INT NOT NULL, score REAL NOT NULL), ascending ids, no secondary index
//   point  open a database of 10,000 users, the first point query by id
//   join   open a database of 10,000 users and 20,000 orders, the first join with
//          an aggregate over one user's orders
//   fk     a new database with the suites' schema (SqlSchema: orders.user_id REFERENCES
//          users, an AFTER INSERT trigger counting orders per user); 1,000 users, then ten
//          batches of 1,000 orders (SQLite with foreign_keys on)
// The child prints its timings; the parent prints medians over the rounds and the
// ratio to SQLite. Process CPU time per scenario is printed too.
//   dotnet run -c Release --project bench/SharpCoreDB.Benchmarks -- --cold-process [rounds]
using System.Data.Common;
using System.Diagnostics;
using System.Globalization;
using Microsoft.Data.Sqlite;
using SharpCoreDB.Benchmarks.Suites.Contenders;
using SharpCoreDB.Data;

namespace SharpCoreDB.Benchmarks.Suites;

internal static class ColdProcessProbe
{
    private const int BatchRows = 1000;
    private const int Batches = 10;
    private const int Users = 10_000;
    private static readonly string[] Contenders = [ContenderNames.SqliteFull, ContenderNames.ScdbFullGc];
    private static readonly string[] Scenarios = ["batch", "point", "join", "fk"];

    public static int Run(string? roundsArgument)
    {
        int rounds = roundsArgument is null ? 10 : int.Parse(roundsArgument, CultureInfo.InvariantCulture);
        string root = Directory.CreateTempSubdirectory("scdb-cold-").FullName;
        try
        {
            // results[contender][measure] = values over the rounds
            var results = Contenders.ToDictionary(c => c, _ => new Dictionary<string, List<double>>(StringComparer.Ordinal));
            foreach (string contender in Contenders)
            {
                Fill(contender, Path.Combine(root, "filled-" + contender));
            }

            for (int round = 0; round < rounds; round++)
            {
                foreach (string scenario in Scenarios)
                {
                    for (int step = 0; step < Contenders.Length; step++)
                    {
                        string contender = Contenders[(round + step) % Contenders.Length];
                        string directory = scenario is "batch" or "fk" ? Path.Combine(root, $"new-{scenario}-{round}-{contender}") : Path.Combine(root, "filled-" + contender);
                        foreach (var (measure, value) in StartChild(contender, scenario, directory))
                        {
                            var values = results[contender];
                            if (!values.TryGetValue(measure, out var list))
                            {
                                values[measure] = list = [];
                            }

                            list.Add(value);
                        }
                    }
                }
            }

            Report(results, rounds);
            return 0;
        }
        finally
        {
            Directory.Delete(root, recursive: true);
        }
    }

    /// <summary>The child's side: runs one scenario in this fresh process and prints "measure=value" pairs.</summary>
    public static int RunChild(string contender, string scenario, string directory)
    {
        var cpu = Process.GetCurrentProcess();
        TimeSpan cpuBefore = cpu.TotalProcessorTime;
        var output = new List<string>();
        long start = Stopwatch.GetTimestamp();
        using DbConnection connection = Open(contender, directory);
        output.Add($"{scenario}.open_ms={Ms(start)}");
        // How much of opening is the JIT (the engine's own code comes precompiled from the package's images).
        output.Add($"{scenario}.open_jit_methods={System.Runtime.JitInfo.GetCompiledMethodCount()}");
        output.Add($"{scenario}.open_jit_ms={System.Runtime.JitInfo.GetCompilationTime().TotalMilliseconds.ToString(CultureInfo.InvariantCulture)}");
        switch (scenario)
        {
            case "batch":
                DbCommands.Execute(connection, "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL, age INT NOT NULL, score REAL NOT NULL)");
                using (DbCommand insert = InsertCommand(connection))
                {
                    var times = new double[Batches];
                    for (int b = 0; b < Batches; b++)
                    {
                        long jitted = System.Runtime.JitInfo.GetCompiledMethodCount();
                        TimeSpan jitTime = System.Runtime.JitInfo.GetCompilationTime();
                        long batchStart = Stopwatch.GetTimestamp();
                        InsertBatch(connection, insert, (b * BatchRows) + 1);
                        times[b] = Ms(batchStart);
                        if (b == 0)
                        {
                            // How much of the first batch is the JIT compiling what it runs for the first time.
                            output.Add($"batch.first_jit_methods={System.Runtime.JitInfo.GetCompiledMethodCount() - jitted}");
                            output.Add($"batch.first_jit_ms={(System.Runtime.JitInfo.GetCompilationTime() - jitTime).TotalMilliseconds.ToString(CultureInfo.InvariantCulture)}");
                        }
                    }

                    output.Add($"batch.first_ms={times[0].ToString(CultureInfo.InvariantCulture)}");
                    output.Add($"batch.median_first_ten_ms={Median([.. times]).ToString(CultureInfo.InvariantCulture)}");
                }

                break;
            case "fk":
                ForeignKeyBatches(connection, output);
                break;
            case "point":
                using (DbCommand point = connection.CreateCommand())
                {
                    point.CommandText = "SELECT name, email, age, score FROM users WHERE id = @id";
                    DbCommands.Parameter(point, "@id", 4321L);
                    long jitted = System.Runtime.JitInfo.GetCompiledMethodCount();
                    long queryStart = Stopwatch.GetTimestamp();
                    using DbDataReader reader = point.ExecuteReader();
                    reader.Read();
                    _ = reader.GetString(0);
                    output.Add($"point.first_ms={Ms(queryStart).ToString(CultureInfo.InvariantCulture)}");
                    output.Add($"point.first_jit_methods={System.Runtime.JitInfo.GetCompiledMethodCount() - jitted}");
                }

                break;
            default:
                using (DbCommand join = connection.CreateCommand())
                {
                    join.CommandText = "SELECT u.name, COUNT(*), SUM(o.amount) FROM users u JOIN orders o ON o.user_id = u.id WHERE u.id = @id GROUP BY u.name";
                    DbCommands.Parameter(join, "@id", 777L);
                    long queryStart = Stopwatch.GetTimestamp();
                    using DbDataReader reader = join.ExecuteReader();
                    reader.Read();
                    _ = reader.GetInt64(1);
                    output.Add($"join.first_ms={Ms(queryStart).ToString(CultureInfo.InvariantCulture)}");
                }

                break;
        }

        connection.Close();
        output.Add($"{scenario}.cpu_ms={(Process.GetCurrentProcess().TotalProcessorTime - cpuBefore).TotalMilliseconds.ToString(CultureInfo.InvariantCulture)}");
        Console.WriteLine(string.Join(" ", output));
        return 0;
    }

    // Ten batches of 1,000 orders into the suites' schema: each checks its user and fires the counting trigger.
    private static void ForeignKeyBatches(DbConnection connection, List<string> output)
    {
        if (connection is SqliteConnection)
        {
            DbCommands.Execute(connection, "PRAGMA foreign_keys = ON");
        }

        foreach (string statement in SqlSchema.Statements)
        {
            DbCommands.Execute(connection, statement);
        }

        DbCommands.Execute(connection, "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000) " +
            "INSERT INTO users SELECT i, 'user ' || i, 'user' || i || '@example.com', 20 + i % 50, '2024-01-01 00:00:00', 1 FROM n");
        using DbCommand order = connection.CreateCommand();
        order.CommandText = "INSERT INTO orders (id, user_id, amount) VALUES (@id, @user, @amount)";
        DbParameter id = DbCommands.Parameter(order, "@id", 0L), user = DbCommands.Parameter(order, "@user", 0L), amount = DbCommands.Parameter(order, "@amount", 0.0);
        order.Prepare();
        var times = new double[Batches];
        for (int b = 0; b < Batches; b++)
        {
            long batchStart = Stopwatch.GetTimestamp();
            using DbTransaction transaction = connection.BeginTransaction();
            order.Transaction = transaction;
            for (long i = (b * BatchRows) + 1; i <= (b + 1) * BatchRows; i++)
            {
                id.Value = i;
                user.Value = 1 + (i % 1000);
                amount.Value = (i % 1000) / 10.0;
                order.ExecuteNonQuery();
            }

            transaction.Commit();
            order.Transaction = null;
            times[b] = Ms(batchStart);
        }

        output.Add($"fk.first_ms={times[0].ToString(CultureInfo.InvariantCulture)}");
        output.Add($"fk.median_first_ten_ms={Median([.. times]).ToString(CultureInfo.InvariantCulture)}");
    }

    private static List<(string Measure, double Value)> StartChild(string contender, string scenario, string directory)
    {
        var (exitCode, stdout, stderr) = ChildProbe.Run("--cold-child", contender, scenario, directory);
        if (exitCode != 0)
        {
            throw new InvalidOperationException($"the {contender} {scenario} child failed: {stderr}");
        }

        return stdout.Split([' ', '\n'], StringSplitOptions.RemoveEmptyEntries)
            .Select(pair => pair.Split('='))
            .Select(kv => (kv[0], double.Parse(kv[1], CultureInfo.InvariantCulture)))
            .ToList();
    }

    private static void Fill(string contender, string directory)
    {
        using DbConnection connection = Open(contender, directory);
        DbCommands.Execute(connection, "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL, age INT NOT NULL, score REAL NOT NULL)");
        DbCommands.Execute(connection, "CREATE TABLE orders (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, amount REAL NOT NULL)");
        DbCommands.Execute(connection, "CREATE INDEX orders_user ON orders (user_id)");
        using (DbCommand insert = InsertCommand(connection))
        {
            for (int first = 1; first <= Users; first += BatchRows)
            {
                InsertBatch(connection, insert, first);
            }
        }

        using DbTransaction transaction = connection.BeginTransaction();
        using DbCommand order = connection.CreateCommand();
        order.Transaction = transaction;
        order.CommandText = "INSERT INTO orders (id, user_id, amount) VALUES (@id, @user, @amount)";
        DbParameter id = DbCommands.Parameter(order, "@id", 0L), user = DbCommands.Parameter(order, "@user", 0L), amount = DbCommands.Parameter(order, "@amount", 0.0);
        for (long i = 1; i <= 2 * Users; i++)
        {
            id.Value = i;
            user.Value = (i % Users) + 1;
            amount.Value = i * 0.25;
            order.ExecuteNonQuery();
        }

        transaction.Commit();
    }

    private static DbConnection Open(string contender, string directory)
    {
        Directory.CreateDirectory(directory);
        if (contender == ContenderNames.SqliteFull)
        {
            var sqlite = new SqliteConnection($"Data Source={Path.Combine(directory, "cold.sqlite")};Pooling=False");
            sqlite.Open();
            DbCommands.Execute(sqlite, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;");
            return sqlite;
        }

        var scdb = new SharpCoreDBConnection($"Data Source={Path.Combine(directory, "cold.scdb")}");
        scdb.Open();
        return scdb;
    }

    private static DbCommand InsertCommand(DbConnection connection)
    {
        DbCommand insert = connection.CreateCommand();
        insert.CommandText = "INSERT INTO users (id, name, email, age, score) VALUES (@id, @name, @email, @age, @score)";
        DbCommands.Parameter(insert, "@id", 0L);
        DbCommands.Parameter(insert, "@name", "");
        DbCommands.Parameter(insert, "@email", "");
        DbCommands.Parameter(insert, "@age", 0);
        DbCommands.Parameter(insert, "@score", 0.0);
        insert.Prepare();
        return insert;
    }

    private static void InsertBatch(DbConnection connection, DbCommand insert, int firstId)
    {
        using DbTransaction transaction = connection.BeginTransaction();
        insert.Transaction = transaction;
        for (int i = 0; i < BatchRows; i++)
        {
            long id = firstId + i;
            insert.Parameters[0].Value = id;
            insert.Parameters[1].Value = "user name " + id.ToString("D10", CultureInfo.InvariantCulture);
            insert.Parameters[2].Value = "user" + id.ToString(CultureInfo.InvariantCulture) + "@example.com";
            insert.Parameters[3].Value = (int)(id % 90) + 10;
            insert.Parameters[4].Value = id * 0.5;
            insert.ExecuteNonQuery();
        }

        transaction.Commit();
        insert.Transaction = null;
    }



    private static double Ms(long start) => Math.Round(Stopwatch.GetElapsedTime(start).TotalMilliseconds, 3);

    private static double Median(List<double> values)
    {
        values.Sort();
        return values.Count % 2 == 1 ? values[values.Count / 2] : (values[(values.Count / 2) - 1] + values[values.Count / 2]) / 2;
    }

    private static void Report(Dictionary<string, Dictionary<string, List<double>>> results, int rounds)
    {
        Console.WriteLine($"Cold processes: {rounds} rounds, one new process per contender, scenario and round; medians over the rounds");
        var sqlite = results[ContenderNames.SqliteFull];
        foreach (string measure in sqlite.Keys.Order(StringComparer.Ordinal))
        {
            double baseline = Median([.. sqlite[measure]]);
            var line = new List<string> { $"{measure,-28} {ContenderNames.SqliteFull} {baseline,9:0.000}" };
            foreach (string contender in Contenders.Skip(1))
            {
                double value = Median([.. results[contender][measure]]);
                line.Add($"{contender} {value,9:0.000} ({value / baseline:0.00}x)");
            }

            Console.WriteLine(string.Join("   ", line));
        }
    }
}
