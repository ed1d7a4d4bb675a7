// The durable LSN of the group-commit log and everyone waiting for it to pass their
// own LSN. The flush worker advances it once per group. A committer first spins on it
// for a bounded time (CommitSpinner: busy while a core is free, yielding otherwise), so
// that in the usual case its completion needs no kernel wake-up at all. Only then does it
// block, on its own reusable event (one event per thread, so that woken committers do not
// queue up on one lock to get going again). Blocked threads are woken as a binary tree:
// the worker wakes the first, and each woken thread wakes two more before it returns, so
// the wake-ups (each a system call and a cross-core interrupt) are spread over the waking
// threads and cores instead of delaying the worker's next group. Awaiting callers are
// completed through their pooled AsyncCommitWaiter.
// A failure of the worker is recorded here and rethrown to every waiter.
using System.Runtime.ExceptionServices;

namespace SharpCoreDB.Wal.GroupCommit;

/// <summary>Waits on the durable LSN.</summary>
internal sealed class CommitWaiters
{
    private readonly object _gate = new();
    private readonly List<AsyncCommitWaiter> _asyncWaiters = [];
    private readonly Stack<AsyncCommitWaiter> _pool = new();
    private readonly List<AsyncCommitWaiter> _ready = [];
    private readonly List<ThreadWaiter> _threadWaiters = [];
    private readonly List<ThreadWaiter> _readyThreads = [];
    private readonly CommitSpinner _spinner = new();
    private long _durableLsn;
    [ThreadStatic]
    private static ThreadWaiter? _threadWaiter;

    private int _blocked;
    private ExceptionDispatchInfo? _failure;
    private bool _closed;

    public CommitWaiters(long durableLsn) => _durableLsn = durableLsn;

    public long DurableLsn => Volatile.Read(ref _durableLsn);

    /// <summary>The write or fsync failure that stopped the log, if any.</summary>
    public Exception? Failure => Volatile.Read(ref _failure)?.SourceException;

    /// <summary>How many threads are blocked on their events right now.</summary>
    public int Blocked => Volatile.Read(ref _blocked);

    /// <summary>True once the log failed or closed: no waiter will be completed any more.</summary>
    public bool Stopped => Volatile.Read(ref _failure) is not null || Volatile.Read(ref _closed);

    /// <summary>Blocks until <paramref name="lsn"/> is durable; rethrows the log's failure.</summary>
    public void Wait(long lsn)
    {
        if (Volatile.Read(ref _durableLsn) >= lsn)
        {
            return;
        }

        if (_spinner.SpinUntilDurable(this, lsn))
        {
            return;
        }

        var waiter = _threadWaiter ??= new ThreadWaiter();
        waiter.Lsn = lsn;
        waiter.Event.Reset();
        lock (_gate)
        {
            if (_durableLsn >= lsn)
            {
                return;
            }

            if (_failure is not null || _closed)
            {
                ThrowStopped();
            }

            _threadWaiters.Add(waiter);
            _blocked = _threadWaiters.Count;
        }

        waiter.Event.Wait();
        waiter.WakeChildren();
        if (Volatile.Read(ref _durableLsn) < lsn)
        {
            ThrowStopped();
        }
    }

    /// <summary>
    /// Registers an awaiting caller for <paramref name="lsn"/>; false if it is already durable.
    /// Throws the log's failure, or OperationCanceledException if the token is already cancelled.
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

            if (_failure is not null || _closed)
            {
                ThrowStopped();
            }

            waiter = _pool.Count > 0 ? _pool.Pop() : new AsyncCommitWaiter(this);
            waiter.Lsn = lsn;
            token = waiter.Version;
            _asyncWaiters.Add(waiter);
            if (cancellationToken.CanBeCanceled)
            {
                waiter.RegisterCancellation(cancellationToken);
            }

            return true;
        }
    }

    /// <summary>Called by the flush worker after the fsync that made everything up to <paramref name="lsn"/> durable.</summary>
    public void Advance(long lsn)
    {
        lock (_gate)
        {
            Volatile.Write(ref _durableLsn, lsn);
            for (int i = _threadWaiters.Count - 1; i >= 0; i--)
            {
                var waiter = _threadWaiters[i];
                if (waiter.Lsn <= lsn)
                {
                    _readyThreads.Add(waiter);
                    _threadWaiters[i] = _threadWaiters[^1];
                    _threadWaiters.RemoveAt(_threadWaiters.Count - 1);
                }
            }

            _blocked = _threadWaiters.Count;

            for (int i = _asyncWaiters.Count - 1; i >= 0; i--)
            {
                var waiter = _asyncWaiters[i];
                if (waiter.Lsn <= lsn)
                {
                    _ready.Add(waiter);
                    _asyncWaiters[i] = _asyncWaiters[^1];
                    _asyncWaiters.RemoveAt(_asyncWaiters.Count - 1);
                }
            }
        }

        if (_readyThreads.Count > 0)
        {
            for (int i = 0; i < _readyThreads.Count; i++)
            {
                int first = (2 * i) + 1;
                _readyThreads[i].First = first < _readyThreads.Count ? _readyThreads[first] : null;
                _readyThreads[i].Second = first + 1 < _readyThreads.Count ? _readyThreads[first + 1] : null;
            }

            _readyThreads[0].Event.Set();
            _readyThreads.Clear();
        }

        foreach (var waiter in _ready)
        {
            waiter.Complete();
        }

        _ready.Clear();
    }

    /// <summary>Records the failure that stopped the log and fails every waiter with it.</summary>
    public void Fail(Exception exception) => Stop(ExceptionDispatchInfo.Capture(exception), closed: false);

    /// <summary>The log is disposed: whoever still waits (nobody, after a clean final flush) fails.</summary>
    public void Close() => Stop(null, closed: true);

    internal void Cancel(AsyncCommitWaiter waiter, CancellationToken token)
    {
        lock (_gate)
        {
            if (!_asyncWaiters.Remove(waiter))
            {
                return;
            }
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

    private void Stop(ExceptionDispatchInfo? failure, bool closed)
    {
        AsyncCommitWaiter[] stranded;
        ThreadWaiter[] blocked;
        lock (_gate)
        {
            _failure ??= failure;
            _closed |= closed;
            stranded = [.. _asyncWaiters];
            _asyncWaiters.Clear();
            blocked = [.. _threadWaiters];
            _threadWaiters.Clear();
            _blocked = 0;
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
        _failure?.Throw();
        throw new ObjectDisposedException(nameof(GroupCommitWal));
    }

    // A blocked thread's place in the wait list; one per thread, reused by every wait.
    // First and Second are the waiters it wakes once woken itself (set by the worker
    // before it wakes the tree's root; cleared before the thread can wait again).
    private sealed class ThreadWaiter
    {
        public ManualResetEventSlim Event { get; } = new(false, spinCount: 1);

        public long Lsn { get; set; }

        public ThreadWaiter? First { get; set; }

        public ThreadWaiter? Second { get; set; }

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
