// The order of an index's B+tree as one statement uses it: memcmp (null) for an index
// whose key columns are all under built-in collations (their keys are stored folded),
// else a CollatedKeyOrder whose column comparisons are the connection's registered
// collations (ApplicationCollations) for the columns under application collations.
// A statement that writes or searches such an index needs the registration: without
// one it is refused with SQLite's "no such collation sequence" (Refuse), never run in
// a wrong order. A copy in key order (VACUUM) compares nothing and takes the names as
// they are (FailWhenCompared), so it needs no registration.
using SharpCoreDB.Catalog;
using SharpCoreDB.Storage.Records;

namespace SharpCoreDB.Execution;

/// <summary>What an index's order does with an application collation its connection has not registered.</summary>
internal enum MissingCollation
{
    /// <summary>SQLite's "no such collation sequence" now.</summary>
    Refuse,

    /// <summary>The order is made; a comparison under the collation fails with SQLite's error.</summary>
    FailWhenCompared,
}

/// <summary>Builds the key orders of indexes under application collations.</summary>
internal static class IndexKeyOrders
{
    /// <summary>The order of <paramref name="index"/>'s tree on a connection with <paramref name="registered"/> collations; null for memcmp.</summary>
    public static CollatedKeyOrder? For(IndexSchema index, ApplicationCollations? registered, MissingCollation missing)
    {
        if (!index.HasApplicationCollation)
        {
            return null;
        }

        var columns = new Comparison<string>?[index.Collations.Length];
        for (int i = 0; i < columns.Length; i++)
        {
            TextCollation collation = index.Collations[i];
            if (collation.IsBuiltIn)
            {
                continue;
            }

            TextCollation resolved = registered?.Resolve(collation) ?? collation;
            columns[i] = (missing == MissingCollation.Refuse ? resolved.Usable() : resolved).CompareText;
        }

        return new CollatedKeyOrder(columns);
    }

    /// <summary>The orders of every index of <paramref name="table"/>, in its index order; empty when every one is memcmp.</summary>
    public static CollatedKeyOrder?[] Of(TableSchema table, ApplicationCollations? registered, MissingCollation missing) =>
        table.Indexes.Any(i => i.HasApplicationCollation) ? [.. table.Indexes.Select(i => For(i, registered, missing))] : [];
}
