// Says what a slow commit of the sustained-load probe waited on. Two stalls are not the
// engine's: the runtime stopping every thread for a garbage collection
// (GcPauseTimeline) and the device taking long over the log's fsync (the log's
// SlowSyncs). Each slow commit is charged with the time inside it that either covered
// (their union, so a pause during a slow fsync counts once); what stays over the
// threshold once that is taken away waited on something else: the engine's locks, a
// checkpoint, the CPU. All spans are in UTC ticks, the clock the runtime stamps its
// events with.
namespace SharpCoreDB.Benchmarks.Suites;

internal static class StallAttribution
{
    /// <summary>A commit over the probe's threshold: when it ended (UTC ticks), how long it took, and whether a checkpoint ran beside it.</summary>
    internal readonly record struct SlowCommit(long EndTicks, long Microseconds, bool BesideCheckpoint)
    {
        public long StartTicks => EndTicks - (Microseconds * TimeSpan.TicksPerMicrosecond);
    }

    /// <summary>A span during which commits could not finish for a reason outside the engine.</summary>
    internal readonly record struct Stall(long StartTicks, long EndTicks);

    /// <summary>The GC pauses and slow log fsyncs as one list ordered by start.</summary>
    public static Stall[] Stalls(IEnumerable<GcPauseTimeline.Pause> pauses, IEnumerable<(long EndTicks, TimeSpan Duration)> slowSyncs) =>
        [.. pauses.Select(p => new Stall(p.StartTicks, p.EndTicks))
            .Concat(slowSyncs.Select(s => new Stall(s.EndTicks - s.Duration.Ticks, s.EndTicks)))
            .OrderBy(s => s.StartTicks)];

    /// <summary>How much of the commit's time no stall covered, in microseconds.</summary>
    public static long Unexplained(SlowCommit commit, Stall[] stalls)
    {
        long start = commit.StartTicks, end = commit.EndTicks, covered = 0, coveredUpTo = start;
        foreach (Stall stall in stalls)
        {
            if (stall.StartTicks > end)
            {
                break;
            }

            long from = Math.Max(stall.StartTicks, coveredUpTo), to = Math.Min(stall.EndTicks, end);
            if (to > from)
            {
                covered += to - from;
                coveredUpTo = to;
            }
        }

        return commit.Microseconds - (covered / TimeSpan.TicksPerMicrosecond);
    }
}
