// REINDEX: every index is built again from its table's rows, into a new B+tree
// whose root the catalog record then names (the old tree's pages are freed).
// Without a name, every index; with one, as SQLite resolves it: the indexes using a
// collation of that name (built in, or registered on the connection), else a table's
// indexes, else one index. A UNIQUE index whose rows no longer are unique fails the
// statement, which leaves the old index. An index under an application collation is
// rebuilt in the connection's current comparison: after an application changes what a
// collation means, REINDEX of its name puts its indexes in the new order (SQLite's
// advice, and ours: an index built in one comparison and searched in another finds
// the wrong rows).
using SharpCoreDB.Catalog;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Storage.Transactions;

namespace SharpCoreDB.Execution;

internal static partial class DdlExecutor
{
    private static SchemaCatalog Reindex(WriteTransaction tx, SchemaCatalog catalog, ReindexStatement reindex, DdlCompilers compilers)
    {
        IEnumerable<IndexSchema> indexes;
        if (reindex.Target is not { } target)
        {
            indexes = catalog.Indexes;
        }
        else if (target.Schema is null && compilers.Collations.Find(target.Name) is { } collation)
        {
            indexes = catalog.Indexes.Where(i => i.Collations.Any(collation.SameAs));
        }
        else if (catalog.FindTable(target.Name) is { } table)
        {
            indexes = table.Indexes;
        }
        else
        {
            indexes = catalog.FindIndex(target.Name) is { } index
                ? [index]
                : throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, "unable to identify the object to be reindexed");
        }

        foreach (IndexSchema index in indexes.OrderBy(i => i.CatalogId).ToList())
        {
            BTree rebuilt = BTree.Create(tx, PageType.IndexNode, IndexKeyOrders.For(index, compilers.Collations, MissingCollation.Refuse));
            TableSchema table = catalog.GetTable(index.TableName);
            Fill(tx, table, index, compilers.CompileIndex(table, index), rebuilt);
            BTree.Open(tx, index.RootPage).Drop();
            CatalogStore.SetRoot(tx, index.CatalogId, rebuilt.RootPage);
        }

        return Changed(tx);
    }
}
