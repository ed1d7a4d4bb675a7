// Child process of the storage crash test. Usage: <database path> <threads> <group commit: true|false>,
// or <database path> sort for the spilling-sort workload (SortWorkload), or <database path>
// cascade for transactions whose foreign keys cascade (CascadeWorkload).
// Opens the database in FullSync mode with a small cache and a small checkpoint
// threshold (so that checkpoints run all the time and kills land inside them),
// then commits CrashWorkload transactions from several threads, printing
// "ACK n" after each commit returns, until it is killed.
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.StorageCrashWorker;
using SharpCoreDB.Wal;

string path = args[0];
if (args[1] == "sort")
{
    SortWorkload.Run(path);
    return;
}

if (args[1] == "cascade")
{
    CascadeWorkload.Run(path);
    return;
}

int threads = int.Parse(args[1]);
bool groupCommit = bool.Parse(args[2]);
var timeout = TimeSpan.FromSeconds(30);
var output = Console.Out;

using var engine = StorageEngine.Open(new StorageOptions
{
    Path = path,
    PageSize = 4096,
    CacheSizeBytes = 256 * 1024,
    CheckpointLogBytes = 128 * 1024,
    Log = new WalOptions { Durability = WalDurability.FullSync, UseGroupCommit = groupCommit },
});

using (var tx = engine.BeginWrite(timeout))
{
    if (tx.State.CatalogRoot == 0)
    {
        var tree = TableTree.Create(tx);
        tx.State = tx.State with { CatalogRoot = tree.RootPage };
        tx.Commit();
    }
}

lock (output)
{
    output.WriteLine("READY");
    output.Flush();
}

var workers = new Thread[threads];
for (int t = 0; t < threads; t++)
{
    workers[t] = new Thread(() =>
    {
        while (true)
        {
            long n;
            using (var tx = engine.BeginWrite(timeout))
            {
                var tree = TableTree.Open(tx, tx.State.CatalogRoot);
                n = tree.NextRowId();
                tree.Insert(n, CrashWorkload.Payload(n), BTreeInsertMode.FailIfExists);
                if (n > CrashWorkload.Window)
                {
                    tree.Delete(n - CrashWorkload.Window);
                }

                tx.Commit();
            }

            lock (output)
            {
                output.WriteLine($"ACK {n}");
                output.Flush();
            }
        }
    })
    { IsBackground = true };
    workers[t].Start();
}

foreach (var worker in workers)
{
    worker.Join();
}
