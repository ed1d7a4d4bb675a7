// A by-hand probe of bulk loading (issue 29): the users table with its email and age
// indexes created first, loaded with a prepared INSERT in 10,000-row transactions
// (FileSizeProbe.Load, the same rows), SQLite WAL FULL and SharpCoreDB FullSync taking
// turns, a new file each time, for some rounds; the email index is filled in key order
// and in random order. Reported: the median load time and process CPU time of each, and
// their ratios. The first round of each is a warm-up (the JIT's tiers) and is not counted.
//   dotnet run -c Release --project bench/SharpCoreDB.Benchmarks -- --bulk-load [rows] [rounds]
using System.Diagnostics;
using System.Globalization;
using Microsoft.Data.Sqlite;
using SharpCoreDB.Benchmarks.Suites.Contenders;
using SharpCoreDB.Data;

namespace SharpCoreDB.Benchmarks.Suites;

internal static class BulkLoadProbe
{
    public static int Run(string? rowsArgument, string? roundsArgument)
    {
        int rows = rowsArgument is null ? 210_000 : int.Parse(rowsArgument, CultureInfo.InvariantCulture);
        int rounds = roundsArgument is null ? 5 : int.Parse(roundsArgument, CultureInfo.InvariantCulture);
        string root = Directory.CreateTempSubdirectory("scdb-bulk-").FullName;
        try
        {
            foreach (bool randomEmails in new[] { false, true })
            {
                var times = new Dictionary<string, List<(double Wall, double Cpu)>> { ["SQLite"] = [], ["SharpCoreDB"] = [] };
                for (int round = 0; round <= rounds; round++)
                {
                    foreach (string contender in times.Keys)
                    {
                        (double wall, double cpu) = LoadOnce(root, contender, rows, randomEmails, round);
                        if (round > 0)
                        {
                            times[contender].Add((wall, cpu));
                        }
                    }
                }

                double sqliteWall = Median(times["SQLite"].Select(t => t.Wall)), scdbWall = Median(times["SharpCoreDB"].Select(t => t.Wall));
                double sqliteCpu = Median(times["SQLite"].Select(t => t.Cpu)), scdbCpu = Median(times["SharpCoreDB"].Select(t => t.Cpu));
                Console.WriteLine($"{rows} rows in 10,000-row transactions, email index in {(randomEmails ? "random" : "key")} order, median of {rounds} rounds:");
                Console.WriteLine($"  load   SQLite {sqliteWall,8:0.0} ms   SharpCoreDB {scdbWall,8:0.0} ms   ratio {scdbWall / sqliteWall:0.00}");
                Console.WriteLine($"  CPU    SQLite {sqliteCpu,8:0.0} ms   SharpCoreDB {scdbCpu,8:0.0} ms   ratio {scdbCpu / sqliteCpu:0.00}");
            }

            return 0;
        }
        finally
        {
            SqliteConnection.ClearAllPools();
            SharpCoreDBConnection.ClearAllPools();
            Directory.Delete(root, recursive: true);
        }
    }

    private static (double Wall, double Cpu) LoadOnce(string root, string contender, int rows, bool randomEmails, int round)
    {
        string path = Path.Combine(root, $"{contender}-{randomEmails}-{round}.db");
        using System.Data.Common.DbConnection connection = contender == "SQLite"
            ? new SqliteConnection($"Data Source={path};Pooling=False")
            : new SharpCoreDBConnection($"Data Source={path};Pooling=False");
        connection.Open();
        if (connection is SqliteConnection)
        {
            DbCommands.Execute(connection, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;");
        }

        var process = Process.GetCurrentProcess();
        TimeSpan cpuBefore = process.TotalProcessorTime;
        var watch = Stopwatch.StartNew();
        FileSizeProbe.Load(connection, rows, randomEmails);
        watch.Stop();
        process.Refresh();
        return (watch.Elapsed.TotalMilliseconds, (process.TotalProcessorTime - cpuBefore).TotalMilliseconds);
    }

    private static double Median(IEnumerable<double> values)
    {
        double[] sorted = [.. values.Order()];
        return sorted.Length % 2 == 1 ? sorted[sorted.Length / 2] : (sorted[(sorted.Length / 2) - 1] + sorted[sorted.Length / 2]) / 2;
    }
}
