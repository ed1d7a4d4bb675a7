// PRAGMA integrity_check and quick_check: every B+tree verified, each index checked
// against its table (every entry points at a row the index holds whose key encodes to
// it, and the counts agree; an index on expressions or a partial index is checked
// through its compiled expressions), the free list walked and every page accounted for. Problems are
// reported as rows of text, as SQLite reports them; a clean file answers one row "ok".
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Functions;
using SharpCoreDB.Planning;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.File;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Storage.Records;
using SharpCoreDB.Storage.Transactions;

namespace SharpCoreDB.Engine;

/// <summary>The checks behind PRAGMA integrity_check.</summary>
internal static class IntegrityCheck
{
    /// <summary>Every problem found, in the order found; empty when the file is sound.</summary>
    public static List<string> Run(IPageAccess pages, DatabaseState state, SchemaCatalog catalog, UserFunctions functions)
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
                // An index under an application collation is checked in its order: without the registration, SQLite's error.
                CollatedKeyOrder? order = IndexKeyOrders.For(index, functions.Collations, MissingCollation.Refuse);
                pagesInTrees += Verify(pages, index.RootPage, "index " + index.Name, problems, order);
                CheckIndex(pages, catalog, table, index, functions, order, rows, problems);
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

    private static long Verify(IPageAccess pages, uint root, string what, List<string> problems, CollatedKeyOrder? order = null)
    {
        try
        {
            return BTree.Open(pages, root, order).Verify().TotalPages;
        }
        catch (SharpCoreDBException e)
        {
            problems.Add($"{what}: {e.Message}");
            return 0;
        }
    }

    // Every index entry must point at a row the index holds whose key encodes to the entry, and the counts must agree.
    private static void CheckIndex(IPageAccess pages, SchemaCatalog catalog, TableSchema table, IndexSchema index, UserFunctions functions, CollatedKeyOrder? order,
        long rows, List<string> problems)
    {
        try
        {
            TableTree tree = TableTree.Open(pages, table.RootPage);
            IndexRowEvaluators? evaluators = IndexRowCompiler.Compile(catalog, table, index, functions);
            BTreeCursor cursor = BTree.Open(pages, index.RootPage, order).OpenCursor();
            var row = new DbValue[table.Columns.Count];
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

                TableStore.Decode(table, record.Span, rowId, row);
                if (!IndexRowEvaluators.Holds(evaluators, row, rowId))
                {
                    problems.Add($"index {index.Name}: entry for row {rowId}, which its WHERE leaves out");
                    continue;
                }

                IndexRowEvaluators.KeyValues(index, evaluators, table, row, rowId, values);
                byte[] expected = new byte[KeyEncoder.GetSize(values) + RowIdKey.SuffixSizeOf(rowId)];
                KeyEncoder.EncodeIndexKey(values, rowId, expected);
                if (!cursor.Key.SequenceEqual(expected))
                {
                    problems.Add($"index {index.Name}: entry for row {rowId} does not match the row");
                }
            }

            long held = index.IsPartial ? HeldRows(tree, table, evaluators!, row) : rows;
            if (entries != held)
            {
                problems.Add(index.IsPartial
                    ? $"index {index.Name} has {entries} entries but {held} rows of table {table.Name} satisfy its WHERE"
                    : $"index {index.Name} has {entries} entries but table {table.Name} has {rows} rows");
            }
        }
        catch (SharpCoreDBException e)
        {
            problems.Add($"index {index.Name}: {e.Message}");
        }
    }

    // The rows a partial index should hold: those its WHERE is true for.
    private static long HeldRows(TableTree tree, TableSchema table, IndexRowEvaluators evaluators, DbValue[] row)
    {
        long held = 0;
        BTreeCursor cursor = tree.Tree.OpenCursor();
        for (bool ok = cursor.SeekFirst(); ok; ok = cursor.Next())
        {
            long rowId = RowIdKey.Read(cursor.Key);
            TableStore.Decode(table, cursor.Value, rowId, row);
            held += IndexRowEvaluators.Holds(evaluators, row, rowId) ? 1 : 0;
        }

        return held;
    }
}
