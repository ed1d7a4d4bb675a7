// One transaction of the crash-test workload (CrashWorkload), as the in-process
// damage and fault tests commit it: transaction n inserts row n, creating the table
// tree on the first, and deletes row n - window, so the state after transaction L is
// rows max(1, L - window + 1)..L with known payloads.
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.StorageCrashWorker;

namespace SharpCoreDB.Tests.Reliability;

internal static class WorkloadCommits
{
    /// <summary>Commits the next transaction and returns its number once acknowledged.</summary>
    public static long CommitNext(StorageEngine engine, TimeSpan timeout, int window = CrashWorkload.Window)
    {
        using var tx = engine.BeginWrite(timeout);
        TableTree tree;
        if (tx.State.CatalogRoot == 0)
        {
            tree = TableTree.Create(tx);
            tx.State = tx.State with { CatalogRoot = tree.RootPage };
        }
        else
        {
            tree = TableTree.Open(tx, tx.State.CatalogRoot);
        }

        long n = tree.NextRowId();
        tree.Insert(n, CrashWorkload.Payload(n), BTreeInsertMode.FailIfExists);
        if (n > window)
        {
            tree.Delete(n - window);
        }

        tx.Commit();
        return n;
    }
}
