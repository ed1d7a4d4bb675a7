// The statistics ANALYZE keeps in the database, in SQLite's table and format so that
// tools reading sqlite_stat1 understand them: one row per index (tbl, idx, "N a1 a2 ..":
// its entry count, then for each key prefix of 1, 2, .. columns the average number of
// entries sharing a value of it, rounded up) and one per table without an index
// (tbl, NULL, "N"). The catalog reads them with the schema, so the planner sees them
// from the next schema load on (ANALYZE changes the schema version, as in SQLite; a
// hand edit of the table counts at the next schema change or open).
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Storage.Records;

namespace SharpCoreDB.Catalog;

/// <summary>Reads sqlite_stat1 into the schema.</summary>
internal static class StoredStatistics
{
    /// <summary>The table's name, as in SQLite (it is reserved: users cannot create it, only ANALYZE does).</summary>
    public const string TableName = "sqlite_stat1";

    /// <summary>The statement ANALYZE creates it with.</summary>
    public const string Definition = "CREATE TABLE sqlite_stat1(tbl,idx,stat)";

    /// <summary><paramref name="tables"/> with the statistics sqlite_stat1 holds for them (unchanged when it does not exist).</summary>
    public static List<TableSchema> Apply(IPageAccess pages, List<TableSchema> tables)
    {
        TableSchema? stat = tables.Find(t => string.Equals(t.Name, TableName, StringComparison.OrdinalIgnoreCase));
        if (stat is null)
        {
            return tables;
        }

        var rows = new Dictionary<(string Table, string? Index), long[]>();
        BTreeCursor cursor = TableTree.Open(pages, stat.RootPage).Tree.OpenCursor();
        var row = new DbValue[3];
        for (bool ok = cursor.SeekFirst(); ok; ok = cursor.Next())
        {
            new RecordReader(cursor.Value).ReadAll(row);
            if (row[0].Type == DbValueType.Text && row[2].Type == DbValueType.Text && Parse(row[2].AsText()) is { } numbers)
            {
                rows[(row[0].AsText().ToLowerInvariant(), row[1].IsNull ? null : row[1].AsText().ToLowerInvariant())] = numbers;
            }
        }

        var result = new List<TableSchema>(tables.Count);
        foreach (TableSchema table in tables)
        {
            string name = table.Name.ToLowerInvariant();
            long? count = rows.TryGetValue((name, null), out long[]? own) ? own[0] : null;
            var indexes = new List<IndexSchema>(table.Indexes.Count);
            foreach (IndexSchema index in table.Indexes)
            {
                long[]? numbers = rows.GetValueOrDefault((name, index.Name.ToLowerInvariant()));
                count ??= numbers is not null && !index.IsPartial ? numbers[0] : null;
                indexes.Add(numbers is null ? index : index with { Statistics = numbers });
            }

            result.Add(count is null && indexes.All(i => i.Statistics is null) ? table : table.WithIndexes(indexes, count));
        }

        return result;
    }

    /// <summary>The leading numbers of a stat text ("5000 2500 5"); SQLite's trailing words (unordered, sz=..) are ignored.</summary>
    public static long[]? Parse(string stat)
    {
        var numbers = new List<long>();
        foreach (string word in stat.Split(' ', StringSplitOptions.RemoveEmptyEntries))
        {
            if (!long.TryParse(word, System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out long n))
            {
                break;
            }

            numbers.Add(n);
        }

        return numbers.Count == 0 ? null : [.. numbers];
    }
}
