// The spin-before-block phase of a committer waiting for the durable LSN. Putting a
// thread to sleep and waking it again costs several microseconds of kernel work on each
// side (more when the waker must interrupt an idle core), and with many committers on few
// cores those wake-ups queue up behind each other until they take about as long as the
// fsync itself. So a committer first watches the durable LSN, for a bounded time:
// - busy-spinning while a core is free for it (at most ProcessorCount - 1 busy spinners)
//   and nobody is blocked (a woken thread needs a core to get going): a lone committer
//   sees its fsync complete within a cache-line transfer;
// - otherwise yielding its core between looks, so that whoever has work (the committers
//   the last group released, the flush worker) runs first, and the spinner sees its own
//   completion at its next turn without any kernel wake-up. With sixteen committers on two
//   cores this is what lets them re-append within a fraction of an fsync.
// Either way it gives up after SpinBudget (2 ms, several fsyncs on an ordinary disk), and
// the caller blocks on its event instead.
using System.Diagnostics;

namespace SharpCoreDB.Wal.GroupCommit;

/// <summary>Bounded spinning on the durable LSN before a committer blocks.</summary>
internal sealed class CommitSpinner
{
    /// <summary>The longest a committer watches the durable LSN before it blocks.</summary>
    public static readonly long SpinBudget = Stopwatch.Frequency / 500;

    private static readonly int MaxBusySpinners = Environment.ProcessorCount - 1;

    private int _busySpinners;

    /// <summary>
    /// Spins until <paramref name="waiters"/>' durable LSN reaches <paramref name="lsn"/>: true
    /// if it did; false if the log stopped or the budget ran out, and the caller must block.
    /// </summary>
    public bool SpinUntilDurable(CommitWaiters waiters, long lsn)
    {
        long deadline = Stopwatch.GetTimestamp() + SpinBudget;
        bool busy = waiters.Blocked == 0 && TryEnterBusy();
        try
        {
            var spinner = default(SpinWait);
            while (waiters.DurableLsn < lsn)
            {
                if (waiters.Stopped || Stopwatch.GetTimestamp() > deadline)
                {
                    return false;
                }

                if (busy && waiters.Blocked != 0)
                {
                    // Someone blocked: the core is better spent on waking them up.
                    busy = false;
                    Interlocked.Decrement(ref _busySpinners);
                }

                if (busy)
                {
                    spinner.SpinOnce(sleep1Threshold: -1);
                }
                else
                {
                    Thread.Yield();
                }
            }

            return true;
        }
        finally
        {
            if (busy)
            {
                Interlocked.Decrement(ref _busySpinners);
            }
        }
    }

    private bool TryEnterBusy()
    {
        if (Interlocked.Increment(ref _busySpinners) <= MaxBusySpinners)
        {
            return true;
        }

        Interlocked.Decrement(ref _busySpinners);
        return false;
    }
}
