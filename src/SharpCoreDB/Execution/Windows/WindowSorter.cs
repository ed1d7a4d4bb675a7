// Puts rows into window order: by PARTITION BY, then ORDER BY, then the order in which
// the previous window left them ("arrival", see WindowNode). The general path sorts row
// numbers with SortKey comparisons of the values. The common shape (at most one
// PARTITION BY and one ORDER BY value, each an integer, a boolean or NULL, without a
// collation) is sorted as packed structs compared field by field instead: no delegate
// per comparison and no DbValue type dispatch, several times faster on large inputs.
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Execution.Windows;

/// <summary>Sorts row numbers into window order.</summary>
internal static class WindowSorter
{
    public static int[] Sort(RowValues partitions, SortKey[] partitionKeys, RowValues orders, SortKey[] orderKeys, int[] arrival)
    {
        int count = partitions.Count;
        if (TrySortPacked(partitions, partitionKeys, orders, orderKeys, arrival) is { } packed)
        {
            return packed;
        }

        int[] sorted = new int[count];
        for (int i = 0; i < count; i++)
        {
            sorted[i] = i;
        }

        Array.Sort(sorted, (a, b) =>
        {
            int c = SortKey.Compare(partitionKeys, partitions[a], partitions[b]);
            if (c == 0)
            {
                c = SortKey.Compare(orderKeys, orders[a], orders[b]);
            }

            return c != 0 ? c : arrival[a].CompareTo(arrival[b]);
        });
        return sorted;
    }

    private static int[]? TrySortPacked(RowValues partitions, SortKey[] partitionKeys, RowValues orders, SortKey[] orderKeys, int[] arrival)
    {
        if (partitionKeys.Length > 1 || orderKeys.Length > 1 || (orderKeys.Length == 1 && orderKeys[0].Collation is not null)
            || (partitionKeys.Length == 1 && partitionKeys[0].Collation is not null))
        {
            return null;
        }

        var packed = new Packed[partitions.Count];
        for (int i = 0; i < packed.Length; i++)
        {
            if (!TryPack(partitionKeys.Length == 1 ? partitions[i][0] : DbValue.Null, nullsFirst: true, descending: false, out int pNull, out long p)
                || !TryPack(orderKeys.Length == 1 ? orders[i][0] : DbValue.Null, orderKeys.Length == 0 || orderKeys[0].NullsFirst,
                    orderKeys.Length == 1 && orderKeys[0].Descending, out int oNull, out long o))
            {
                return null;
            }

            packed[i] = new Packed(pNull, p, oNull, o, arrival[i], i);
        }

        Array.Sort(packed, default(PackedComparer));
        int[] sorted = new int[packed.Length];
        for (int i = 0; i < sorted.Length; i++)
        {
            sorted[i] = packed[i].Row;
        }

        return sorted;
    }

    // NULL sorts by its own rank before or after every value; a descending value is stored
    // complemented (~v), which reverses the order without overflow.
    private static bool TryPack(DbValue value, bool nullsFirst, bool descending, out int nullRank, out long packed)
    {
        packed = 0;
        if (value.IsNull)
        {
            nullRank = nullsFirst ? 0 : 2;
            return true;
        }

        nullRank = 1;
        if (value.Type is not (DbValueType.Integer or DbValueType.Boolean))
        {
            return false;
        }

        long v = value.Type == DbValueType.Boolean ? (value.AsBoolean() ? 1 : 0) : value.AsInt64();
        packed = descending ? ~v : v;
        return true;
    }

    private readonly record struct Packed(int PartitionNull, long Partition, int OrderNull, long Order, int Arrival, int Row);

    private readonly struct PackedComparer : IComparer<Packed>
    {
        public int Compare(Packed x, Packed y)
        {
            int c = x.PartitionNull.CompareTo(y.PartitionNull);
            if (c != 0)
            {
                return c;
            }

            c = x.Partition.CompareTo(y.Partition);
            if (c != 0)
            {
                return c;
            }

            c = x.OrderNull.CompareTo(y.OrderNull);
            if (c != 0)
            {
                return c;
            }

            c = x.Order.CompareTo(y.Order);
            return c != 0 ? c : x.Arrival.CompareTo(y.Arrival);
        }
    }
}
