// Records when the runtime stopped every managed thread for a garbage collection, so the
// sustained-load probe can say which slow commits a collection explains. A pause is the
// span from the runtime's "suspend execution engine" event to its "restart finished"
// event; the collection's generation comes from the GCStart event between them, the time
// the runtime took to bring every thread to a stop from its "suspend finished" event, and
// the bytes the collection promoted out of gen0 and gen1 from its heap statistics. The
// events come from the runtime's own in-process event source, stamped with the wall
// clock (DateTime UTC), so slow commits are stamped with the same clock
// (StallAttribution lines them up).
using System.Diagnostics.Tracing;

namespace SharpCoreDB.Benchmarks.Suites;

internal sealed class GcPauseTimeline : EventListener
{
    /// <summary>
    /// One stop of the world: when it began and ended (UTC ticks), the deepest generation collected in it (-1: none), how
    /// long stopping the threads took (ticks), and the bytes promoted out of gen0 and out of gen1 (-1: not reported).
    /// </summary>
    internal readonly record struct Pause(long StartTicks, long EndTicks, int Generation, long SuspendingTicks, long PromotedFromGen0, long PromotedFromGen1);

    private const string RuntimeSource = "Microsoft-Windows-DotNETRuntime";
    private const EventKeywords GcKeyword = (EventKeywords)0x1;
    private const int GcStartEventId = 1;
    private const int RestartEndEventId = 3;
    private const int HeapStatsEventId = 4;
    private const int SuspendEndEventId = 8;
    private const int SuspendBeginEventId = 9;

    private readonly List<Pause> _pauses = [];
    private readonly Lock _gate = new();
    private long _suspendedAt = -1;
    private int _generation = -1;
    private long _suspendingTicks;
    private long _promotedFromGen0 = -1;
    private long _promotedFromGen1 = -1;

    protected override void OnEventSourceCreated(EventSource eventSource)
    {
        if (eventSource.Name == RuntimeSource)
        {
            EnableEvents(eventSource, EventLevel.Informational, GcKeyword);
        }
    }

    protected override void OnEventWritten(EventWrittenEventArgs eventData)
    {
        lock (_gate)
        {
            switch (eventData.EventId)
            {
                case SuspendBeginEventId:
                    _suspendedAt = eventData.TimeStamp.ToUniversalTime().Ticks;
                    _generation = -1;
                    _suspendingTicks = 0;
                    _promotedFromGen0 = _promotedFromGen1 = -1;
                    break;
                case SuspendEndEventId when _suspendedAt >= 0:
                    _suspendingTicks = eventData.TimeStamp.ToUniversalTime().Ticks - _suspendedAt;
                    break;
                case GcStartEventId when eventData.Payload is { Count: > 1 } payload:
                    _generation = Math.Max(_generation, Convert.ToInt32(payload[1], System.Globalization.CultureInfo.InvariantCulture));
                    break;
                // GCHeapStats: GenerationSize0, TotalPromotedSize0, GenerationSize1, TotalPromotedSize1, ...
                case HeapStatsEventId when eventData.Payload is { Count: > 3 } payload:
                    _promotedFromGen0 = Convert.ToInt64(payload[1], System.Globalization.CultureInfo.InvariantCulture);
                    _promotedFromGen1 = Convert.ToInt64(payload[3], System.Globalization.CultureInfo.InvariantCulture);
                    break;
                case RestartEndEventId when _suspendedAt >= 0:
                    _pauses.Add(new Pause(
                        _suspendedAt, eventData.TimeStamp.ToUniversalTime().Ticks, _generation, _suspendingTicks, _promotedFromGen0, _promotedFromGen1));
                    _suspendedAt = -1;
                    break;
            }
        }
    }

    /// <summary>The pauses recorded so far, in order. Events arrive a little after they happen, so wait a moment before the last read.</summary>
    public Pause[] Pauses()
    {
        lock (_gate)
        {
            return [.. _pauses];
        }
    }
}
