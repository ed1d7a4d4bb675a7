// VACUUM's rebuild: every object of a database, copied from a read snapshot into a
// write transaction whose state describes an empty file, so that the copy takes
// exactly the pages it needs, numbered from 1 with no free page between. The catalog
// is walked in id order; each table and index tree is copied entry by entry in key
// order (appended, so nothing is compared, and pages fill to ~95%, BTree.Structure)
// before its catalog record is written with its new root, and records without a tree
// (views, triggers, sequences, settings) are copied as they are. Keys and values are
// copied as bytes: nothing is decoded, so the copy holds exactly what the original
// held. An index under an application collation keeps its collated order without the
// application's comparison: its copy is opened in that order only so that its
// separators are whole keys, as that order needs (BTree.Structure).
//
// A copy into a file of its own (VACUUM INTO, DatabaseFileCopier) may commit part way
// (CopyTarget.RollOver) so that its memory stays bounded; VACUUM in place may not.
using SharpCoreDB.Catalog;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.File;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Storage.Records;
using SharpCoreDB.Storage.Transactions;

namespace SharpCoreDB.Execution;

/// <summary>Copies a whole database into a fresh page space.</summary>
internal static class DatabaseCopier
{
    // Cancellation (and a copy's roll-over) is checked every this many entries copied.
    private const int CheckStride = 1024;

    /// <summary>
    /// Copies the database <paramref name="source"/> holds as of <paramref name="sourceState"/> into
    /// <paramref name="target"/>'s transaction, which must hold no object yet (its catalog root 0, its free list empty).
    /// </summary>
    public static void Copy(IPageAccess source, DatabaseState sourceState, CopyTarget target, CancellationToken ct)
    {
        if (target.Transaction.State.CatalogRoot != 0 || target.Transaction.State.FreePageCount != 0)
        {
            throw new InvalidOperationException("A database is copied only into an empty page space.");
        }

        if (sourceState.CatalogRoot == 0)
        {
            return;
        }

        // The indexes in a collated order, by root (their order, names only, never compares during the copy).
        var ordered = new Dictionary<uint, CollatedKeyOrder>();
        foreach (IndexSchema index in CatalogStore.Load(source, sourceState).Indexes)
        {
            if (IndexKeyOrders.For(index, registered: null, MissingCollation.FailWhenCompared) is { } order)
            {
                ordered[index.RootPage] = order;
            }
        }

        BTreeCursor catalog = TableTree.Open(source, sourceState.CatalogRoot).Tree.OpenCursor();
        var record = new DbValue[5];
        for (bool ok = catalog.SeekFirst(); ok; ok = catalog.Next())
        {
            long id = RowIdKey.Read(catalog.Key);
            new RecordReader(catalog.Value).ReadAll(record);
            uint root = (uint)record[3].AsInt64();
            uint copied = root == 0 ? 0 : CopyTree(source, root, ordered.GetValueOrDefault(root), target, ct);
            CatalogStore.Write(target.Transaction, id, record[0].AsText(), record[1].AsText(), record[2].AsText(), copied, record[4]);
        }
    }

    // Copies the tree rooted at `root` (in keyOrder, null for memcmp) entry by entry; returns the new tree's root.
    private static uint CopyTree(IPageAccess source, uint root, CollatedKeyOrder? keyOrder, CopyTarget target, CancellationToken ct)
    {
        BTree from = BTree.Open(source, root, keyOrder);
        BTree to = BTree.Create(target.Transaction, from.PageType, keyOrder);
        BTreeCursor cursor = from.OpenCursor();
        long copied = 0;
        for (bool ok = cursor.SeekFirst(); ok; ok = cursor.Next())
        {
            if (++copied % CheckStride == 0)
            {
                ct.ThrowIfCancellationRequested();
                if (target.RollOverIfLarge())
                {
                    to.Rebind(target.Transaction);
                }
            }

            to.Insert(cursor.Key, cursor.Value, BTreeInsertMode.Append);
        }

        return to.RootPage;
    }
}

/// <summary>
/// Where a copy is written: a write transaction and, for a copy nobody reads until it is finished, a way to commit what
/// is written so far and go on in a new transaction once the transaction holds <paramref name="rollOverPages"/> pages.
/// </summary>
internal sealed class CopyTarget(WriteTransaction transaction, Func<WriteTransaction, WriteTransaction>? rollOver = null, int rollOverPages = 0)
{
    public WriteTransaction Transaction { get; private set; } = transaction;

    /// <summary>True when the transaction was committed and replaced (trees opened on it must be rebound).</summary>
    public bool RollOverIfLarge()
    {
        if (rollOver is null || Transaction.ChangedPages.Count < rollOverPages)
        {
            return false;
        }

        Transaction = rollOver(Transaction);
        return true;
    }
}
