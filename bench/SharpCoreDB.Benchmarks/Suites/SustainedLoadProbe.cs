// A by-hand probe of commit latency under sustained load, as a service meets it: 16
// writers autocommitting single-row INSERTs (FullSync; SQLite WAL with
// synchronous=FULL) into a growing table with a secondary index, for minutes, so
// checkpoints run many times in the middle of the load. Each contender runs alone
// in turn; every commit's latency goes into a histogram of 10 µs buckets, and the
// probe reports p50/p99/p999/max, commits per second, process CPU per commit and
// how many commits took longer than 10 ms and, for SharpCoreDB, how many of those
// overlapped a checkpoint (a checkpoint that stalls commits shows there and in max). With a busy-thread count, that many threads spin on pure
// computation beside the writers for the whole run: commit throughput under CPU
// contention, both contenders under the same load.
//   dotnet run -c Release --project bench/SharpCoreDB.Benchmarks -- --sustained [seconds per contender] [busy threads] [contenders]
// (contenders: a comma-separated subset of SQLite-WAL-FULL and SCDB-Full-GC; both by default).
using System.Data.Common;
using System.Diagnostics;
using System.Globalization;
using Microsoft.Data.Sqlite;
using SharpCoreDB.Benchmarks.Suites.Contenders;
using SharpCoreDB.Data;

namespace SharpCoreDB.Benchmarks.Suites;

internal static class SustainedLoadProbe
{
    private const int Writers = 16;
    private const int BucketMicroseconds = 10;
    private const long SlowMicroseconds = 10_000;
    private const int Buckets = 100_000; // 10 µs each: up to 1 s, slower commits land in the last bucket
    private static readonly TimeSpan WarmUp = TimeSpan.FromSeconds(5);
    private static readonly string[] Contenders = [ContenderNames.SqliteFull, ContenderNames.ScdbFullGc];

    public static int Run(string? secondsArgument, string? busyArgument, string? contendersArgument)
    {
        string[] contenders = contendersArgument?.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries) ?? Contenders;
        if (contenders.Except(Contenders).FirstOrDefault() is { } unknown)
        {
            Console.Error.WriteLine($"Unknown contender '{unknown}'; choose from {string.Join(", ", Contenders)}.");
            return 2;
        }

        var duration = TimeSpan.FromSeconds(secondsArgument is null ? 600 : int.Parse(secondsArgument, CultureInfo.InvariantCulture));
        int busy = busyArgument is null ? 0 : int.Parse(busyArgument, CultureInfo.InvariantCulture);
        string root = Directory.CreateTempSubdirectory("scdb-sustained-").FullName;
        try
        {
            Console.WriteLine($"{Writers} writers, autocommitted INSERTs into users (5 columns, index on email), " +
                $"{duration.TotalSeconds:0} s per contender after {WarmUp.TotalSeconds:0} s of warm-up, {busy} busy thread(s) beside:");
            foreach (string contender in contenders)
            {
                Report(contender, Measure(contender, Path.Combine(root, contender), duration, busy));
            }

            return 0;
        }
        finally
        {
            Directory.Delete(root, recursive: true);
        }
    }

    private sealed record Result(long[] Histogram, long Commits, double Seconds, double CpuUs, long MaxUs, long Checkpoints, long SlowInCheckpoint, long InCheckpoint, long Rows, TimeSpan GcPause, int Gen2, long PoolMisses);

    private static Result Measure(string contender, string directory, TimeSpan duration, int busy)
    {
        Directory.CreateDirectory(directory);
        using (DbConnection setup = CommitCpuProbe.OpenDurable(contender, directory))
        {
            DbCommands.Execute(setup, "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL, age INT NOT NULL, score REAL NOT NULL)");
            DbCommands.Execute(setup, "CREATE INDEX ix_users_email ON users (email)");
        }

        var connections = Enumerable.Range(0, Writers).Select(_ => CommitCpuProbe.OpenDurable(contender, directory)).ToList();
        var histograms = Enumerable.Range(0, Writers).Select(_ => new long[Buckets]).ToArray();
        var maxima = new long[Writers];
        var commits = new long[Writers];
        var slowInCheckpoint = new long[Writers];
        var inCheckpoint = new long[Writers];
        Func<bool> checkpointRunning = connections[0] is SharpCoreDBConnection scdb
            ? () => scdb.Session.Database.Storage.CheckpointPending
            : () => false;
        long recordFrom = long.MaxValue, stopAt = long.MaxValue;
        bool stopping = false;
        var busyThreads = Enumerable.Range(0, busy).Select(_ => new Thread(() => Spin(ref stopping)) { IsBackground = true }).ToList();
        busyThreads.ForEach(t => t.Start());
        try
        {
            using var go = new Barrier(Writers + 1);
            var workers = connections.Select((connection, t) => new Thread(() =>
            {
                using DbCommand insert = connection.CreateCommand();
                insert.CommandText = "INSERT INTO users (id, name, email, age, score) VALUES (@id, @name, @email, @age, @score)";
                DbParameter id = DbCommands.Parameter(insert, "@id"), name = DbCommands.Parameter(insert, "@name"),
                    email = DbCommands.Parameter(insert, "@email"), age = DbCommands.Parameter(insert, "@age"), score = DbCommands.Parameter(insert, "@score");
                long[] histogram = histograms[t];
                go.SignalAndWait();
                for (long i = 0; ; i++)
                {
                    long start = Stopwatch.GetTimestamp();
                    bool checkpointAtStart = checkpointRunning();
                    if (start >= Volatile.Read(ref stopAt))
                    {
                        return;
                    }

                    // Ids interleave across writers, so every writer's rows land in the same growing table.
                    long key = (i * Writers) + t + 1;
                    id.Value = key;
                    name.Value = "User " + key.ToString("D8", CultureInfo.InvariantCulture) + " Name";
                    email.Value = "user" + ((key * 7919) % 10_000_019).ToString(CultureInfo.InvariantCulture) + "@example.com";
                    age.Value = (int)(18 + (key % 60));
                    score.Value = key * 0.25;
                    insert.ExecuteNonQuery();
                    long end = Stopwatch.GetTimestamp();
                    if (start >= Volatile.Read(ref recordFrom))
                    {
                        long us = (long)Stopwatch.GetElapsedTime(start, end).TotalMicroseconds;
                        histogram[Math.Min(us / BucketMicroseconds, Buckets - 1)]++;
                        maxima[t] = Math.Max(maxima[t], us);
                        commits[t]++;
                        if (checkpointAtStart || checkpointRunning())
                        {
                            inCheckpoint[t]++;
                            slowInCheckpoint[t] += us >= SlowMicroseconds ? 1 : 0;
                        }
                    }
                }
            })).ToList();
            workers.ForEach(w => w.Start());
            go.SignalAndWait();
            Thread.Sleep(WarmUp);
            var process = Process.GetCurrentProcess();
            process.Refresh();
            TimeSpan cpuBefore = process.TotalProcessorTime;
            long checkpointsBefore = Checkpoints(connections[0]);
            long poolMissesBefore = PoolMisses(connections[0]);
            TimeSpan pauseBefore = GC.GetTotalPauseDuration();
            int gen2Before = GC.CollectionCount(2);
            long measuredFrom = Stopwatch.GetTimestamp();
            Volatile.Write(ref recordFrom, measuredFrom);
            Volatile.Write(ref stopAt, measuredFrom + (long)(duration.TotalSeconds * Stopwatch.Frequency));
            workers.ForEach(w => w.Join());
            double seconds = Stopwatch.GetElapsedTime(measuredFrom).TotalSeconds;
            process.Refresh();
            double cpuUs = (process.TotalProcessorTime - cpuBefore).TotalMicroseconds;
            long checkpoints = checkpointsBefore < 0 ? -1 : Checkpoints(connections[0]) - checkpointsBefore;
            long rows = CountRows(connections[0]);
            long[] merged = new long[Buckets];
            foreach (long[] histogram in histograms)
            {
                for (int b = 0; b < Buckets; b++)
                {
                    merged[b] += histogram[b];
                }
            }

            return new Result(merged, commits.Sum(), seconds, cpuUs, maxima.Max(), checkpoints, slowInCheckpoint.Sum(), inCheckpoint.Sum(), rows,
                GC.GetTotalPauseDuration() - pauseBefore, GC.CollectionCount(2) - gen2Before, PoolMisses(connections[0]) - poolMissesBefore);
        }
        finally
        {
            Volatile.Write(ref stopping, true);
            busyThreads.ForEach(t => t.Join());
            connections.ForEach(c => c.Dispose());
            SqliteConnection.ClearAllPools();
        }
    }

    private static void Report(string contender, Result result)
    {
        Console.WriteLine(
            $"  {contender,-16} {result.Commits / result.Seconds,8:0} commits/s   p50 {Percentile(result, 0.50),7:0} us   p99 {Percentile(result, 0.99),7:0} us   " +
            $"p999 {Percentile(result, 0.999),7:0} us   max {result.MaxUs / 1000.0,7:0.0} ms   >10 ms {Slower(result, SlowMicroseconds),6}" +
            (result.Checkpoints >= 0 ? $" ({result.SlowInCheckpoint} beside a checkpoint)" : "") +
            $"   CPU {result.CpuUs / result.Commits,6:0.0} us/commit   GC pauses {result.GcPause.TotalMilliseconds:0} ms ({result.Gen2} gen2)   rows {result.Rows}" +
            (result.Checkpoints >= 0 ? $"   checkpoints {result.Checkpoints} ({100.0 * result.InCheckpoint / result.Commits:0}% of commits beside one)" : "") +
            (result.Checkpoints >= 0 ? $"   page images allocated {(double)result.PoolMisses / result.Commits:0.00}/commit" : ""));
    }

    // The upper edge of the bucket holding the given fraction of commits.
    private static long Percentile(Result result, double fraction)
    {
        long target = (long)Math.Ceiling(result.Commits * fraction), seen = 0;
        for (int b = 0; b < Buckets; b++)
        {
            seen += result.Histogram[b];
            if (seen >= target)
            {
                return (b + 1L) * BucketMicroseconds;
            }
        }

        return result.MaxUs;
    }

    private static long Slower(Result result, long microseconds)
    {
        long count = 0;
        for (long b = microseconds / BucketMicroseconds; b < Buckets; b++)
        {
            count += result.Histogram[b];
        }

        return count;
    }

    private static long CountRows(DbConnection connection)
    {
        using DbCommand count = connection.CreateCommand();
        count.CommandText = "SELECT COUNT(*) FROM users";
        return Convert.ToInt64(count.ExecuteScalar(), CultureInfo.InvariantCulture);
    }

    private static long Checkpoints(DbConnection connection) =>
        connection is SharpCoreDBConnection scdb ? scdb.GetStatistics().Checkpoints : -1;

    // Page copies the image pool could not serve: each one a page-sized array for the garbage collector.
    private static long PoolMisses(DbConnection connection) =>
        connection is SharpCoreDBConnection scdb ? scdb.Session.Database.Storage.Cache.Images.Missed : 0;

    // Pure computation until told to stop: a core taken from the writers and the log's flush.
    private static void Spin(ref bool stopping)
    {
        ulong x = 88172645463325252UL;
        while (!Volatile.Read(ref stopping))
        {
            for (int i = 0; i < 10_000; i++)
            {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
            }
        }

        GC.KeepAlive(x);
    }

}
