// An open-addressing hash table from a 64-bit integer to a GROUP BY group, the
// fast path of AggregateNode for a single group key whose value is an INTEGER or
// BOOLEAN: the probe is a multiply, a mask and a compare of longs, with no
// DbValue hashing, no key array and no boxing. It is only an index: every group
// is also in AggregateNode's general dictionary, which stays the authority (so
// 1 and 1.0, or TRUE and 1, still land in one group).
namespace SharpCoreDB.Execution.Operators;

/// <summary>Maps integer group keys to their groups (linear probing, power-of-two capacity).</summary>
internal sealed class Int64GroupTable<TGroup>
    where TGroup : class
{
    private long[] _keys = new long[64];
    private TGroup?[] _groups = new TGroup?[64];
    private int _count;

    /// <summary>The group indexed under <paramref name="key"/>, or null.</summary>
    public TGroup? Find(long key)
    {
        int mask = _keys.Length - 1;
        int slot = Slot(key, mask);
        while (true)
        {
            TGroup? group = _groups[slot];
            if (group is null || _keys[slot] == key)
            {
                return group;
            }

            slot = (slot + 1) & mask;
        }
    }

    /// <summary>Indexes a group under a key not yet present.</summary>
    public void Add(long key, TGroup group)
    {
        if ((_count + 1) * 2 > _keys.Length)
        {
            Grow();
        }

        Insert(_keys, _groups, key, group);
        _count++;
    }

    public void Clear()
    {
        if (_count > 0)
        {
            Array.Clear(_groups);
            _count = 0;
        }
    }

    private void Grow()
    {
        long[] keys = new long[_keys.Length * 2];
        var groups = new TGroup?[keys.Length];
        for (int i = 0; i < _groups.Length; i++)
        {
            if (_groups[i] is { } group)
            {
                Insert(keys, groups, _keys[i], group);
            }
        }

        _keys = keys;
        _groups = groups;
    }

    private static void Insert(long[] keys, TGroup?[] groups, long key, TGroup group)
    {
        int mask = keys.Length - 1;
        int slot = Slot(key, mask);
        while (groups[slot] is not null)
        {
            slot = (slot + 1) & mask;
        }

        keys[slot] = key;
        groups[slot] = group;
    }

    // Fibonacci hashing: the high bits of key * 2^64/phi spread consecutive ages and ids over the table.
    private static int Slot(long key, int mask) => (int)((ulong)key * 0x9E3779B97F4A7C15UL >> 32) & mask;
}
