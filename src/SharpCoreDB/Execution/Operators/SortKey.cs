// One ORDER BY term after planning: which output slot, which direction, where
// NULLs go (SQLite's default: NULLs first ascending, last descending), and the
// collation texts sort by (null for BINARY, the common case, compared inline).

namespace SharpCoreDB.Execution.Operators;

/// <summary>A sort column.</summary>
internal readonly record struct SortKey(int Slot, bool Descending, bool NullsFirst, TextCollation? Collation = null)
{
    /// <summary>Compares two rows by <paramref name="keys"/>.</summary>
    public static int Compare(SortKey[] keys, ReadOnlySpan<DbValue> a, ReadOnlySpan<DbValue> b)
    {
        foreach (SortKey key in keys)
        {
            DbValue x = a[key.Slot];
            DbValue y = b[key.Slot];
            int c;
            if (x.IsNull || y.IsNull)
            {
                c = x.IsNull == y.IsNull ? 0 : x.IsNull == key.NullsFirst ? -1 : 1;
                if (c != 0)
                {
                    return c;
                }

                continue;
            }

            c = key.Collation is { } collation ? collation.Compare(x, y) : DbValue.Compare(x, y);
            if (c != 0)
            {
                return key.Descending ? -c : c;
            }
        }

        return 0;
    }
}
