// The single background thread of the group-commit log. Each round it seals the
// current buffer (so that everything appended so far joins the group), writes every
// sealed buffer with one write call each (one in the steady state), makes them durable
// with one fsync, and then advances the durable LSN, which releases every waiter the
// group covered. In FullSync it starts the next round as soon as anything is pending;
// in Async it sleeps up to FlushInterval between rounds unless a buffer fills or a
// Flush asks. A write or fsync failure ends the thread and stops the log for good.
//
// Placement: before its first round the worker moves itself to the CPU that takes the
// disk's completion interrupts, if the file system names one (WalOptions.PinFlushWorker).
// The fsync then ends on the CPU where the worker sleeps, with no inter-processor wake-up;
// on a 2-vCPU VM with a single-queue disk that was worth 0.76 -> 1.08 of the
// fsync-per-record baseline's single-thread throughput (docs/benchmarks.md).
//
// Gathering: when a group completes, the committers it released usually append again
// at once, but on a busy machine they need a moment to be scheduled. Sealing the next
// group the instant the fsync returns would then catch only a few of them and make the
// rest wait a whole extra fsync. So the worker expects as many records as the last
// group released plus those already pending, and waits for them for at most a quarter
// of the last round's duration, capped at 250 µs; whoever has not appended by then goes
// in the following group. It waits with SpinWait, which alternates short busy spins
// (so that it notices the last expected record within about a microsecond when a core
// is free) with yields (so that, with more committers than cores, they get the CPU they
// need to append).
using System.Diagnostics;

namespace SharpCoreDB.Wal.GroupCommit;

/// <summary>Writes and fsyncs groups of buffered records.</summary>
internal sealed class WalFlushWorker
{
    // After a round, a FullSync worker watches for new work this long before sleeping:
    // a committer's next record usually follows within microseconds.
    private static readonly long IdleSpinBudget = Stopwatch.Frequency / 20_000;
    private static readonly long MaxGatherTicks = Stopwatch.Frequency / 4_000;

    private readonly WalBufferChain _buffers;
    private readonly Segments.WalSegmentChain _segments;
    private readonly CommitWaiters _waiters;
    private readonly bool _fullSync;
    private readonly TimeSpan _flushInterval;
    private readonly ManualResetEventSlim _wake = new(false, spinCount: 1);
    private readonly Thread _thread;
    private readonly Func<int>? _findCpu;
    private volatile int _pinnedCpu = -1;
    private int _idle;
    private int _flushRequested;
    private volatile bool _stopping;
    private long _bytesAppended;
    private int _expectedGroupSize;
    private long _lastRoundTicks;

    // findCpu: where to pin the worker (-1: nowhere); null to not ask.
    public WalFlushWorker(WalBufferChain buffers, Segments.WalSegmentChain segments, CommitWaiters waiters, WalDurability durability, TimeSpan flushInterval, Func<int>? findCpu)
    {
        _buffers = buffers;
        _segments = segments;
        _waiters = waiters;
        _fullSync = durability == WalDurability.FullSync;
        _flushInterval = flushInterval;
        _findCpu = findCpu;
        _thread = new Thread(Run) { IsBackground = true, Name = "SharpCoreDB WAL flush" };
    }

    /// <summary>Payload bytes of the records written so far.</summary>
    public long BytesAppended => Interlocked.Read(ref _bytesAppended);

    /// <summary>The CPU the worker pinned itself to, or -1 if it runs wherever the scheduler puts it.</summary>
    public int PinnedCpu => _pinnedCpu;

    /// <summary>
    /// True while the worker sleeps with no flush requested: nothing appended since will be written until a
    /// buffer fills, the interval passes (Async) or someone wakes it. For tests that must know which round
    /// writes a record.
    /// </summary>
    internal bool IsIdle => Volatile.Read(ref _idle) == 1 && Volatile.Read(ref _flushRequested) == 0;

    /// <summary>True if the worker stopped because the final flush at Dispose failed.</summary>
    public bool FailedWhileStopping { get; private set; }

    public void Start() => _thread.Start();

    /// <summary>Wakes the worker if it sleeps; cheap when it is busy.</summary>
    public void Wake()
    {
        if (Volatile.Read(ref _idle) == 1 && Interlocked.Exchange(ref _idle, 0) == 1)
        {
            _wake.Set();
        }
    }

    /// <summary>Asks for a round now, whatever the mode.</summary>
    public void RequestFlush()
    {
        Volatile.Write(ref _flushRequested, 1);
        _wake.Set();
    }

    /// <summary>Flushes everything appended, stops the thread and waits for it.</summary>
    public void Stop()
    {
        _stopping = true;
        _wake.Set();
        if (_thread.IsAlive)
        {
            _thread.Join();
        }

        _wake.Dispose();
    }

    private void Run()
    {
        try
        {
            if (_findCpu is not null && _findCpu() is int cpu and >= 0 && Placement.CurrentThreadAffinity.TryPin(cpu))
            {
                _pinnedCpu = cpu;
            }

            while (!_stopping)
            {
                Volatile.Write(ref _flushRequested, 0);
                bool wrote = FlushRound(closing: false);
                if (!(wrote && _fullSync))
                {
                    IdleWait();
                }
            }

            FlushRound(closing: true);
        }
        catch (Exception exception)
        {
            FailedWhileStopping = _stopping;
            _waiters.Fail(exception);
        }
        finally
        {
            _buffers.MarkWorkerStopped();
        }
    }

    // One group: seal, write, fsync, advance. False if there was nothing to write.
    private bool FlushRound(bool closing)
    {
        if (closing)
        {
            var spinner = default(SpinWait);
            while (!_buffers.TrySealCurrent(closing: true))
            {
                spinner.SpinOnce();
            }
        }
        else
        {
            GatherGroup();
            _buffers.TrySealCurrent(closing: false);
        }

        long roundStart = Stopwatch.GetTimestamp();
        long durableBefore = _waiters.DurableLsn;

        var buffer = _buffers.Oldest;
        long lastLsn = -1;
        while (buffer is not null && Volatile.Read(ref buffer.Sealed) == 1)
        {
            var spinner = default(SpinWait);
            while (Volatile.Read(ref buffer.Filled) < buffer.SealedLength)
            {
                // An appender preempted in the middle of its copy: never sleep a whole millisecond for it.
                spinner.SpinOnce(sleep1Threshold: -1);
            }

            if (buffer.SealedCount > 0)
            {
                _segments.Write(buffer.Data.AsSpan(0, buffer.SealedLength), buffer.SealedLastLsn);
                Interlocked.Add(ref _bytesAppended, buffer.SealedLength - ((long)buffer.SealedCount * Format.WalFrame.HeaderSize));
                lastLsn = buffer.SealedLastLsn;
            }

            var next = buffer.Next;
            _buffers.Recycle(buffer);
            buffer = next;
            if (buffer is not null)
            {
                _buffers.Oldest = buffer;
            }
        }

        if (lastLsn < 0)
        {
            return false;
        }

        _segments.Sync();
        _waiters.Advance(lastLsn);
        _lastRoundTicks = Stopwatch.GetTimestamp() - roundStart;
        _expectedGroupSize = (int)Math.Min(1 << 16, lastLsn - durableBefore + _buffers.CurrentRecordCount);
        return true;
    }

    // Waits (briefly, yielding) until the records the last group's committers are about to
    // append have arrived; see the comment at the top.
    private void GatherGroup()
    {
        if (!_fullSync || _buffers.CurrentRecordCount >= _expectedGroupSize)
        {
            return;
        }

        long deadline = Stopwatch.GetTimestamp() + Math.Min(MaxGatherTicks, _lastRoundTicks / 4);
        int seen = _buffers.CurrentRecordCount;
        var spinner = default(SpinWait);
        while (seen < _expectedGroupSize && !_stopping && Stopwatch.GetTimestamp() < deadline)
        {
            spinner.SpinOnce(sleep1Threshold: -1);
            seen = _buffers.CurrentRecordCount;
        }

        _expectedGroupSize = seen;
    }

    private bool HasWork() =>
        Volatile.Read(ref _buffers.Oldest.Sealed) == 1 ||
        Volatile.Read(ref _flushRequested) == 1 ||
        _stopping ||
        (_fullSync && _buffers.CurrentHasRecords);

    private void IdleWait()
    {
        if (_fullSync)
        {
            long deadline = Stopwatch.GetTimestamp() + IdleSpinBudget;
            var spinner = default(SpinWait);
            while (Stopwatch.GetTimestamp() < deadline)
            {
                if (HasWork())
                {
                    return;
                }

                spinner.SpinOnce(sleep1Threshold: -1);
            }
        }

        _wake.Reset();
        Interlocked.Exchange(ref _idle, 1);
        if (!HasWork())
        {
            _wake.Wait(_fullSync ? Timeout.InfiniteTimeSpan : _flushInterval);
        }

        Volatile.Write(ref _idle, 0);
    }
}
