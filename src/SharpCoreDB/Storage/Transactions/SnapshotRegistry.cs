// Which commits readers may see, and which snapshots are in use.
//
// Two positions move forward here. The newest commit is what the next write
// transaction builds on; it is published under the writer lock as soon as the
// commit's record is in the log. The visible commit is what a new reader's snapshot
// sees: in FullSync only a commit whose log record is durable, so that no reader
// ever sees (and acts on) a commit that a failing disk or a crash can still take
// back. Commits in between wait in a short queue and become visible as the log's
// durable LSN passes them: when their committer returns from its wait, or at the
// latest when the next reader starts (it asks the log, so a commit whose committer
// never came back, cancelled or gone, does not stay hidden). In Async mode, and in a
// database without a log, a commit is visible at once: acknowledged means visible.
// A commit whose record never becomes durable (the log failed) is never visible.
//
//      commit published (writer lock)        log durable past it
//   ──────────────► newest ──── pending ────────────────► visible ──► new snapshots
//
// The page cache keeps every page version that some registered snapshot, or a
// snapshot still to be taken at the visible commit, may need, and prunes the rest.
// Taking a snapshot and registering it happen under one lock, so a commit can never
// prune a version between a reader choosing its snapshot and announcing it.
using SharpCoreDB.Storage.File;

namespace SharpCoreDB.Storage.Transactions;

/// <summary>The newest and the visible commit, and the set of snapshots readers hold.</summary>
internal sealed class SnapshotRegistry(long lastCommittedLsn, DatabaseState committedState, Func<long>? durableLsn = null)
{
    private readonly Dictionary<long, int> _active = [];
    private readonly Queue<(long Lsn, DatabaseState State)> _pending = new();
    private long _newest = lastCommittedLsn;
    private DatabaseState _newestState = committedState;
    private long _visible = lastCommittedLsn;
    private DatabaseState _visibleState = committedState;
    private long _oldestCache = long.MaxValue;

    /// <summary>Called (outside the registry's lock) when the oldest registered snapshot was released.</summary>
    public Action? OldestAdvanced { get; init; }

    /// <summary>The LSN of the newest published commit (visible to readers or not yet).</summary>
    public long LastCommitted => Volatile.Read(ref _newest);

    /// <summary>The LSN of the newest commit new readers see.</summary>
    public long Visible => Volatile.Read(ref _visible);

    /// <summary>Readers currently holding a snapshot.</summary>
    public int ActiveCount
    {
        get
        {
            lock (_active)
            {
                int n = 0;
                foreach (int count in _active.Values)
                {
                    n += count;
                }

                return n;
            }
        }
    }

    /// <summary>The database state new readers see.</summary>
    public DatabaseState CommittedState
    {
        get
        {
            lock (_active)
            {
                RevealDurable();
                return _visibleState;
            }
        }
    }

    /// <summary>The newest commit's LSN and state, read together, without registering a reader (for the writer).</summary>
    public long Peek(out DatabaseState state)
    {
        lock (_active)
        {
            state = _newestState;
            return _newest;
        }
    }

    /// <summary>Takes and registers a snapshot of the visible commit, with the database state it saw.</summary>
    public long Acquire(out DatabaseState state)
    {
        lock (_active)
        {
            RevealDurable();
            long snapshot = _visible;
            state = _visibleState;
            _active[snapshot] = _active.TryGetValue(snapshot, out int n) ? n + 1 : 1;
            if (snapshot < _oldestCache)
            {
                _oldestCache = snapshot;
            }

            return snapshot;
        }
    }

    /// <summary>Releases a snapshot taken by <see cref="Acquire"/>.</summary>
    public void Release(long snapshot)
    {
        bool advanced = false;
        lock (_active)
        {
            int n = _active[snapshot];
            if (n == 1)
            {
                _active.Remove(snapshot);
                if (snapshot == _oldestCache)
                {
                    _oldestCache = long.MaxValue;
                    foreach (long s in _active.Keys)
                    {
                        _oldestCache = Math.Min(_oldestCache, s);
                    }

                    advanced = true;
                }
            }
            else
            {
                _active[snapshot] = n - 1;
            }
        }

        if (advanced)
        {
            OldestAdvanced?.Invoke();
        }
    }

    /// <summary>
    /// Publishes a commit to the next writer; to readers too when <paramref name="visibleNow"/>
    /// (no durability to wait for), otherwise once <see cref="Reveal"/> covers it.
    /// </summary>
    public void Publish(long lsn, DatabaseState state, bool visibleNow)
    {
        lock (_active)
        {
            _newest = lsn;
            _newestState = state;
            if (visibleNow)
            {
                _pending.Clear();
                _visible = lsn;
                _visibleState = state;
            }
            else
            {
                _pending.Enqueue((lsn, state));
            }
        }
    }

    /// <summary>Makes every published commit up to <paramref name="durableLsn"/> (now durable) visible.</summary>
    public void Reveal(long durableLsn)
    {
        lock (_active)
        {
            RevealUpTo(durableLsn);
        }
    }

    /// <summary>
    /// Fills <paramref name="into"/> with the snapshots readers hold, ascending, and returns the visible commit:
    /// every snapshot taken from now on is at or above it (commits published later included).
    /// </summary>
    public long ListNeeded(List<long> into)
    {
        into.Clear();
        long visible;
        lock (_active)
        {
            into.AddRange(_active.Keys);
            visible = _visible;
        }

        into.Sort();
        return visible;
    }

    /// <summary>
    /// The oldest snapshot any reader holds or may still take: the oldest registered one,
    /// or the visible commit when no reader is active.
    /// </summary>
    public long Oldest
    {
        get
        {
            lock (_active)
            {
                return Math.Min(_oldestCache, _visible);
            }
        }
    }

    // Called under the lock: asks the log how far it is durable.
    private void RevealDurable()
    {
        if (_pending.Count > 0 && durableLsn is not null)
        {
            RevealUpTo(durableLsn());
        }
    }

    private void RevealUpTo(long durable)
    {
        while (_pending.TryPeek(out var next) && next.Lsn <= durable)
        {
            _pending.Dequeue();
            _visible = next.Lsn;
            _visibleState = next.State;
        }
    }
}
