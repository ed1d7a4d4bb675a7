// PRAGMA statements: integrity_check (every B+tree verified, each index checked
// against its table, the free list and page accounting), table_info(t) and
// index_list(t); setters are accepted and ignored (the engine has no run-time
// settings that PRAGMA controls).
using SharpCoreDB.Catalog;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Printing;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Storage.Records;
using SharpCoreDB.Storage.Transactions;
using SharpCoreDB.Values;

namespace SharpCoreDB.Engine;

/// <summary>Runs PRAGMA statements.</summary>
internal static class PragmaRunner
{
    public static bool IsSetter(PragmaStatement pragma) =>
        pragma.Value is not null && !Is(pragma, "table_info") && !Is(pragma, "index_list") && !Is(pragma, "integrity_check");

    public static IReadOnlyList<ColumnDescription> Columns(PragmaStatement pragma)
    {
        if (Is(pragma, "integrity_check"))
        {
            return [Text("integrity_check")];
        }

        if (Is(pragma, "table_info"))
        {
            return [Text("cid"), Text("name"), Text("type"), Text("notnull"), Text("dflt_value"), Text("pk")];
        }

        if (Is(pragma, "index_list"))
        {
            return [Text("seq"), Text("name"), Text("unique")];
        }

        return [];
    }

    public static List<DbValue[]> Run(PragmaStatement pragma, IPageAccess pages, DatabaseState state, SchemaCatalog catalog)
    {
        var rows = new List<DbValue[]>();
        if (Is(pragma, "integrity_check"))
        {
            foreach (string problem in IntegrityCheck(pages, state, catalog))
            {
                rows.Add([DbValue.FromText(problem)]);
            }

            if (rows.Count == 0)
            {
                rows.Add([DbValue.FromText("ok")]);
            }
        }
        else if (Is(pragma, "table_info") && pragma.Value is { } value && catalog.FindTable(Name(value)) is { } table)
        {
            foreach (ColumnSchema c in table.Columns)
            {
                rows.Add([DbValue.FromInt64(c.Ordinal), DbValue.FromText(c.Name), DbValue.FromText(c.DeclaredType ?? string.Empty),
                    DbValue.FromInt64(c.NotNull ? 1 : 0), c.Default is null ? DbValue.Null : DbValue.FromText(SqlText.Of(c.Default)),
                    DbValue.FromInt64(c.IsPrimaryKey ? 1 : 0)]);
            }
        }
        else if (Is(pragma, "index_list") && pragma.Value is { } v && catalog.FindTable(Name(v)) is { } t)
        {
            for (int i = 0; i < t.Indexes.Count; i++)
            {
                rows.Add([DbValue.FromInt64(i), DbValue.FromText(t.Indexes[i].Name), DbValue.FromInt64(t.Indexes[i].IsUnique ? 1 : 0)]);
            }
        }

        return rows;
    }

    private static List<string> IntegrityCheck(IPageAccess pages, DatabaseState state, SchemaCatalog catalog)
    {
        var problems = new List<string>();
        long pagesInTrees = 0;
        if (state.CatalogRoot != 0)
        {
            pagesInTrees += Verify(pages, state.CatalogRoot, "catalog", problems);
        }

        foreach (TableSchema table in catalog.Tables)
        {
            pagesInTrees += Verify(pages, table.RootPage, "table " + table.Name, problems);
            long rows = 0;
            try
            {
                rows = TableTree.Open(pages, table.RootPage).Count();
            }
            catch (SharpCoreDBException e)
            {
                problems.Add($"table {table.Name}: {e.Message}");
            }

            foreach (IndexSchema index in table.Indexes)
            {
                pagesInTrees += Verify(pages, index.RootPage, "index " + index.Name, problems);
                CheckIndex(pages, table, index, rows, problems);
            }
        }

        long free = 0;
        try
        {
            FreeList.ForEach(pages, state, (_, _) => free++);
        }
        catch (SharpCoreDBException e)
        {
            problems.Add("free list: " + e.Message);
        }

        if (free != state.FreePageCount)
        {
            problems.Add($"free list holds {free} pages but the database state says {state.FreePageCount}");
        }

        long accounted = 1 + pagesInTrees + free;
        if (problems.Count == 0 && accounted != state.PageCount)
        {
            problems.Add($"{state.PageCount - accounted} pages are neither in a B+tree nor on the free list (of {state.PageCount})");
        }

        return problems;
    }

    private static long Verify(IPageAccess pages, uint root, string what, List<string> problems)
    {
        try
        {
            return BTree.Open(pages, root).Verify().TotalPages;
        }
        catch (SharpCoreDBException e)
        {
            problems.Add($"{what}: {e.Message}");
            return 0;
        }
    }

    // Every index entry must point at a row whose key columns encode to the entry, and the counts must agree.
    private static void CheckIndex(IPageAccess pages, TableSchema table, IndexSchema index, long rows, List<string> problems)
    {
        try
        {
            TableTree tree = TableTree.Open(pages, table.RootPage);
            BTreeCursor cursor = BTree.Open(pages, index.RootPage).OpenCursor();
            var values = new DbValue[index.Columns.Length];
            long entries = 0;
            for (bool ok = cursor.SeekFirst(); ok; ok = cursor.Next())
            {
                entries++;
                long rowId = KeyEncoder.ReadRowIdSuffix(cursor.Key);
                if (!tree.TryGet(rowId, out ReadOnlyMemory<byte> record))
                {
                    problems.Add($"index {index.Name}: entry for missing row {rowId}");
                    continue;
                }

                var reader = new RecordReader(record.Span);
                for (int i = 0; i < values.Length; i++)
                {
                    values[i] = index.Columns[i] == table.RowIdColumn ? DbValue.FromInt64(rowId) : reader.GetValue(index.Columns[i]);
                }

                byte[] expected = new byte[KeyEncoder.GetSize(values) + RowIdKey.SuffixSizeOf(rowId)];
                KeyEncoder.EncodeIndexKey(values, rowId, expected);
                if (!cursor.Key.SequenceEqual(expected))
                {
                    problems.Add($"index {index.Name}: entry for row {rowId} does not match the row");
                }
            }

            if (entries != rows)
            {
                problems.Add($"index {index.Name} has {entries} entries but table {table.Name} has {rows} rows");
            }
        }
        catch (SharpCoreDBException e)
        {
            problems.Add($"index {index.Name}: {e.Message}");
        }
    }

    private static bool Is(PragmaStatement pragma, string name) => string.Equals(pragma.Name.Name, name, StringComparison.OrdinalIgnoreCase);

    private static string Name(Expression value) => value switch
    {
        StringLiteral s => s.Value,
        ColumnReference c => c.Column,
        _ => SqlText.Of(value),
    };

    private static ColumnDescription Text(string name) => ColumnDescription.Computed(name, SqlTypeAffinity.None);
}
