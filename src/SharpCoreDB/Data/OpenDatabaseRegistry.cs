// The process-wide table of open databases: one open database per full file path
// (or shared in-memory name), shared by every connection on it and counted by
// reference. When the last connection closes, the database is disposed at once,
// inside the registry lock, so the file is unlocked before Close returns and a
// connection opening the same file meanwhile waits and then opens it afresh.
//
// Idle engine sessions of closed connections are pooled per database (Pooling=True)
// and die with it: pooling never keeps a file open. ClearPool/ClearAllPools drop
// idle sessions now.
//
// A second connection to an open encrypted file must present the same password:
// the registry keeps a SHA-256 of it and compares in constant time, so sharing
// the open database never bypasses the key check.
using System.Security.Cryptography;
using System.Text;

namespace SharpCoreDB.Data;

/// <summary>Reference-counted sharing of open databases by key, with a per-database pool of idle sessions.</summary>
internal sealed class OpenDatabaseRegistry<TDatabase, TSession>
    where TDatabase : class, IDisposable
    where TSession : class, IDisposable
{
    private readonly Dictionary<string, Entry> _entries = new(OperatingSystem.IsWindows() ? StringComparer.OrdinalIgnoreCase : StringComparer.Ordinal);
    private readonly Lock _lock = new();

    /// <summary>How many databases are open.</summary>
    public int Count
    {
        get
        {
            lock (_lock)
            {
                return _entries.Count;
            }
        }
    }

    /// <summary>True while some connection holds the database under <paramref name="key"/>.</summary>
    public bool IsOpen(string key)
    {
        lock (_lock)
        {
            return _entries.ContainsKey(key);
        }
    }

    /// <summary>Takes a reference to the database under <paramref name="key"/>, opening it when none is open.</summary>
    public Lease Acquire(string key, string? password, Func<TDatabase> open)
    {
        byte[] fingerprint = Fingerprint(password);
        lock (_lock)
        {
            if (_entries.TryGetValue(key, out Entry? entry))
            {
                if (!CryptographicOperations.FixedTimeEquals(entry.Fingerprint, fingerprint))
                {
                    throw new SharpCoreDBException(
                        SharpCoreDBErrorCode.WrongKey, "The password does not open this database (it is open in this process with another one).");
                }

                entry.References++;
                return new Lease(this, entry);
            }

            entry = new Entry(key, open(), fingerprint);
            _entries.Add(key, entry);
            return new Lease(this, entry);
        }
    }

    /// <summary>Disposes the idle sessions of the database under <paramref name="key"/>.</summary>
    public void ClearPool(string key)
    {
        List<TSession> idle;
        lock (_lock)
        {
            if (!_entries.TryGetValue(key, out Entry? entry))
            {
                return;
            }

            idle = [.. entry.Idle];
            entry.Idle.Clear();
        }

        DisposeAll(idle);
    }

    /// <summary>Disposes the idle sessions of every open database.</summary>
    public void ClearAllPools()
    {
        List<TSession> idle = [];
        lock (_lock)
        {
            foreach (Entry entry in _entries.Values)
            {
                idle.AddRange(entry.Idle);
                entry.Idle.Clear();
            }
        }

        DisposeAll(idle);
    }

    private void Release(Entry entry, TSession? session, bool poolSession)
    {
        lock (_lock)
        {
            entry.References--;
            if (entry.References > 0)
            {
                if (session is not null)
                {
                    if (poolSession)
                    {
                        entry.Idle.Push(session);
                        return;
                    }

                    session.Dispose();
                }

                return;
            }

            _entries.Remove(entry.Key);
            session?.Dispose();
            DisposeAll(entry.Idle);
            entry.Idle.Clear();
            entry.Database.Dispose();
        }
    }

    private void SetPassword(Entry entry, string password)
    {
        lock (_lock)
        {
            entry.Fingerprint = Fingerprint(password);
        }
    }

    private TSession? TakeIdle(Entry entry)
    {
        lock (_lock)
        {
            return entry.Idle.TryPop(out TSession? session) ? session : null;
        }
    }

    private static void DisposeAll(IEnumerable<TSession> sessions)
    {
        foreach (TSession session in sessions)
        {
            session.Dispose();
        }
    }

    private static byte[] Fingerprint(string? password) =>
        string.IsNullOrEmpty(password) ? new byte[32] : SHA256.HashData(Encoding.UTF8.GetBytes(password));

    internal sealed class Entry(string key, TDatabase database, byte[] fingerprint)
    {
        public string Key { get; } = key;

        public TDatabase Database { get; } = database;

        public byte[] Fingerprint { get; set; } = fingerprint;

        public Stack<TSession> Idle { get; } = new();

        public int References { get; set; } = 1;
    }

    /// <summary>One connection's reference to a shared database; Release gives it back exactly once.</summary>
    public sealed class Lease
    {
        private readonly OpenDatabaseRegistry<TDatabase, TSession> _registry;
        private readonly Entry _entry;
        private int _released;

        internal Lease(OpenDatabaseRegistry<TDatabase, TSession> registry, Entry entry)
        {
            _registry = registry;
            _entry = entry;
        }

        /// <summary>The shared database.</summary>
        public TDatabase Database => _entry.Database;

        /// <summary>An idle pooled session of this database, or null.</summary>
        public TSession? TakeIdleSession() => _registry.TakeIdle(_entry);

        /// <summary>Records the database's new password, which later connections must then present.</summary>
        public void ChangePassword(string password) => _registry.SetPassword(_entry, password);

        /// <summary>Gives the reference back, pooling or disposing the connection's session; the last release disposes the database.</summary>
        public void Release(TSession? session, bool poolSession)
        {
            if (Interlocked.Exchange(ref _released, 1) == 0)
            {
                _registry.Release(_entry, session, poolSession);
            }
        }
    }
}
