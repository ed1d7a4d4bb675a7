// A by-hand probe of commit latency under sustained load, as a service meets it: 16
// writers autocommitting single-row INSERTs (FullSync; SQLite WAL with
// synchronous=FULL) into a growing table with a secondary index, for minutes, so
// checkpoints run many times in the middle of the load. Each contender runs alone
// in turn; every commit's latency goes into a histogram of 10 µs buckets, and the
// probe reports p50/p99/p999/max, commits per second, process CPU per commit and
// how many commits took longer than 10 ms and, for SharpCoreDB, how many of those
// overlapped a checkpoint, with p99/p999/max of the commits beside a checkpoint and
// of those away from one (a checkpoint that stalls commits shows in the difference).
// It also records the runtime's garbage-collection pauses and the log's slow fsyncs,
// and counts the slow commits that stay slow once the time inside them that either
// covered is taken away (StallAttribution): those waited on the engine itself.
// With a busy-thread count, that many threads spin on pure computation beside the
// writers for the whole run: commit throughput under CPU contention, both contenders
// under the same load.
//   dotnet run -c Release --project bench/SharpCoreDB.Benchmarks -- --sustained [seconds per contender] [busy threads] [contenders]
// (contenders: a comma-separated subset of SQLite-WAL-FULL and SCDB-Full-GC; both by default).
using System.Data.Common;
using System.Diagnostics;
using System.Globalization;
using Microsoft.Data.Sqlite;
using SharpCoreDB.Benchmarks.Suites.Contenders;
using SharpCoreDB.Data;
using SharpCoreDB.Wal;
using static SharpCoreDB.Benchmarks.Suites.StallAttribution;

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

    private sealed record Result(long[] Histogram, long Commits, double Seconds, double CpuUs, long MaxUs, long Checkpoints, long SlowInCheckpoint, long InCheckpoint, long Rows, TimeSpan GcPause, int Gen2, long PoolMisses, long LogFsyncs)
    {
        /// <summary>The commits that ran beside a checkpoint (Beside) and away from one (Away).</summary>
        public required Latencies Beside { get; init; }

        public required Latencies Away { get; init; }

        public required SlowCommit[] SlowCommits { get; init; }

        public required GcPauseTimeline.Pause[] Pauses { get; init; }

        public required WalSlowSync[] SlowSyncs { get; init; }

        public Latencies All => new(Histogram, Commits, MaxUs);
    }

    // A histogram of commit latencies in BucketMicroseconds buckets, its count and maximum.
    private sealed record Latencies(long[] Histogram, long Commits, long MaxUs);

    private static Result Measure(string contender, string directory, TimeSpan duration, int busy)
    {
        Directory.CreateDirectory(directory);
        using (DbConnection setup = CommitCpuProbe.OpenDurable(contender, directory))
        {
            DbCommands.Execute(setup, "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL, age INT NOT NULL, score REAL NOT NULL)");
            DbCommands.Execute(setup, "CREATE INDEX ix_users_email ON users (email)");
        }

        var connections = Enumerable.Range(0, Writers).Select(_ => CommitCpuProbe.OpenDurable(contender, directory)).ToList();
        // Per writer: [0] away from a checkpoint, [1] beside one.
        var histograms = Enumerable.Range(0, Writers).Select(_ => new[] { new long[Buckets], new long[Buckets] }).ToArray();
        var maxima = Enumerable.Range(0, Writers).Select(_ => new long[2]).ToArray();
        var slowInCheckpoint = new long[Writers];
        var slowCommits = Enumerable.Range(0, Writers).Select(_ => new List<SlowCommit>()).ToArray();
        using var gcPauses = new GcPauseTimeline();
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
                long[][] histogram = histograms[t];
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
                        bool besideCheckpoint = checkpointAtStart || checkpointRunning();
                        int side = besideCheckpoint ? 1 : 0;
                        histogram[side][Math.Min(us / BucketMicroseconds, Buckets - 1)]++;
                        maxima[t][side] = Math.Max(maxima[t][side], us);
                        if (us >= SlowMicroseconds)
                        {
                            slowInCheckpoint[t] += side;
                            slowCommits[t].Add(new SlowCommit(DateTime.UtcNow.Ticks, us, besideCheckpoint));
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
            long logFsyncsBefore = LogFsyncs(connections[0]);
            TimeSpan pauseBefore = GC.GetTotalPauseDuration();
            int gen2Before = GC.CollectionCount(2);
            long measuredFromTicks = DateTime.UtcNow.Ticks;
            long measuredFrom = Stopwatch.GetTimestamp();
            Volatile.Write(ref recordFrom, measuredFrom);
            Volatile.Write(ref stopAt, measuredFrom + (long)(duration.TotalSeconds * Stopwatch.Frequency));
            // The log keeps only its newest slow fsyncs, so they are gathered as the run goes.
            var slowSyncs = new HashSet<WalSlowSync>();
            foreach (Thread worker in workers)
            {
                while (!worker.Join(TimeSpan.FromSeconds(2)))
                {
                    slowSyncs.UnionWith(SlowSyncs(connections[0]));
                }
            }

            slowSyncs.UnionWith(SlowSyncs(connections[0]));
            double seconds = Stopwatch.GetElapsedTime(measuredFrom).TotalSeconds;
            long measuredToTicks = DateTime.UtcNow.Ticks;
            process.Refresh();
            double cpuUs = (process.TotalProcessorTime - cpuBefore).TotalMicroseconds;
            long checkpoints = checkpointsBefore < 0 ? -1 : Checkpoints(connections[0]) - checkpointsBefore;
            long rows = CountRows(connections[0]);
            TimeSpan gcPause = GC.GetTotalPauseDuration() - pauseBefore;
            int gen2 = GC.CollectionCount(2) - gen2Before;
            Latencies away = Merge(histograms, maxima, side: 0), beside = Merge(histograms, maxima, side: 1);
            Latencies all = Merge([away.Histogram, beside.Histogram]) with { MaxUs = Math.Max(away.MaxUs, beside.MaxUs) };
            Thread.Sleep(TimeSpan.FromSeconds(1)); // the runtime's events reach the listener a little after they happen
            bool InRun(long startTicks, long endTicks) => endTicks >= measuredFromTicks && startTicks <= measuredToTicks;
            return new Result(all.Histogram, all.Commits, seconds, cpuUs, all.MaxUs, checkpoints, slowInCheckpoint.Sum(), beside.Commits, rows,
                gcPause, gen2, PoolMisses(connections[0]) - poolMissesBefore, LogFsyncs(connections[0]) - logFsyncsBefore)
            {
                Away = away,
                Beside = beside,
                SlowCommits = [.. slowCommits.SelectMany(list => list)],
                Pauses = [.. gcPauses.Pauses().Where(p => InRun(p.StartTicks, p.EndTicks))],
                SlowSyncs = [.. slowSyncs.Where(s => InRun(s.EndUtcTicks - s.Duration.Ticks, s.EndUtcTicks)).OrderBy(s => s.EndUtcTicks)],
            };
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
            $"  {contender,-16} {result.Commits / result.Seconds,8:0} commits/s   p50 {Percentile(result.All, 0.50),7:0} us   p99 {Percentile(result.All, 0.99),7:0} us   " +
            $"p999 {Percentile(result.All, 0.999),7:0} us   max {result.MaxUs / 1000.0,7:0.0} ms   >10 ms {Slower(result.All, SlowMicroseconds),6}" +
            (result.Checkpoints >= 0 ? $" ({result.SlowInCheckpoint} beside a checkpoint)" : "") +
            $"   CPU {result.CpuUs / result.Commits,6:0.0} us/commit   GC pauses {result.GcPause.TotalMilliseconds:0} ms ({result.Gen2} gen2)   rows {result.Rows}" +
            (result.Checkpoints >= 0 ? $"   checkpoints {result.Checkpoints} ({100.0 * result.InCheckpoint / result.Commits:0}% of commits beside one)" : "") +
            (result.Checkpoints >= 0 ? $"   page images allocated {(double)result.PoolMisses / result.Commits:0.00}/commit" : "") +
            (result.LogFsyncs > 0 ? $"   commits per log fsync {(double)result.Commits / result.LogFsyncs:0.0}" : ""));
        if (result.Checkpoints >= 0)
        {
            Console.WriteLine($"  {"",-16} beside a checkpoint: {Describe(result.Beside)}   away from one: {Describe(result.Away)}");
        }

        var pausesByGeneration = result.Pauses.GroupBy(p => p.Generation).OrderBy(g => g.Key).Select(g =>
            $"{(g.Key < 0 ? "no GC" : $"gen{g.Key}")} {g.Count()} ({Spread(g.Select(p => TimeSpan.FromTicks(p.EndTicks - p.StartTicks)))}; " +
            $"stopping the threads {Spread(g.Select(p => TimeSpan.FromTicks(p.SuspendingTicks)))}; promoted median " +
            $"{Median(g.Select(p => p.PromotedFromGen0)) / 1e6:0.00} MB from gen0, {Median(g.Select(p => p.PromotedFromGen1)) / 1e6:0.00} MB from gen1)");
        Stall[] stalls = Stalls(result.Pauses, result.SlowSyncs.Select(s => (s.EndUtcTicks, s.Duration)));
        long[] leftUs = [.. result.SlowCommits.Select(c => Unexplained(c, stalls))];
        long left = leftUs.Count(us => us >= SlowMicroseconds);
        long leftBeside = result.SlowCommits.Where((c, i) => c.BesideCheckpoint && leftUs[i] >= SlowMicroseconds).LongCount();
        Console.WriteLine(
            $"  {"",-16} GC pauses: {string.Join(", ", pausesByGeneration)}   log fsyncs over 2 ms: {result.SlowSyncs.Length}" +
            (result.SlowSyncs.Length > 0 ? $" ({Spread(result.SlowSyncs.Select(s => s.Duration))})" : "") +
            $"   commits over 10 ms with those taken away: {left}" + (result.Checkpoints >= 0 ? $" ({leftBeside} beside a checkpoint)" : "") +
            $", the longest left {(leftUs.Length == 0 ? 0 : leftUs.Max()) / 1000.0:0.0} ms");
    }

    private static string Describe(Latencies latencies) => latencies.Commits == 0 ? "no commits" :
        $"{latencies.Commits} commits, p99 {Percentile(latencies, 0.99)} us, p999 {Percentile(latencies, 0.999)} us, max {latencies.MaxUs / 1000.0:0.0} ms";

    private static string Spread(IEnumerable<TimeSpan> durations)
    {
        double[] ms = [.. durations.Select(d => d.TotalMilliseconds).Order()];
        return $"median {ms[ms.Length / 2]:0.0}, max {ms[^1]:0.0} ms";
    }

    private static long Median(IEnumerable<long> values)
    {
        long[] sorted = [.. values.Order()];
        return sorted[sorted.Length / 2];
    }

    // One side's histograms merged (the commit count is the histogram's sum), with that side's longest commit.
    private static Latencies Merge(long[][][] histograms, long[][] maxima, int side) =>
        Merge([.. histograms.Select(h => h[side])]) with { MaxUs = maxima.Max(m => m[side]) };

    private static Latencies Merge(long[][] histograms)
    {
        long[] merged = new long[Buckets];
        foreach (long[] histogram in histograms)
        {
            for (int b = 0; b < Buckets; b++)
            {
                merged[b] += histogram[b];
            }
        }

        return new Latencies(merged, merged.Sum(), MaxUs: 0);
    }

    // The upper edge of the bucket holding the given fraction of commits.
    private static long Percentile(Latencies result, double fraction)
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

    private static long Slower(Latencies result, long microseconds)
    {
        long count = 0;
        for (long b = microseconds / BucketMicroseconds; b < Buckets; b++)
        {
            count += result.Histogram[b];
        }

        return count;
    }

    // The log's fsyncs that took long (none for SQLite: its syncs are not seen from here).
    private static WalSlowSync[] SlowSyncs(DbConnection connection) =>
        connection is SharpCoreDBConnection scdb ? scdb.Session.Database.Storage.Log?.SlowSyncs() ?? [] : [];

    private static long CountRows(DbConnection connection)
    {
        using DbCommand count = connection.CreateCommand();
        count.CommandText = "SELECT COUNT(*) FROM users";
        return Convert.ToInt64(count.ExecuteScalar(), CultureInfo.InvariantCulture);
    }

    private static long Checkpoints(DbConnection connection) =>
        connection is SharpCoreDBConnection scdb ? scdb.GetStatistics().Checkpoints : -1;

    // The log's fsyncs (group commit: each one makes every commit queued behind it durable).
    private static long LogFsyncs(DbConnection connection) =>
        connection is SharpCoreDBConnection scdb ? scdb.Session.Database.Storage.Log?.Statistics.Fsyncs ?? 0 : 0;

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
