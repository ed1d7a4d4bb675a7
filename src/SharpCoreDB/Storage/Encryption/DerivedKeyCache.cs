// Key-encryption keys derived from passwords, kept for a while so that opening an
// encrypted database again with the same password does not run PBKDF2 again
// (600,000 iterations: 200-600 ms, by design, to slow down guessing). Desktop apps
// open a connection per operation; without this each open after the last close paid
// the full derivation.
//
// What is kept, and the trade-off (docs/encryption.md, "Reopening without PBKDF2"):
//   - the derived key-encryption key (KEK), which unwraps the database's data key, for
//     one database file (its key block's salt and iteration count);
//   - an HMAC-SHA256 of the password under a random key made for this process, to
//     recognise the same password without deriving. The password itself is never kept.
// A memory dump taken while an entry lives yields the KEK, which opens that file (as
// the open database's own keys would while it is open). Entries expire after their idle
// time without use (a timer zeroes them even when nothing opens again), and
// ClearPool/ClearAllPools or Pooling=False drop or skip them. A wrong password misses
// (its HMAC differs), is derived in full and fails as before; only a key that unwrapped
// the data key is ever stored.
using System.Security.Cryptography;
using System.Text;

namespace SharpCoreDB.Storage.Encryption;

/// <summary>Derived key-encryption keys of recently opened databases, each dropped after its idle time.</summary>
internal sealed class DerivedKeyCache : IDisposable
{
    private static readonly StringComparer PathComparer = OperatingSystem.IsWindows() ? StringComparer.OrdinalIgnoreCase : StringComparer.Ordinal;
    private readonly Lock _lock = new();
    private readonly List<Entry> _entries = [];
    private readonly byte[] _passwordMacKey = RandomNumberGenerator.GetBytes(32);
    private readonly TimeProvider _time;
    private ITimer? _timer;
    private long _hits;

    /// <summary>A cache whose idle times run on <paramref name="time"/> (the system clock unless a test gives one).</summary>
    public DerivedKeyCache(TimeProvider? time = null) => _time = time ?? TimeProvider.System;

    /// <summary>How many opens found their key here.</summary>
    public long Hits => Interlocked.Read(ref _hits);

    /// <summary>Keys held now.</summary>
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

    /// <summary>
    /// Copies the key derived from <paramref name="password"/> with this salt and iteration count into
    /// <paramref name="kek"/> and starts its idle time again; false when none is held.
    /// </summary>
    public bool TryGet(ReadOnlySpan<byte> salt, int iterations, string password, Span<byte> kek)
    {
        Span<byte> mac = stackalloc byte[HMACSHA256.HashSizeInBytes];
        PasswordMac(password, mac);
        lock (_lock)
        {
            long now = _time.GetTimestamp();
            DropExpired(now);
            foreach (Entry entry in _entries)
            {
                if (entry.Iterations == iterations && salt.SequenceEqual(entry.Salt) && CryptographicOperations.FixedTimeEquals(mac, entry.PasswordMac))
                {
                    entry.Kek.CopyTo(kek);
                    entry.LastUsed = now;
                    _hits++;
                    return true;
                }
            }
        }

        return false;
    }

    /// <summary>
    /// Keeps <paramref name="kek"/>, which unwrapped the data key of the database at <paramref name="path"/>, for
    /// <paramref name="idle"/> after its last use; replaces what was kept for that file (one key block per file).
    /// </summary>
    public void Put(string path, ReadOnlySpan<byte> salt, int iterations, string password, ReadOnlySpan<byte> kek, TimeSpan idle)
    {
        if (idle <= TimeSpan.Zero)
        {
            return;
        }

        var entry = new Entry(path, salt.ToArray(), iterations, new byte[HMACSHA256.HashSizeInBytes], kek.ToArray(), idle)
        {
            LastUsed = _time.GetTimestamp(),
        };
        PasswordMac(password, entry.PasswordMac);
        lock (_lock)
        {
            RemoveWhere(e => PathComparer.Equals(e.Path, path));
            _entries.Add(entry);
            ScheduleExpiry();
        }
    }

    /// <summary>Drops what is kept for the database at <paramref name="path"/> (its password changed, or ClearPool).</summary>
    public void Forget(string path)
    {
        lock (_lock)
        {
            RemoveWhere(e => PathComparer.Equals(e.Path, path));
        }
    }

    /// <summary>Drops every key (ClearAllPools).</summary>
    public void Clear()
    {
        lock (_lock)
        {
            RemoveWhere(static _ => true);
        }
    }

    /// <summary>Drops every key and stops the expiry timer.</summary>
    public void Dispose()
    {
        Clear();
        lock (_lock)
        {
            _timer?.Dispose();
            _timer = null;
        }
    }

    private void PasswordMac(string password, Span<byte> mac)
    {
        byte[] utf8 = Encoding.UTF8.GetBytes(password);
        try
        {
            HMACSHA256.HashData(_passwordMacKey, utf8, mac);
        }
        finally
        {
            CryptographicOperations.ZeroMemory(utf8);
        }
    }

    // Under the lock.
    private void DropExpired(long now) => RemoveWhere(e => _time.GetElapsedTime(e.LastUsed, now) >= e.Idle);

    // Under the lock: the timer fires when the next entry would expire unused, so a key never outlives its
    // idle time by more than the timer's lateness, even when nothing opens a database again.
    private void ScheduleExpiry()
    {
        if (_entries.Count == 0)
        {
            _timer?.Dispose();
            _timer = null;
            return;
        }

        long now = _time.GetTimestamp();
        TimeSpan next = _entries.Min(e => e.Idle - _time.GetElapsedTime(e.LastUsed, now));
        if (next < TimeSpan.Zero)
        {
            next = TimeSpan.Zero;
        }

        _timer ??= _time.CreateTimer(static state => ((DerivedKeyCache)state!).OnTimer(), this, Timeout.InfiniteTimeSpan, Timeout.InfiniteTimeSpan);
        _timer.Change(next, Timeout.InfiniteTimeSpan);
    }

    private void OnTimer()
    {
        lock (_lock)
        {
            DropExpired(_time.GetTimestamp());
            ScheduleExpiry();
        }
    }

    // Under the lock.
    private void RemoveWhere(Predicate<Entry> match)
    {
        for (int i = _entries.Count - 1; i >= 0; i--)
        {
            Entry entry = _entries[i];
            if (match(entry))
            {
                CryptographicOperations.ZeroMemory(entry.Kek);
                CryptographicOperations.ZeroMemory(entry.PasswordMac);
                _entries.RemoveAt(i);
            }
        }
    }

    private sealed record Entry(string Path, byte[] Salt, int Iterations, byte[] PasswordMac, byte[] Kek, TimeSpan Idle)
    {
        public long LastUsed { get; set; }
    }
}
