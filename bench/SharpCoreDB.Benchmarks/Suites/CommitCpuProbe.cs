// A by-hand probe of what a durable commit costs the machine, not only how long it
// takes: autocommitted single-row INSERTs (FullSync; SQLite WAL with synchronous=FULL)
// from 1 thread and from 16, each contender in turn and the order rotating every
// round, reporting per commit the wall time, the process CPU time over the run (all
// threads: the log's flush worker and any spinning included), their ratio and the
// managed bytes allocated (by every thread, the caller's parameter values included). A
// ratio near 1 from one thread means a core stays busy while the disk works: battery
// on a laptop, and latency for everything else on a loaded machine.
//   dotnet run -c Release --project bench/SharpCoreDB.Benchmarks -- --commit-cpu [commits per run] [rounds]
using System.Data.Common;
using System.Diagnostics;
using System.Globalization;
using Microsoft.Data.Sqlite;
using SharpCoreDB.Benchmarks.Suites.Contenders;
using SharpCoreDB.Data;

namespace SharpCoreDB.Benchmarks.Suites;

internal static class CommitCpuProbe
{
    private static readonly string[] Contenders = [ContenderNames.SqliteFull, ContenderNames.ScdbFullGc];

    public static int Run(string? commitsArgument, string? roundsArgument)
    {
        int commits = commitsArgument is null ? 4000 : int.Parse(commitsArgument, CultureInfo.InvariantCulture);
        int rounds = roundsArgument is null ? 3 : int.Parse(roundsArgument, CultureInfo.InvariantCulture);
        string root = Directory.CreateTempSubdirectory("scdb-commit-cpu-").FullName;
        try
        {
            foreach (int threads in new[] { 1, 16 })
            {
                var wall = Contenders.ToDictionary(c => c, _ => new List<double>());
                var cpu = Contenders.ToDictionary(c => c, _ => new List<double>());
                var allocated = Contenders.ToDictionary(c => c, _ => new List<double>());
                for (int round = 0; round < rounds; round++)
                {
                    for (int step = 0; step < Contenders.Length; step++)
                    {
                        string contender = Contenders[(round + step) % Contenders.Length];
                        var (wallUs, cpuUs, bytes) = Measure(contender, Path.Combine(root, $"{contender}-{threads}-{round}"), threads, commits);
                        wall[contender].Add(wallUs);
                        cpu[contender].Add(cpuUs);
                        allocated[contender].Add(bytes);
                    }
                }

                Console.WriteLine($"{threads} thread(s), {commits} autocommitted INSERTs per run, {rounds} runs each, medians per commit:");
                foreach (string contender in Contenders)
                {
                    double w = Median(wall[contender]), c = Median(cpu[contender]), a = Median(allocated[contender]);
                    Console.WriteLine($"  {contender,-16} wall {w,8:0.0} us   CPU {c,8:0.0} us   CPU/wall {c / w,5:0.00}   allocated {a,7:0} B");
                }
            }

            return 0;
        }
        finally
        {
            Directory.Delete(root, recursive: true);
        }
    }

    // Returns wall time and process CPU time per commit, in microseconds, and the bytes allocated per commit.
    private static (double Wall, double Cpu, double Allocated) Measure(string contender, string directory, int threads, int commits)
    {
        Directory.CreateDirectory(directory);
        using (DbConnection setup = OpenDurable(contender, directory))
        {
            DbCommands.Execute(setup, "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score REAL NOT NULL)");
        }

        var connections = Enumerable.Range(0, threads).Select(_ => OpenDurable(contender, directory)).ToList();
        try
        {
            int perThread = commits / threads;
            using var go = new Barrier(threads + 1);
            var workers = connections.Select((connection, t) => new Thread(() =>
            {
                using DbCommand insert = connection.CreateCommand();
                insert.CommandText = "INSERT INTO t (id, name, score) VALUES (@id, @name, @score)";
                DbParameter id = DbCommands.Parameter(insert, "@id"), name = DbCommands.Parameter(insert, "@name"), score = DbCommands.Parameter(insert, "@score");
                go.SignalAndWait();
                for (int i = 0; i < perThread; i++)
                {
                    long key = ((long)t * perThread) + i + 1;
                    id.Value = key;
                    name.Value = "name " + key.ToString(CultureInfo.InvariantCulture);
                    score.Value = key * 0.5;
                    insert.ExecuteNonQuery();
                }
            })).ToList();
            workers.ForEach(w => w.Start());
            var process = Process.GetCurrentProcess();
            go.SignalAndWait();
            TimeSpan cpuBefore = process.TotalProcessorTime;
            long allocatedBefore = GC.GetTotalAllocatedBytes(precise: true);
            long start = Stopwatch.GetTimestamp();
            workers.ForEach(w => w.Join());
            double wallUs = Stopwatch.GetElapsedTime(start).TotalMicroseconds;
            long allocatedBytes = GC.GetTotalAllocatedBytes(precise: true) - allocatedBefore;
            process.Refresh();
            double cpuUs = (process.TotalProcessorTime - cpuBefore).TotalMicroseconds;
            int done = perThread * threads;
            return (wallUs / done, cpuUs / done, (double)allocatedBytes / done);
        }
        finally
        {
            connections.ForEach(c => c.Dispose());
            SqliteConnection.ClearAllPools();
        }
    }

    /// <summary>A durable connection of the contender on a database in <paramref name="directory"/>: FullSync, or SQLite WAL with synchronous=FULL.</summary>
    internal static DbConnection OpenDurable(string contender, string directory)
    {
        if (contender == ContenderNames.SqliteFull)
        {
            var sqlite = new SqliteConnection($"Data Source={Path.Combine(directory, "cpu.sqlite")};Default Timeout=120");
            sqlite.Open();
            DbCommands.Execute(sqlite, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA busy_timeout=120000;");
            return sqlite;
        }

        var scdb = new SharpCoreDBConnection($"Data Source={Path.Combine(directory, "cpu.scdb")};Default Timeout=120");
        scdb.Open();
        return scdb;
    }

    private static double Median(List<double> values)
    {
        var sorted = values.Order().ToList();
        return sorted.Count % 2 == 1 ? sorted[sorted.Count / 2] : (sorted[(sorted.Count / 2) - 1] + sorted[sorted.Count / 2]) / 2;
    }
}
