// The log's commit-path fsyncs that took 2 ms or longer, the newest 4,096, each stamped
// with the wall clock when it ended. A durable commit waits for its group's fsync, so a
// commit that took long waited either on a slow device or on something else (the
// engine, the garbage collector); the sustained-load probe asks this record which. The
// stamp is the wall clock because the runtime stamps its garbage-collection events
// with it, and the probe lines both up against its slow commits. Only a slow fsync is
// written down: a usual one costs two timestamp reads.
using System.Diagnostics;

namespace SharpCoreDB.Wal.Segments;

/// <summary>A bounded record of the log's slow fsyncs, newest kept.</summary>
internal sealed class SlowSyncRecord
{
    /// <summary>An fsync at least this long is written down.</summary>
    public static readonly TimeSpan Threshold = TimeSpan.FromMilliseconds(2);

    private const int Capacity = 4096;
    private readonly WalSlowSync[] _syncs = new WalSlowSync[Capacity];
    private readonly Lock _lock = new();
    private long _count;

    /// <summary>Writes the fsync begun at <paramref name="startTimestamp"/> (a Stopwatch timestamp) down if it was slow.</summary>
    public void Ended(long startTimestamp)
    {
        TimeSpan duration = Stopwatch.GetElapsedTime(startTimestamp);
        if (duration < Threshold)
        {
            return;
        }

        long endUtcTicks = DateTime.UtcNow.Ticks;
        lock (_lock)
        {
            _syncs[_count++ % Capacity] = new WalSlowSync(endUtcTicks, duration);
        }
    }

    /// <summary>The slow fsyncs kept, oldest first.</summary>
    public WalSlowSync[] Snapshot()
    {
        lock (_lock)
        {
            int kept = (int)Math.Min(_count, Capacity);
            var result = new WalSlowSync[kept];
            for (int i = 0; i < kept; i++)
            {
                result[i] = _syncs[(_count - kept + i) % Capacity];
            }

            return result;
        }
    }
}
