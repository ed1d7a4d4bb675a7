// The operators that find equal values (GROUP BY, DISTINCT, UNION/INTERSECT/EXCEPT,
// IN (SELECT ..), DISTINCT aggregates) hash them, texts first folded by their
// collation (TextCollation.Key), so that BINARY equality of the folded values is the
// collation's equality. An application collation cannot fold: values it calls equal
// may differ in every character. Those operators then keep their keys in a sorted set
// or dictionary ordered by this comparer, which compares column by column under each
// column's collation, so that two texts are one key exactly when the collation calls
// them equal (SQLite's rule: it groups by sorting with the collation).
namespace SharpCoreDB.Execution;

/// <summary>Orders rows of keys under per-column collations (null: BINARY).</summary>
internal sealed class CollatedKeys : IComparer<HashKey>, IComparer<DbValue>
{
    private readonly TextCollation?[] _collations;

    private CollatedKeys(TextCollation?[] collations) => _collations = collations;

    /// <summary>
    /// The comparer for keys under <paramref name="collations"/> (one per key column), or null when every one can fold
    /// and hashing folded keys is exact. Refuses a collation the connection has not registered.
    /// </summary>
    public static CollatedKeys? For(IEnumerable<TextCollation?> collations)
    {
        TextCollation?[] all = [.. collations];
        return all.All(c => c is null || c.Usable().CanFold) ? null : new CollatedKeys(all);
    }

    /// <summary>The comparer for single values under <paramref name="collation"/>, or null when it can fold.</summary>
    public static CollatedKeys? For(TextCollation? collation) => For([collation]);

    /// <summary>A set of keys: hashed when <paramref name="order"/> is null (keys folded by the caller), else ordered by it.</summary>
    public static ISet<HashKey> NewSet(CollatedKeys? order) => order is null ? new HashSet<HashKey>() : new SortedSet<HashKey>(order);

    /// <summary>A dictionary keyed by rows of keys, as <see cref="NewSet(CollatedKeys?)"/>.</summary>
    public static IDictionary<HashKey, T> NewDictionary<T>(CollatedKeys? order) =>
        order is null ? new Dictionary<HashKey, T>() : new SortedDictionary<HashKey, T>(order);

    /// <summary>A set of single values, as <see cref="NewSet(CollatedKeys?)"/>.</summary>
    public static ISet<DbValue> NewValueSet(CollatedKeys? order) => order is null ? new HashSet<DbValue>() : new SortedSet<DbValue>(order);

    public int Compare(HashKey x, HashKey y)
    {
        DbValue[] a = x.Values, b = y.Values;
        for (int i = 0; i < a.Length && i < b.Length; i++)
        {
            int c = Compare(i, a[i], b[i]);
            if (c != 0)
            {
                return c;
            }
        }

        return a.Length.CompareTo(b.Length);
    }

    public int Compare(DbValue x, DbValue y) => Compare(0, x, y);

    /// <summary>Two values of key column <paramref name="column"/> under its collation.</summary>
    public int Compare(int column, in DbValue x, in DbValue y) =>
        column < _collations.Length && _collations[column] is { } collation ? collation.Compare(x, y) : DbValue.Compare(x, y);
}
