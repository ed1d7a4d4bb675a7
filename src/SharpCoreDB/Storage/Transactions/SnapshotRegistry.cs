// Which snapshots are in use. A reader's snapshot is the LSN of the newest commit
// when it began; the page cache keeps every page version that some registered
// snapshot may still need and prunes the rest. Taking a snapshot and registering
// it happen under one lock, so a commit can never prune a version between a
// reader choosing its snapshot and announcing it.
namespace SharpCoreDB.Storage.Transactions;

/// <summary>The newest committed LSN and the set of snapshots readers hold.</summary>
internal sealed class SnapshotRegistry(long lastCommittedLsn, DatabaseState committedState)
{
    private readonly Dictionary<long, int> _active = [];
    private long _lastCommitted = lastCommittedLsn;
    private DatabaseState _committedState = committedState;
    private long _oldestCache = long.MaxValue;

    /// <summary>The LSN of the newest published commit.</summary>
    public long LastCommitted => Volatile.Read(ref _lastCommitted);

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

    /// <summary>The database state of the newest published commit.</summary>
    public DatabaseState CommittedState
    {
        get
        {
            lock (_active)
            {
                return _committedState;
            }
        }
    }

    /// <summary>The newest commit's LSN and state, read together, without registering a reader.</summary>
    public long Peek(out DatabaseState state)
    {
        lock (_active)
        {
            state = _committedState;
            return _lastCommitted;
        }
    }

    /// <summary>Takes and registers a snapshot of the newest commit, with the database state it saw.</summary>
    public long Acquire(out DatabaseState state)
    {
        lock (_active)
        {
            long snapshot = _lastCommitted;
            state = _committedState;
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
                }
            }
            else
            {
                _active[snapshot] = n - 1;
            }
        }
    }

    /// <summary>Makes a commit visible to snapshots taken from now on.</summary>
    public void Publish(long lsn, DatabaseState state)
    {
        lock (_active)
        {
            _lastCommitted = lsn;
            _committedState = state;
        }
    }

    /// <summary>
    /// The oldest snapshot any reader holds or may still take: the oldest registered one,
    /// or the newest commit when no reader is active.
    /// </summary>
    public long Oldest
    {
        get
        {
            lock (_active)
            {
                return Math.Min(_oldestCache, _lastCommitted);
            }
        }
    }
}
