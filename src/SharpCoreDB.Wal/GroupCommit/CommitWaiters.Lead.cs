// The flush lead of the group-commit log: leader/follower group commit, as PostgreSQL and
// MySQL do it. A thread that must wait for its LSN to become durable and finds no round
// running becomes the leader: it runs the round itself (WalGroupWriter: seal, wait for the
// copies, write, fsync), publishes the durable LSN and wakes everyone the round covered,
// all on its own thread. A lone committer therefore never crosses threads, and no thread
// burns a core while the disk works. A thread that finds a round running follows: it
// blocks on its event until the round ends. If its LSN is then durable it returns; if not
// (it appended after the round sealed its group), the finishing leader hands the lead to
// one of those waiters, the one with the lowest LSN, which flushes everything appended
// meanwhile. So sixteen committers still share fsyncs: each group is whatever arrived
// during the previous round.
//
// Spinning is bounded to microseconds: a committer that finds a round running spins only
// if that round is expected to end within FollowerSpin (20 µs; its start plus the last
// round's duration), only while at most ProcessorCount - 1 threads spin, and for at most
// FollowerSpin; then it blocks. On a disk whose fsync takes 100 µs or more that spin
// almost never happens; on a fast one it saves a sleep and a wake-up per commit.
//
// The lead's states (_state, changed only under _gate):
//
//                   a waiter finds Idle: it leads
//      +------+  -------------------------------->  +----------+  <--+  round done, a thread waits above
//      | Idle |                                     | Flushing |     |  the durable LSN: it leads next
//      +------+  <--------------------------------  +----------+  ---+  (handoff, still Flushing)
//                 round done, no thread waits above    |      |
//                                                      |      |  Dispose's closing round done
//                               the round threw: Fail  v      v
//                                               +--------+  +--------+
//                                               | Failed |->| Closed |
//                                               +--------+  +--------+
//                                                 Dispose after a failure
//
// Only the lead holder (_leaderThread) leaves Flushing; Failed and Closed are final, and
// in them nobody leads: appends and waits throw (the failure, or ObjectDisposedException).
using System.Diagnostics;
using System.Runtime.ExceptionServices;

namespace SharpCoreDB.Wal.GroupCommit;

/// <summary>The flush lead's state; see the drawing in CommitWaiters.Lead.cs.</summary>
internal enum FlushState
{
    Idle,
    Flushing,
    Failed,
    Closed,
}

/// <summary>How a wait for the lead ended.</summary>
internal enum LeadOutcome
{
    /// <summary>The LSN waited for is durable.</summary>
    Durable,

    /// <summary>This thread holds the lead and must run a round.</summary>
    Leading,

    /// <summary>The log failed or closed.</summary>
    Stopped,
}

internal sealed partial class CommitWaiters
{
    private static readonly long FollowerSpin = Stopwatch.Frequency / 50_000;
    private static readonly int MaxSpinners = Environment.ProcessorCount - 1;

    private volatile FlushState _state = FlushState.Idle;
    private volatile int _leaderThread;
    private int _spinners;

    /// <summary>True once the log failed or closed: no waiter will be completed any more.</summary>
    public bool Stopped => _state is FlushState.Failed or FlushState.Closed;

    /// <summary>
    /// Returns once <paramref name="lsn"/> is durable, running flush rounds on this thread whenever no other
    /// thread runs one. Rethrows the failure that stopped the log (the same exception object for the round's
    /// leader and every waiter), or throws ObjectDisposedException once the log is closed.
    /// </summary>
    public void WaitOrLead(long lsn, WaiterKind kind, WalGroupWriter writer)
    {
        if (Volatile.Read(ref _durableLsn) >= lsn)
        {
            return;
        }

        if (kind == WaiterKind.Committer && SpinWhileTheRoundEnds(lsn, writer))
        {
            return;
        }

        while (true)
        {
            switch (AcquireLeadOrWait(lsn, kind))
            {
                case LeadOutcome.Durable:
                    return;
                case LeadOutcome.Stopped:
                    ThrowStopped();
                    return;
                default:
                    LeadRound(writer);
                    break;
            }
        }
    }

    /// <summary>
    /// For Dispose: takes the lead once the round in progress (if any) is over, writes everything appended
    /// with a closing round, and closes: no round runs any more and every waiter left fails with
    /// ObjectDisposedException. Returns the closing round's exception if it failed (the log is then failed
    /// too); null otherwise, including when the log had failed before.
    /// </summary>
    public Exception? CloseAfterFinalRound(WalGroupWriter writer)
    {
        Exception? failure = null;
        if (AcquireLeadOrWait(long.MaxValue, WaiterKind.Closer) == LeadOutcome.Leading)
        {
            try
            {
                long lastLsn = writer.Run(RoundKind.Closing);
                ReadyWaiters ready;
                lock (_gate)
                {
                    AssertLeader();
                    ready = PublishDurable(lastLsn);
                }

                WakeReady(ready);
            }
            catch (Exception exception)
            {
                Fail(exception);
                failure = exception;
            }
        }

        lock (_gate)
        {
            Debug.Assert(
                _state == FlushState.Failed || (_state == FlushState.Flushing && _leaderThread == Environment.CurrentManagedThreadId),
                "only the lead holder or a failed log closes");
            _state = FlushState.Closed;
            _leaderThread = 0;
        }

        StrandEveryone();
        return failure;
    }

    // Returns Leading once this thread holds the lead (it found Idle, or a finishing leader handed the
    // lead over), Durable as soon as lsn is durable, Stopped once the log failed or closed.
    private LeadOutcome AcquireLeadOrWait(long lsn, WaiterKind kind)
    {
        var waiter = _threadWaiter ??= new ThreadWaiter();
        while (true)
        {
            if (Volatile.Read(ref _durableLsn) >= lsn)
            {
                return LeadOutcome.Durable;
            }

            lock (_gate)
            {
                if (_durableLsn >= lsn)
                {
                    return LeadOutcome.Durable;
                }

                if (_state is FlushState.Failed or FlushState.Closed)
                {
                    return LeadOutcome.Stopped;
                }

                if (_state == FlushState.Idle)
                {
                    _state = FlushState.Flushing;
                    _leaderThread = Environment.CurrentManagedThreadId;
                    return LeadOutcome.Leading;
                }

                waiter.Prepare(lsn, kind);
                _threadWaiters.Add(waiter);
                if (kind == WaiterKind.Committer)
                {
                    Volatile.Write(ref _blocked, _blocked + 1);
                }
            }

            waiter.Event.Wait();
            waiter.WakeChildren();
            if (waiter.Lead)
            {
                AssertLeader();
                return LeadOutcome.Leading;
            }

            // Woken because lsn became durable or the log stopped: the next turn says which.
        }
    }

    // One round as the lead holder. A failed write or fsync fails the log (every waiter gets the
    // exception) and is rethrown, the same object, to this thread's caller.
    private void LeadRound(WalGroupWriter writer)
    {
        long lastLsn;
        try
        {
            lastLsn = writer.Run(RoundKind.Group);
        }
        catch (Exception exception)
        {
            Fail(exception);
            throw;
        }

        ThreadWaiter? next = null;
        ReadyWaiters ready;
        lock (_gate)
        {
            AssertLeader();
            ready = PublishDurable(lastLsn);
            int index = -1;
            for (int i = 0; i < _threadWaiters.Count; i++)
            {
                if (next is null || _threadWaiters[i].Lsn < next.Lsn)
                {
                    next = _threadWaiters[i];
                    index = i;
                }
            }

            if (next is null)
            {
                _state = FlushState.Idle;
                _leaderThread = 0;
            }
            else
            {
                RemoveThreadWaiterAt(index);
                next.Lead = true;
                _leaderThread = next.ThreadId;
            }
        }

        // The next leader first: it starts the next fsync while the others get going again.
        next?.Event.Set();
        WakeReady(ready);
    }

    // A short spin for a round that is about to end; see the top comment. True if lsn became durable;
    // false if the round did not end in time, the lead is free (the caller takes it) or the log stopped.
    private bool SpinWhileTheRoundEnds(long lsn, WalGroupWriter writer)
    {
        long deadline = Stopwatch.GetTimestamp() + FollowerSpin;
        if (_state != FlushState.Flushing || writer.ExpectedEnd > deadline)
        {
            return false;
        }

        if (Interlocked.Increment(ref _spinners) > MaxSpinners)
        {
            Interlocked.Decrement(ref _spinners);
            return false;
        }

        try
        {
            var spinner = default(SpinWait);
            while (Volatile.Read(ref _durableLsn) < lsn)
            {
                if (_state != FlushState.Flushing || Stopwatch.GetTimestamp() > deadline)
                {
                    return false;
                }

                spinner.SpinOnce(sleep1Threshold: -1);
            }

            return true;
        }
        finally
        {
            Interlocked.Decrement(ref _spinners);
        }
    }

    // The lead holder's round threw: record the failure, stop for good, fail every waiter.
    private void Fail(Exception exception)
    {
        lock (_gate)
        {
            AssertLeader();
            Volatile.Write(ref _failure, ExceptionDispatchInfo.Capture(exception));
            _state = FlushState.Failed;
            _leaderThread = 0;
        }

        StrandEveryone();
    }

    [Conditional("DEBUG")]
    private void AssertLeader() =>
        Debug.Assert(
            _state == FlushState.Flushing && _leaderThread == Environment.CurrentManagedThreadId,
            "only the lead holder finishes a round");
}
