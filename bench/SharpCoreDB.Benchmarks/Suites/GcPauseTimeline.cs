// Records when the runtime stopped every managed thread for a garbage collection, so the
// sustained-load probe can say which slow commits a collection explains. A pause is the
// span from the runtime's "suspend execution engine" event to its "restart finished"
// event; the collection's generation comes from the GCStart event between them. The
// events come from the runtime's own in-process event source, stamped with the wall
// clock (DateTime UTC), so slow commits are stamped with the same clock
// (StallAttribution lines them up).
using System.Diagnostics.Tracing;

namespace SharpCoreDB.Benchmarks.Suites;

internal sealed class GcPauseTimeline : EventListener
{
    /// <summary>One stop of the world: when it began and ended (UTC ticks) and the deepest generation collected in it (-1: none).</summary>
    internal readonly record struct Pause(long StartTicks, long EndTicks, int Generation);

    private const string RuntimeSource = "Microsoft-Windows-DotNETRuntime";
    private const EventKeywords GcKeyword = (EventKeywords)0x1;
    private const int GcStartEventId = 1;
    private const int RestartEndEventId = 3;
    private const int SuspendBeginEventId = 9;

    private readonly List<Pause> _pauses = [];
    private readonly Lock _gate = new();
    private long _suspendedAt = -1;
    private int _generation = -1;

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
                    break;
                case GcStartEventId when eventData.Payload is { Count: > 1 } payload:
                    _generation = Math.Max(_generation, Convert.ToInt32(payload[1], System.Globalization.CultureInfo.InvariantCulture));
                    break;
                case RestartEndEventId when _suspendedAt >= 0:
                    _pauses.Add(new Pause(_suspendedAt, eventData.TimeStamp.ToUniversalTime().Ticks, _generation));
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
