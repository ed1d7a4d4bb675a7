// The single-writer lock: fast when writers take turns quickly, and no caller starves.
//
// Why not a SemaphoreSlim: its Release lets whichever thread asks next take the count, so
// a thread that has just committed and comes straight back beats one woken from a long
// wait. Two busy writers kept a VACUUM waiting for seconds although each transaction was
// short. Why not strict first come, first served either: handing the lock to a sleeping
// thread makes every handover wait for that thread to be scheduled, and with sixteen
// committers that halved the commit rate (the --commit-cpu probe: 60 against 35 µs per
// commit). A starvation threshold of 1 or 5 ms still cost 50%: with sixteen committers
// the oldest waiter often waits that long; at 20 ms the rate is the SemaphoreSlim's.
//
// So the lock has two modes, decided at each release by how long the oldest waiter has
// waited (the idea of Go's sync.Mutex):
//
//     normal:   Release frees the lock and wakes the oldest waiter; it competes with any
//               caller arriving meanwhile (who may take the lock at once, after a spin of
//               a few microseconds at most, without sleeping).
//     starving: the oldest waiter has waited more than StarvationThreshold: Release hands
//               the lock to it directly (it never becomes free), and callers arriving
//               meanwhile queue behind it instead of taking it.
//
//     free ──Wait──▶ held ──Release: nobody waits, or the oldest waiter is not starving──▶ free
//                     │ ▲
//                     └─┘ Release: the oldest waiter is starving, handed to it
//
// A caller waits at most StarvationThreshold plus the transactions queued before it. A
// waiter that times out leaves the queue, unless it was handed the lock in the same
// instant, in which case it keeps it. Uncontended, Wait and Release take one monitor each
// and allocate nothing.
using System.Diagnostics;

namespace SharpCoreDB.Storage.Transactions;

/// <summary>A mutual-exclusion lock that lets no waiter starve.</summary>
internal sealed class WriterLock
{
    /// <summary>How long the oldest waiter may be overtaken before the lock is handed to it.</summary>
    public static readonly TimeSpan StarvationThreshold = TimeSpan.FromMilliseconds(20);

    private static readonly long StarvationTicks = (long)(StarvationThreshold.TotalSeconds * Stopwatch.Frequency);
    private readonly object _gate = new();
    private readonly LinkedList<Waiter> _queue = new();
    private bool _held;

    /// <summary>Whether some caller holds the lock (for asserts and diagnostics).</summary>
    public bool IsHeld
    {
        get
        {
            lock (_gate)
            {
                return _held;
            }
        }
    }

    /// <summary>How many callers wait for the lock.</summary>
    public int WaitingCount
    {
        get
        {
            lock (_gate)
            {
                return _queue.Count;
            }
        }
    }

    /// <summary>Takes the lock, waiting up to <paramref name="timeout"/>; false if it timed out.</summary>
    public bool Wait(TimeSpan timeout)
    {
        if (TryTake())
        {
            return true;
        }

        // A commit holds the lock for microseconds: spin that long before going to sleep, never longer.
        var spinner = default(SpinWait);
        while (!spinner.NextSpinWillYield)
        {
            spinner.SpinOnce(sleep1Threshold: -1);
            if (!Volatile.Read(ref _held) && TryTake())
            {
                return true;
            }
        }

        long deadline = timeout == Timeout.InfiniteTimeSpan ? long.MaxValue : Environment.TickCount64 + (long)timeout.TotalMilliseconds;
        Waiter waiter;
        LinkedListNode<Waiter> node;
        lock (_gate)
        {
            if (!_held && _queue.Count == 0)
            {
                _held = true;
                return true;
            }

            waiter = new Waiter(Stopwatch.GetTimestamp());
            node = _queue.AddLast(waiter);
        }

        while (true)
        {
            SleepUntilSignaled(waiter, deadline);
            lock (_gate)
            {
                if (waiter.Granted)
                {
                    Debug.Assert(_held, "a waiter handed the lock holds it");
                    return true;
                }

                if (!_held)
                {
                    _queue.Remove(node);
                    _held = true;
                    return true;
                }

                if (deadline != long.MaxValue && Environment.TickCount64 >= deadline)
                {
                    _queue.Remove(node);
                    return false;
                }
            }
        }
    }

    /// <summary>Releases the lock: to the oldest waiter if it is starving, else free for it and any newcomer.</summary>
    public void Release()
    {
        lock (_gate)
        {
            Debug.Assert(_held, "only a holder releases the lock");
            if (_queue.First is not { } oldest)
            {
                _held = false;
                return;
            }

            Waiter waiter = oldest.Value;
            if (IsStarving(waiter))
            {
                _queue.RemoveFirst();
                waiter.Granted = true;
            }
            else
            {
                _held = false;
            }

            lock (waiter)
            {
                waiter.Signaled = true;
                Monitor.Pulse(waiter);
            }
        }
    }

    // Free, and nobody has been waiting too long to be overtaken.
    private bool TryTake()
    {
        lock (_gate)
        {
            if (_held || (_queue.First is { } oldest && IsStarving(oldest.Value)))
            {
                return false;
            }

            _held = true;
            return true;
        }
    }

    private static bool IsStarving(Waiter waiter) => Stopwatch.GetTimestamp() - waiter.Since > StarvationTicks;

    // Each waiter sleeps on its own monitor, so a release wakes the one thread it concerns, not all of them.
    private static void SleepUntilSignaled(Waiter waiter, long deadline)
    {
        lock (waiter)
        {
            while (!waiter.Signaled)
            {
                long remaining = deadline == long.MaxValue ? Timeout.Infinite : deadline - Environment.TickCount64;
                if (remaining <= 0)
                {
                    break;
                }

                Monitor.Wait(waiter, (int)Math.Min(remaining, int.MaxValue));
            }

            waiter.Signaled = false;
        }
    }

    private sealed class Waiter(long since)
    {
        public long Since { get; } = since;

        public bool Granted { get; set; }

        public bool Signaled { get; set; }
    }
}
