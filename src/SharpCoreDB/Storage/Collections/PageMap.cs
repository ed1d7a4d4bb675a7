// A hash map keyed by page number, for the storage paths every statement runs
// (a savepoint's pre-images, the pages a transaction keeps heads for, the cache's
// chained pages). The framework's Dictionary and HashSet over our types, or over
// uint, are generic code from the framework: the package's ReadyToRun images cannot
// hold their instantiations, so a fresh process had the JIT compile about twenty of
// their methods inside its first 1,000-row batch (measured with
// DOTNET_JitDisasmSummary: Dictionary<uint, Savepoint.PreImage>, HashSet<uint>).
// This map is the engine's own code, precompiled with it for every instantiation it
// uses.
//
// Open addressing with linear probing over a power-of-two table kept at most half
// full; a key's home slot is its Fibonacci hash. Removal shifts the entries after
// the removed one back (no tombstones), so a lookup stops at the first empty slot.
// Enumeration order is the table's, not insertion order.
using System.Runtime.CompilerServices;

namespace SharpCoreDB.Storage.Collections;

/// <summary>A map from page number to <typeparamref name="TValue"/> (not thread-safe).</summary>
internal sealed class PageMap<TValue>
{
    private const int InitialCapacity = 8;

    private uint[] _keys = new uint[InitialCapacity];
    private TValue[] _values = new TValue[InitialCapacity];
    private bool[] _used = new bool[InitialCapacity];
    private int _shift = 32 - 3;

    public int Count { get; private set; }

    public bool ContainsKey(uint page) => Find(page) >= 0;

    public bool TryGetValue(uint page, out TValue value)
    {
        int slot = Find(page);
        if (slot < 0)
        {
            value = default!;
            return false;
        }

        value = _values[slot];
        return true;
    }

    /// <summary>Adds <paramref name="page"/> unless present; returns whether it was added.</summary>
    public bool TryAdd(uint page, TValue value)
    {
        int slot = Probe(page);
        if (_used[slot])
        {
            return false;
        }

        Insert(slot, page, value);
        return true;
    }

    /// <summary>Sets the value of <paramref name="page"/>, adding it if absent.</summary>
    public void Set(uint page, TValue value)
    {
        int slot = Probe(page);
        if (_used[slot])
        {
            _values[slot] = value;
        }
        else
        {
            Insert(slot, page, value);
        }
    }

    /// <summary>Removes <paramref name="page"/>; returns whether it was present.</summary>
    public bool Remove(uint page)
    {
        int slot = Find(page);
        if (slot < 0)
        {
            return false;
        }

        // Backward shift: each later entry of the run moves into the hole unless its home lies cyclically in
        // (hole, entry], where a lookup starting at its home would not pass the hole.
        int mask = _keys.Length - 1;
        int hole = slot;
        for (int next = (hole + 1) & mask; _used[next]; next = (next + 1) & mask)
        {
            int home = Home(_keys[next]);
            bool reachable = hole <= next ? home > hole && home <= next : home > hole || home <= next;
            if (!reachable)
            {
                _keys[hole] = _keys[next];
                _values[hole] = _values[next];
                hole = next;
            }
        }

        _used[hole] = false;
        _values[hole] = default!;
        Count--;
        return true;
    }

    public void Clear()
    {
        if (Count == 0)
        {
            return;
        }

        Array.Clear(_used);
        if (RuntimeHelpers.IsReferenceOrContainsReferences<TValue>())
        {
            Array.Clear(_values);
        }

        Count = 0;
    }

    public Enumerator GetEnumerator() => new(this);

    private int Home(uint page) => (int)((page * 0x9E3779B9u) >> _shift);

    // The slot holding page, or the empty slot where it would go.
    private int Probe(uint page)
    {
        int mask = _keys.Length - 1;
        int slot = Home(page);
        while (_used[slot] && _keys[slot] != page)
        {
            slot = (slot + 1) & mask;
        }

        return slot;
    }

    private int Find(uint page)
    {
        int slot = Probe(page);
        return _used[slot] ? slot : -1;
    }

    private void Insert(int slot, uint page, TValue value)
    {
        _keys[slot] = page;
        _values[slot] = value;
        _used[slot] = true;
        if (++Count * 2 > _keys.Length)
        {
            Grow();
        }
    }

    private void Grow()
    {
        uint[] keys = _keys;
        TValue[] values = _values;
        bool[] used = _used;
        _keys = new uint[keys.Length * 2];
        _values = new TValue[keys.Length * 2];
        _used = new bool[keys.Length * 2];
        _shift--;
        for (int i = 0; i < keys.Length; i++)
        {
            if (used[i])
            {
                int slot = Probe(keys[i]);
                _keys[slot] = keys[i];
                _values[slot] = values[i];
                _used[slot] = true;
            }
        }
    }

    /// <summary>Walks the entries in table order; the map must not change meanwhile.</summary>
    public struct Enumerator(PageMap<TValue> map)
    {
        private int _slot = -1;

        public readonly PageMapEntry<TValue> Current => new(map._keys[_slot], map._values[_slot]);

        public bool MoveNext()
        {
            while (++_slot < map._used.Length)
            {
                if (map._used[_slot])
                {
                    return true;
                }
            }

            return false;
        }
    }
}

/// <summary>One entry of a <see cref="PageMap{TValue}"/>.</summary>
internal readonly struct PageMapEntry<TValue>(uint page, TValue value)
{
    public uint Page { get; } = page;

    public TValue Value { get; } = value;

    public void Deconstruct(out uint page, out TValue value)
    {
        page = Page;
        value = Value;
    }
}
