// Decides whether a single-table access path already returns rows in the order
// an ORDER BY asks for, so no sort is needed: a rowid scan (either direction)
// for ORDER BY rowid, an index seek whose remaining index columns (after the
// equality prefix, then the rowid) are the ORDER BY columns, or - replacing a
// full table scan - a full scan of an index whose leading columns are the
// ORDER BY columns. An index scan runs forward (ascending, NULLs first: the
// key order) or backward (descending, NULLs last), so the terms it serves all
// go one way with SQLite's default NULL placement for that way (NULLs are the
// smallest values); NULLS FIRST on a descending term (or LAST on an ascending
// one) still sorts, unless the column is NOT NULL. Backward, ties come in
// descending rowid order, which also serves a trailing `rowid DESC`.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Planning;

/// <summary>One ORDER BY term as a column of the only table (<see cref="TableSchema.RowIdOrdinal"/> for the rowid).</summary>
internal readonly record struct OrderColumn(int Column, bool Descending, bool NullsFirst, TextCollation Collation);

/// <summary>Matches ORDER BY terms with access paths.</summary>
internal static class IndexOrder
{
    /// <summary>The source to use and whether it yields <paramref name="order"/>; the source is unchanged when it does not.</summary>
    public static (RowSource Source, bool Satisfied) Apply(PlanningContext planning, Relation relation, RowSource source,
        IReadOnlyList<OrderColumn> order)
    {
        TableSchema table = relation.Table!;
        switch (source)
        {
            case TableScanSource scan:
                if (order.Count == 1 && order[0].Column == TableSchema.RowIdOrdinal)
                {
                    return (scan.InDirection(Direction(order[0].Descending)), true);
                }

                if (!scan.IsBounded && !relation.NotIndexed)
                {
                    foreach (IndexSchema index in table.Indexes.Where(relation.CanUse))
                    {
                        if (Follows(table, index, 0, order, out bool backwards))
                        {
                            var full = new IndexSeekSource(planning.Query, table, index, scan.Decoder, relation.Name, IndexProbe.Everything,
                                Direction(backwards), planning.KeyOrder(index));
                            return (full, true);
                        }
                    }
                }

                break;

            case IndexSeekSource seek when !seek.HasInList:
                if (Follows(table, seek.Index, seek.EqualCount, order, out bool reverse))
                {
                    return (seek.InDirection(Direction(reverse)), true);
                }

                break;
        }

        return (source, false);
    }

    private static ScanDirection Direction(bool backwards) => backwards ? ScanDirection.Backward : ScanDirection.Forward;

    // True when the index entries whose first `fixedColumns` columns are constant
    // come in `order`, read forward or (backwards = true) backward: terms on the
    // constant columns are skipped, the others must be the next index columns in
    // sequence, then possibly the rowid, all in one direction.
    private static bool Follows(TableSchema table, IndexSchema index, int fixedColumns, IReadOnlyList<OrderColumn> order, out bool backwards)
    {
        int next = fixedColumns;
        bool rowIdSeen = false;
        bool? direction = null;
        backwards = false;
        foreach (OrderColumn term in order)
        {
            if (!SameCollation(index, term))
            {
                // A NOCASE index does not give BINARY order, nor the reverse.
                return false;
            }

            if (rowIdSeen || IsFixed(index, fixedColumns, term.Column))
            {
                if (rowIdSeen)
                {
                    return false;
                }

                continue;
            }

            // Forward puts NULLs first, backward last; a column without NULLs fits either way.
            bool nullable = term.Column != TableSchema.RowIdOrdinal && !table.Columns[term.Column].NotNull;
            if ((nullable && term.NullsFirst == term.Descending) || (direction is { } d && d != term.Descending))
            {
                return false;
            }

            direction = term.Descending;

            if (next < index.Columns.Length && index.Columns[next] == term.Column)
            {
                next++;
            }
            else if (next == index.Columns.Length && term.Column == TableSchema.RowIdOrdinal)
            {
                rowIdSeen = true;
            }
            else
            {
                return false;
            }
        }

        backwards = direction ?? false;
        return true;
    }

    private static bool SameCollation(IndexSchema index, OrderColumn term)
    {
        int position = Array.IndexOf(index.Columns, term.Column);
        return position < 0 || index.Collations[position].SameAs(term.Collation);
    }

    private static bool IsFixed(IndexSchema index, int fixedColumns, int column)
    {
        for (int i = 0; i < fixedColumns; i++)
        {
            if (index.Columns[i] == column)
            {
                return true;
            }
        }

        return false;
    }
}
