// The background thread of the group-commit log, for the work no blocked caller does:
// - awaiting callers (AppendAsync, WaitForCommitAsync in FullSync), who must not do
//   blocking I/O on their own thread: the worker runs their rounds;
// - Async durability, where nobody waits: the worker writes and fsyncs whatever is
//   buffered every FlushInterval, and at once when a buffer fills;
// - back-pressure in FullSync when many buffers were filled and nobody waits for them.
// It runs rounds the way a committer does, through the flush lead (CommitWaiters): if a
// committer is leading a round, the worker follows it, and may be handed the lead next.
// The thread starts the first time something needs it, so a log used only by blocking
// FullSync callers (who lead their own rounds) never has one. A failed round ends it.
//
// Placement (WalOptions.PinFlushWorker, off by default): before its first round the
// worker may move itself to the CPU that takes the disk's completion interrupts, if the
// file system names one, so that an fsync it sleeps in ends where it runs, without an
// inter-processor wake-up. Committers leading their own rounds are never pinned.
using SharpCoreDB.Wal.Placement;

namespace SharpCoreDB.Wal.GroupCommit;

/// <summary>Runs flush rounds for awaiting callers and Async mode, on a thread started on demand.</summary>
internal sealed class WalFlushWorker
{
    private readonly WalBufferChain _buffers;
    private readonly WalGroupWriter _writer;
    private readonly CommitWaiters _waiters;
    private readonly bool _fullSync;
    private readonly TimeSpan _flushInterval;
    private readonly Func<int>? _findCpu;
    private readonly Lock _startLock = new();

    // Never disposed: a late Wake after Stop may still Set it, and without a WaitHandle it holds no kernel object.
    private readonly ManualResetEventSlim _wake = new(initialState: false, spinCount: 1);
    private Thread? _thread;
    private volatile int _pinnedCpu = -1;
    private int _idle;
    private int _flushRequested;
    private volatile bool _stopping;

    // findCpu: where to pin the worker (-1: nowhere); null to not ask.
    public WalFlushWorker(WalBufferChain buffers, WalGroupWriter writer, CommitWaiters waiters, WalDurability durability, TimeSpan flushInterval, Func<int>? findCpu)
    {
        _buffers = buffers;
        _writer = writer;
        _waiters = waiters;
        _fullSync = durability == WalDurability.FullSync;
        _flushInterval = flushInterval;
        _findCpu = findCpu;
    }

    /// <summary>True once the thread was started.</summary>
    public bool Started => Volatile.Read(ref _thread) is not null;

    /// <summary>The CPU the worker pinned itself to, or -1 if it runs wherever the scheduler puts it (or never ran).</summary>
    public int PinnedCpu => _pinnedCpu;

    /// <summary>
    /// True while the worker is not running a round and none is requested: not started, or asleep with
    /// nothing to do. For tests that must know which round writes a record.
    /// </summary>
    internal bool IsIdle => !Started || (Volatile.Read(ref _idle) == 1 && Volatile.Read(ref _flushRequested) == 0);

    /// <summary>Starts the thread if it has not started (Async mode: on the first append).</summary>
    public void EnsureStarted()
    {
        if (Volatile.Read(ref _thread) is not null)
        {
            return;
        }

        lock (_startLock)
        {
            if (_thread is null && !_stopping)
            {
                var thread = new Thread(Run) { IsBackground = true, Name = "SharpCoreDB WAL flush" };
                thread.Start();
                Volatile.Write(ref _thread, thread);
            }
        }
    }

    /// <summary>Tells the worker there may be work (an awaiting caller, a full buffer); starts it if needed.</summary>
    public void Wake()
    {
        EnsureStarted();

        // Pairs with the fence in IdleWait: either the worker sees the work, or this sees it idle.
        Interlocked.MemoryBarrier();
        if (Volatile.Read(ref _idle) == 1 && Interlocked.Exchange(ref _idle, 0) == 1)
        {
            _wake.Set();
        }
    }

    /// <summary>Asks for a round now, whatever the mode (back-pressure).</summary>
    public void RequestFlush()
    {
        Volatile.Write(ref _flushRequested, 1);
        Wake();
    }

    /// <summary>Stops the thread, if it was started, and waits for it; Dispose runs the closing round after.</summary>
    public void Stop()
    {
        Thread? thread;
        lock (_startLock)
        {
            _stopping = true;
            thread = _thread;
        }

        _wake.Set();
        thread?.Join();
    }

    private void Run()
    {
        if (_findCpu is not null && _findCpu() is int cpu and >= 0 && CurrentThreadAffinity.TryPin(cpu))
        {
            _pinnedCpu = cpu;
        }

        try
        {
            while (!_stopping)
            {
                IdleWait();
                if (_stopping)
                {
                    break;
                }

                Volatile.Write(ref _flushRequested, 0);
                long target = _buffers.LastLsn;
                if (target > _waiters.DurableLsn)
                {
                    _waiters.WaitOrLead(target, WaiterKind.FlushWorker, _writer);
                }
            }
        }
        catch (Exception) when (_waiters.Stopped)
        {
            // The log failed (every waiter got the failure from CommitWaiters) or closed: nothing left to do.
        }
    }

    // FullSync: work is an awaiting caller or a request. Async: a filled buffer or a request, and
    // otherwise whatever is buffered once FlushInterval has passed.
    private bool HasWork() =>
        _stopping ||
        Volatile.Read(ref _flushRequested) == 1 ||
        (_fullSync ? _waiters.HasAwaitingCallers : _buffers.HasSealedBuffers);

    private void IdleWait()
    {
        if (HasWork())
        {
            return;
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
