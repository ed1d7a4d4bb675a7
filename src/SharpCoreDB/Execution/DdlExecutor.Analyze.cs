// ANALYZE: for each table (all of them, a schema's, one table's, or just one index's),
// counts its rows and, for each index, its entries and the distinct values of each key
// prefix, and stores them in sqlite_stat1 in SQLite's format (Catalog/StoredStatistics),
// creating that table the first time. The index is read in key order and each key
// walked value by value (KeyEncoder.ValueLength), so a prefix differs from the entry
// before exactly when its bytes do: one pass, no decoding, no memory that grows with the
// table. An index under an application collation compares its prefixes in its order
// instead (texts its collation calls equal are one value), so ANALYZE needs the
// connection's registration, as SQLite does. The rows replace the ones stored before for the same table (or index), and
// DROP TABLE / DROP INDEX delete theirs, as in SQLite. The schema version changes, so
// plans are made again with the new figures.
using SharpCoreDB.Catalog;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Records;
using SharpCoreDB.Storage.Transactions;

namespace SharpCoreDB.Execution;

internal static partial class DdlExecutor
{
    private static SchemaCatalog Analyze(WriteTransaction tx, SchemaCatalog catalog, AnalyzeStatement analyze, ApplicationCollations collations)
    {
        List<(TableSchema Table, IndexSchema? Only)> targets = AnalyzeTargets(catalog, analyze.Target);
        if (targets.Count == 0)
        {
            return catalog;
        }

        TableSchema stat = catalog.FindTable(StoredStatistics.TableName) ?? CreateStatTable(tx);
        TableTree statTree = TableTree.Open(tx, stat.RootPage);
        foreach ((TableSchema table, IndexSchema? only) in targets)
        {
            DeleteStatistics(statTree, table.Name, only?.Name);
            long rows = TableTree.Open(tx, table.RootPage).Count();
            if (table.Indexes.Count == 0 && rows > 0)
            {
                WriteStatistics(statTree, table.Name, null, rows.ToString(System.Globalization.CultureInfo.InvariantCulture));
            }

            foreach (IndexSchema index in table.Indexes)
            {
                if ((only is null || only == index) && IndexStatistics(tx, index, IndexKeyOrders.For(index, collations, MissingCollation.Refuse)) is { } text)
                {
                    WriteStatistics(statTree, table.Name, index.Name, text);
                }
            }
        }

        return Changed(tx);
    }

    /// <summary>Deletes what sqlite_stat1 holds for <paramref name="table"/> (only for <paramref name="index"/> when given).</summary>
    internal static void DeleteStatistics(WriteTransaction tx, SchemaCatalog catalog, string table, string? index)
    {
        // Dropping sqlite_stat1 itself drops its rows with it (its tree may already be freed).
        if (!IsStatTable(table) && catalog.FindTable(StoredStatistics.TableName) is { } stat)
        {
            DeleteStatistics(TableTree.Open(tx, stat.RootPage), table, index);
        }
    }

    // As SQLite resolves ANALYZE's name: none, "main" (or "temp", which holds nothing here) for every table; else a
    // table, else an index (just that one), each optionally after "main.".
    private static List<(TableSchema Table, IndexSchema? Only)> AnalyzeTargets(SchemaCatalog catalog, QualifiedName? target)
    {
        bool IsSchema(string name) => name.Equals("main", StringComparison.OrdinalIgnoreCase) || name.Equals("temp", StringComparison.OrdinalIgnoreCase);
        if (target is null || (target.Schema is null && IsSchema(target.Name)))
        {
            bool temp = target is not null && target.Name.Equals("temp", StringComparison.OrdinalIgnoreCase);
            return temp ? [] : [.. catalog.Tables.Where(t => !IsStatTable(t.Name)).OrderBy(t => t.CatalogId).Select(t => (t, (IndexSchema?)null))];
        }

        if (target.Schema is { } schema && !IsSchema(schema))
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"unknown database {schema}");
        }

        if (catalog.FindTable(target.Name) is { } table && !IsStatTable(table.Name))
        {
            return [(table, null)];
        }

        return catalog.FindIndex(target.Name) is { } index
            ? [(catalog.GetTable(index.TableName), index)]
            : throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"no such table: {(target.Schema is null ? "" : target.Schema + ".")}{target.Name}");
    }

    private static bool IsStatTable(string name) => name.Equals(StoredStatistics.TableName, StringComparison.OrdinalIgnoreCase);

    // sqlite_stat1, created as SQLite creates it (its reserved name is refused to users, not to ANALYZE).
    private static TableSchema CreateStatTable(WriteTransaction tx)
    {
        var create = (CreateTableStatement)CatalogStore.ParseStored(StoredStatistics.Definition);
        TableTree tree = TableTree.Create(tx);
        CatalogStore.Write(tx, NextId(tx), CatalogStore.TableType, StoredStatistics.TableName, StoredStatistics.TableName, tree.RootPage,
            DbValue.FromText(Sql.Printing.SqlText.Of(create)));
        return TableSchemaBuilder.Build(create, tree.RootPage, 0, out _);
    }

    // "N a1 .. ak" for an index with entries, null for an empty one (SQLite stores nothing for it either).
    private static string? IndexStatistics(WriteTransaction tx, IndexSchema index, CollatedKeyOrder? order)
    {
        int keys = index.Columns.Length;
        var distinct = new long[keys];
        var previousEnds = new int[keys];
        var ends = new int[keys];
        byte[] previous = [];
        long entries = 0;
        BTreeCursor cursor = BTree.Open(tx, index.RootPage, order).OpenCursor();
        for (bool ok = cursor.SeekFirst(); ok; ok = cursor.Next())
        {
            ReadOnlySpan<byte> key = cursor.Key;
            for (int i = 0, at = 0; i < keys; i++)
            {
                at += KeyEncoder.ValueLength(key[at..]);
                ends[i] = at;
            }

            // Prefixes from the first one whose bytes differ from the entry before are new values.
            int first = 0;
            while (entries > 0 && first < keys && SamePrefix(key[..ends[first]], previous.AsSpan(0, previousEnds[first]), order))
            {
                first++;
            }

            for (int i = entries == 0 ? 0 : first; i < keys; i++)
            {
                distinct[i]++;
            }

            entries++;
            if (previous.Length < ends[keys - 1])
            {
                previous = new byte[Math.Max(ends[keys - 1], previous.Length * 2)];
            }

            key[..ends[keys - 1]].CopyTo(previous);
            ends.CopyTo(previousEnds, 0);
        }

        if (entries == 0)
        {
            return null;
        }

        var text = new System.Text.StringBuilder().Append(entries);
        foreach (long d in distinct)
        {
            text.Append(' ').Append((entries + d - 1) / d);
        }

        return text.ToString();
    }

    // Two key prefixes of the same values: equal bytes, or, in a collated order, values it calls equal.
    private static bool SamePrefix(ReadOnlySpan<byte> prefix, ReadOnlySpan<byte> previous, CollatedKeyOrder? order) =>
        order is null ? prefix.SequenceEqual(previous) : order.Compare(prefix, previous) == 0;

    private static void WriteStatistics(TableTree stat, string table, string? index, string text)
    {
        DbValue[] row = [DbValue.FromText(table), index is null ? DbValue.Null : DbValue.FromText(index), DbValue.FromText(text)];
        byte[] record = new byte[RecordWriter.GetSize(row)];
        RecordWriter.Write(row, record);
        stat.Insert(stat.NextRowId(), record, BTreeInsertMode.FailIfExists);
    }

    private static void DeleteStatistics(TableTree stat, string table, string? index)
    {
        var gone = new List<long>();
        BTreeCursor cursor = stat.Tree.OpenCursor();
        var row = new DbValue[3];
        for (bool ok = cursor.SeekFirst(); ok; ok = cursor.Next())
        {
            new RecordReader(cursor.Value).ReadAll(row);
            if (row[0].Type == DbValueType.Text && string.Equals(row[0].AsText(), table, StringComparison.OrdinalIgnoreCase)
                && (index is null || (row[1].Type == DbValueType.Text && string.Equals(row[1].AsText(), index, StringComparison.OrdinalIgnoreCase))))
            {
                gone.Add(RowIdKey.Read(cursor.Key));
            }
        }

        foreach (long rowId in gone)
        {
            stat.Delete(rowId);
        }
    }
}
