// A row of values used as a dictionary key (GROUP BY, DISTINCT, hash joins,
// compound selects): equal when every value is equal in the DbValue order, so
// NULLs group together and 1 equals 1.0 as SQL requires.

namespace SharpCoreDB.Execution;

/// <summary>Value-equality wrapper around a row of keys.</summary>
internal readonly struct HashKey(DbValue[] values) : IEquatable<HashKey>
{
    public DbValue[] Values => values;

    public bool Equals(HashKey other)
    {
        DbValue[] o = other.Values;
        if (o.Length != values.Length)
        {
            return false;
        }

        for (int i = 0; i < values.Length; i++)
        {
            if (!values[i].Equals(o[i]))
            {
                return false;
            }
        }

        return true;
    }

    public override bool Equals(object? obj) => obj is HashKey other && Equals(other);

    public override int GetHashCode()
    {
        var hash = default(HashCode);
        foreach (DbValue value in values)
        {
            hash.Add(value.GetHashCode());
        }

        return hash.ToHashCode();
    }
}
