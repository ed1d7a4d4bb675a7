// The durable LSN of the group-commit log and everyone waiting for it to pass their own
// LSN: threads (committers, the flush worker, Dispose), each blocked on its own reusable
// event, and awaiting callers, each behind a pooled AsyncCommitWaiter. The flush lead,
// which decides which of those threads writes and fsyncs next, is in CommitWaiters.Lead.cs,
// under the same lock, so that "is a round running?" and "then wait for it" are one step.
//
// After a round, the threads it made durable are woken as a binary tree: the round's
// leader wakes the first, and each woken thread wakes two more before it returns, so that
// the wake-ups (each a system call, often a cross-core interrupt) are spread over the
// waking threads and cores instead of delaying the leader's own caller. Awaiting callers
// are completed with their continuations queued to the thread pool, never run inline.
// A failed round is recorded here and rethrown to every waiter.
using System.Diagnostics;
using System.Runtime.ExceptionServices;

namespace SharpCoreDB.Wal.GroupCommit;

/// <summary>Who a blocked thread is; only committers count in <see cref="CommitWaiters.Blocked"/>.</summary>
internal enum WaiterKind
{
    /// <summary>A caller of Append, WaitForCommit or Flush.</summary>
    Committer,

    /// <summary>The flush worker, flushing for awaiting callers or Async mode.</summary>
    FlushWorker,

    /// <summary>Dispose, waiting to run the closing round.</summary>
    Closer,
}

/// <summary>Waits on the durable LSN, and hands out the flush lead.</summary>
internal sealed partial class CommitWaiters
{
    [ThreadStatic]
    private static ThreadWaiter? _threadWaiter;

    private readonly Lock _gate = new();
    private readonly List<AsyncCommitWaiter> _asyncWaiters = [];
    private readonly Stack<AsyncCommitWaiter> _pool = new();
    private readonly List<ThreadWaiter> _threadWaiters = [];

    // Scratch for arranging a round's ready threads into a tree; used under the lock only.
    private readonly List<ThreadWaiter> _readyThreads = [];

    private long _durableLsn;
    private int _blocked;
    private int _awaiting;
    private ExceptionDispatchInfo? _failure;

    public CommitWaiters(long durableLsn) => _durableLsn = durableLsn;

    public long DurableLsn => Volatile.Read(ref _durableLsn);

    /// <summary>The write or fsync failure that stopped the log, if any.</summary>
    public Exception? Failure => Volatile.Read(ref _failure)?.SourceException;

    /// <summary>How many committers are blocked on their events right now.</summary>
    public int Blocked => Volatile.Read(ref _blocked);

    /// <summary>True while awaiting callers wait for a durable LSN (the flush worker then has work).</summary>
    public bool HasAwaitingCallers => Volatile.Read(ref _awaiting) > 0;

    /// <summary>
    /// Registers an awaiting caller for <paramref name="lsn"/>; false if it is already durable.
    /// Throws the log's failure, or OperationCanceledException if the token is already cancelled.
    /// The caller then tells the flush worker, which runs the round that completes it.
    /// </summary>
    public bool TryRegister(long lsn, CancellationToken cancellationToken, out AsyncCommitWaiter? waiter, out short token)
    {
        waiter = null;
        token = 0;
        if (Volatile.Read(ref _durableLsn) >= lsn)
        {
            return false;
        }

        cancellationToken.ThrowIfCancellationRequested();
        lock (_gate)
        {
            if (_durableLsn >= lsn)
            {
                return false;
            }

            if (_state is FlushState.Failed or FlushState.Closed)
            {
                ThrowStopped();
            }

            waiter = _pool.Count > 0 ? _pool.Pop() : new AsyncCommitWaiter(this);
            waiter.Lsn = lsn;
            token = waiter.Version;
            _asyncWaiters.Add(waiter);
            Volatile.Write(ref _awaiting, _asyncWaiters.Count);
            if (cancellationToken.CanBeCanceled)
            {
                waiter.RegisterCancellation(cancellationToken);
            }

            return true;
        }
    }

    internal void Cancel(AsyncCommitWaiter waiter, CancellationToken token)
    {
        lock (_gate)
        {
            if (!_asyncWaiters.Remove(waiter))
            {
                return;
            }

            Volatile.Write(ref _awaiting, _asyncWaiters.Count);
        }

        waiter.Fail(new OperationCanceledException(token));
    }

    internal void Return(AsyncCommitWaiter waiter)
    {
        lock (_gate)
        {
            _pool.Push(waiter);
        }
    }

    // Under the lock: publishes the durable LSN and takes every waiter it covers out of the lists: the
    // threads arranged as a wake-up tree (only its root is returned), the awaiting callers chained. Built
    // here rather than in shared lists, because the next leader may finish its own round before this one
    // has woken everybody.
    private ReadyWaiters PublishDurable(long lsn)
    {
        Debug.Assert(_gate.IsHeldByCurrentThread, "the durable LSN moves under the lock");
        if (lsn > _durableLsn)
        {
            Volatile.Write(ref _durableLsn, lsn);
        }

        for (int i = _threadWaiters.Count - 1; i >= 0; i--)
        {
            var waiter = _threadWaiters[i];
            if (waiter.Lsn <= _durableLsn)
            {
                _readyThreads.Add(waiter);
                RemoveThreadWaiterAt(i);
            }
        }

        for (int i = 0; i < _readyThreads.Count; i++)
        {
            int first = (2 * i) + 1;
            _readyThreads[i].First = first < _readyThreads.Count ? _readyThreads[first] : null;
            _readyThreads[i].Second = first + 1 < _readyThreads.Count ? _readyThreads[first + 1] : null;
        }

        var root = _readyThreads.Count > 0 ? _readyThreads[0] : null;
        _readyThreads.Clear();

        AsyncCommitWaiter? awaiting = null;
        for (int i = _asyncWaiters.Count - 1; i >= 0; i--)
        {
            var waiter = _asyncWaiters[i];
            if (waiter.Lsn <= _durableLsn)
            {
                waiter.NextReady = awaiting;
                awaiting = waiter;
                _asyncWaiters[i] = _asyncWaiters[^1];
                _asyncWaiters.RemoveAt(_asyncWaiters.Count - 1);
            }
        }

        Volatile.Write(ref _awaiting, _asyncWaiters.Count);
        return new ReadyWaiters(root, awaiting);
    }

    // Outside the lock: wakes the tree's root (which wakes the rest) and completes the awaiting callers.
    private static void WakeReady(ReadyWaiters ready)
    {
        ready.Root?.Event.Set();
        for (var waiter = ready.Awaiting; waiter is not null;)
        {
            // Once completed, a waiter may be reused at once: read the chain first.
            var next = waiter.NextReady;
            waiter.NextReady = null;
            waiter.Complete();
            waiter = next;
        }
    }

    // Under the lock: takes a thread waiter out of the list (order does not matter).
    private void RemoveThreadWaiterAt(int index)
    {
        if (_threadWaiters[index].Kind == WaiterKind.Committer)
        {
            Volatile.Write(ref _blocked, _blocked - 1);
        }

        _threadWaiters[index] = _threadWaiters[^1];
        _threadWaiters.RemoveAt(_threadWaiters.Count - 1);
    }

    // Fails every waiter left: with the failure that stopped the log, or ObjectDisposedException once it is closed.
    private void StrandEveryone()
    {
        AsyncCommitWaiter[] stranded;
        ThreadWaiter[] blocked;
        lock (_gate)
        {
            stranded = [.. _asyncWaiters];
            _asyncWaiters.Clear();
            Volatile.Write(ref _awaiting, 0);
            blocked = [.. _threadWaiters];
            _threadWaiters.Clear();
            Volatile.Write(ref _blocked, 0);
        }

        foreach (var waiter in blocked)
        {
            waiter.Event.Set();
        }

        foreach (var waiter in stranded)
        {
            waiter.Fail(_failure?.SourceException ?? new ObjectDisposedException(nameof(GroupCommitWal)));
        }
    }

    private void ThrowStopped()
    {
        Volatile.Read(ref _failure)?.Throw();
        throw new ObjectDisposedException(nameof(GroupCommitWal));
    }

    // The waiters one round made durable: the root of the threads' wake-up tree, and the chain of awaiters.
    private readonly record struct ReadyWaiters(ThreadWaiter? Root, AsyncCommitWaiter? Awaiting);

    // A blocked thread's place in the wait list; one per thread, reused by every wait.
    // First and Second are the waiters it wakes once woken itself (set by the round's leader
    // before it wakes the tree's root; cleared before the thread can wait again). Lead is set,
    // under the lock, when a finishing leader hands this thread the flush lead.
    private sealed class ThreadWaiter
    {
        public ManualResetEventSlim Event { get; } = new(initialState: false, spinCount: 1);

        public int ThreadId { get; } = Environment.CurrentManagedThreadId;

        public long Lsn { get; private set; }

        public WaiterKind Kind { get; private set; }

        public bool Lead { get; set; }

        public ThreadWaiter? First { get; set; }

        public ThreadWaiter? Second { get; set; }

        public void Prepare(long lsn, WaiterKind kind)
        {
            Lsn = lsn;
            Kind = kind;
            Lead = false;
            Event.Reset();
        }

        public void WakeChildren()
        {
            var first = First;
            var second = Second;
            First = null;
            Second = null;
            first?.Event.Set();
            second?.Event.Set();
        }
    }
}
