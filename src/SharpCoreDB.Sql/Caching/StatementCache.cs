// A bounded, thread-safe cache from SQL text to its parsed SqlScript, so that a
// statement run again (with new parameter values) is not parsed again.
//
// Lookups go through a ConcurrentDictionary (lock-free reads) and, on a hit, only
// set the entry's "referenced" bit if it is clear: no allocation, no lock, no
// shared write in the steady state. Eviction is CLOCK (second chance): entries sit
// in a ring; when the cache is full, the hand sweeps the ring clearing referenced
// bits and evicts the first entry whose bit was already clear. Insertions take a
// lock; they happen only on a miss, after a parse that costs far more.
//
// Parse failures are not cached: they throw every time. Texts longer than
// MaxCachedLength are parsed but not kept, so that one huge script cannot pin
// megabytes of AST.
using System.Collections.Concurrent;

namespace SharpCoreDB.Sql;

/// <summary>A thread-safe, bounded (CLOCK) cache of parsed SQL keyed by its exact text.</summary>
internal sealed class StatementCache
{
    /// <summary>The capacity used by the parameterless constructor.</summary>
    public const int DefaultCapacity = 1024;

    /// <summary>SQL texts longer than this (in chars) are parsed but not cached.</summary>
    public const int MaxCachedLength = 64 * 1024;

    private readonly ConcurrentDictionary<string, Entry> _entries;
    private readonly Entry?[] _ring;
    private readonly Lock _insertLock = new();
    private int _hand;
    private int _used;

    /// <summary>Creates a cache holding at most <see cref="DefaultCapacity"/> statements.</summary>
    public StatementCache()
        : this(DefaultCapacity)
    {
    }

    /// <summary>Creates a cache holding at most <paramref name="capacity"/> SQL texts.</summary>
    public StatementCache(int capacity)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(capacity, 1);
        Capacity = capacity;
        _ring = new Entry?[capacity];
        _entries = new ConcurrentDictionary<string, Entry>(Environment.ProcessorCount, capacity, StringComparer.Ordinal);
    }

    /// <summary>The most SQL texts the cache holds.</summary>
    public int Capacity { get; }

    /// <summary>How many SQL texts the cache holds now.</summary>
    public int Count => _entries.Count;

    /// <summary>Returns the cached parse of <paramref name="sql"/>, parsing and caching it on a miss.</summary>
    /// <exception cref="SqlSyntaxException">The text does not parse (nothing is cached then).</exception>
    public SqlScript GetOrParse(string sql)
    {
        if (TryGet(sql, out SqlScript? script))
        {
            return script;
        }

        script = SqlParser.Parse(sql);
        if (sql.Length <= MaxCachedLength)
        {
            Add(sql, script);
        }

        return script;
    }

    /// <summary>Looks <paramref name="sql"/> up without parsing; allocation-free.</summary>
    public bool TryGet(string sql, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out SqlScript? script)
    {
        ArgumentNullException.ThrowIfNull(sql);
        if (_entries.TryGetValue(sql, out Entry? entry))
        {
            // Write only when the bit changes, so hot entries do not bounce a cache line between cores.
            if (!entry.Referenced)
            {
                entry.Referenced = true;
            }

            script = entry.Script;
            return true;
        }

        script = null;
        return false;
    }

    /// <summary>Removes every entry.</summary>
    public void Clear()
    {
        lock (_insertLock)
        {
            _entries.Clear();
            Array.Clear(_ring);
            _used = 0;
            _hand = 0;
        }
    }

    private void Add(string sql, SqlScript script)
    {
        lock (_insertLock)
        {
            if (_entries.ContainsKey(sql))
            {
                return;
            }

            int slot = _used < _ring.Length ? _used++ : Evict();
            var entry = new Entry(sql, script);
            _ring[slot] = entry;
            _entries[sql] = entry;
        }
    }

    /// <summary>Sweeps the clock hand to a slot whose entry was not referenced since the last sweep; frees it.</summary>
    private int Evict()
    {
        while (true)
        {
            int slot = _hand;
            _hand = (_hand + 1) % _ring.Length;
            Entry victim = _ring[slot]!;
            if (victim.Referenced)
            {
                victim.Referenced = false;
                continue;
            }

            _entries.TryRemove(victim.Sql, out _);
            return slot;
        }
    }

    private sealed class Entry(string sql, SqlScript script)
    {
        public string Sql { get; } = sql;

        public SqlScript Script { get; } = script;

        /// <summary>Set on each hit, cleared by the passing clock hand. Races only cost precision.</summary>
        public volatile bool Referenced;
    }
}
