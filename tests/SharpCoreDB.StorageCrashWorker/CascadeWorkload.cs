// The child's third job: transactions whose foreign keys cascade, until it is killed.
// Usage: <database path> cascade. Transaction n inserts family n (a parent, three
// children, a grandchild under each) and deletes family n - Window by deleting its
// parent, so ON DELETE CASCADE removes the rest; triggers on child and grandchild keep
// their counts in census (the cascade's deletes fire them); "ACK n" is printed after each
// COMMIT returns; every few transactions a VACUUM rewrites the file. FullSync, a small
// cache and a small checkpoint threshold, so that kills land in cascades, commits,
// checkpoints and VACUUMs. The parent checks (CascadeCrashTests)
// that a reopened database holds exactly the families of some n at or after the last
// acknowledged one, with no orphans and census equal to the counts.
using SharpCoreDB.Engine;
using SharpCoreDB.Sql;
using SharpCoreDB.Storage;
using SharpCoreDB.Wal;

namespace SharpCoreDB.StorageCrashWorker;

public static class CascadeWorkload
{
    /// <summary>How many families the database holds at once.</summary>
    public const int Window = 20;

    /// <summary>A VACUUM after every this many transactions, so that kills land in them too.</summary>
    public const int VacuumEvery = 7;

    public static readonly string[] Schema =
    [
        "CREATE TABLE IF NOT EXISTS parent (id INTEGER PRIMARY KEY, name TEXT NOT NULL)",
        "CREATE TABLE IF NOT EXISTS child (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES parent ON DELETE CASCADE, v TEXT)",
        "CREATE INDEX IF NOT EXISTS child_parent ON child (parent_id)",
        "CREATE TABLE IF NOT EXISTS grandchild (id INTEGER PRIMARY KEY, child_id INTEGER NOT NULL REFERENCES child ON DELETE CASCADE, v TEXT)",
        "CREATE INDEX IF NOT EXISTS grandchild_child ON grandchild (child_id)",
        "CREATE TABLE IF NOT EXISTS census (children INTEGER NOT NULL, grandchildren INTEGER NOT NULL)",
        "INSERT INTO census SELECT 0, 0 WHERE NOT EXISTS (SELECT 1 FROM census)",
        "CREATE TRIGGER IF NOT EXISTS child_born AFTER INSERT ON child BEGIN UPDATE census SET children = children + 1; END",
        "CREATE TRIGGER IF NOT EXISTS child_gone AFTER DELETE ON child BEGIN UPDATE census SET children = children - 1; END",
        "CREATE TRIGGER IF NOT EXISTS grandchild_born AFTER INSERT ON grandchild BEGIN UPDATE census SET grandchildren = grandchildren + 1; END",
        "CREATE TRIGGER IF NOT EXISTS grandchild_gone BEFORE DELETE ON grandchild BEGIN UPDATE census SET grandchildren = grandchildren - 1; END",
    ];

    internal static void Run(string path)
    {
        using var database = Database.Open(new DatabaseOptions
        {
            Storage = new StorageOptions
            {
                Path = path,
                PageSize = 4096,
                CacheSizeBytes = 256 * 1024,
                CheckpointLogBytes = 128 * 1024,
                Log = new WalOptions { Durability = WalDurability.FullSync },
            },
        });
        using var session = database.CreateSession();
        foreach (string statement in Schema)
        {
            Execute(session, statement);
        }

        long n = Execute(session, "SELECT coalesce(max(id), 0) FROM parent");
        Console.Out.WriteLine("READY");
        Console.Out.Flush();
        while (true)
        {
            n++;
            Execute(session, "BEGIN");
            Execute(session, $"INSERT INTO parent VALUES ({n}, 'family {n}')");
            for (int c = 1; c <= 3; c++)
            {
                long child = (n * 10) + c;
                Execute(session, $"INSERT INTO child VALUES ({child}, {n}, '{new string('c', 40)}')");
                Execute(session, $"INSERT INTO grandchild VALUES ({child}, {child}, '{new string('g', 40)}')");
            }

            Execute(session, $"DELETE FROM parent WHERE id = {n - Window}");
            Execute(session, "COMMIT");
            Console.Out.WriteLine($"ACK {n}");
            Console.Out.Flush();
            if (n % VacuumEvery == 0)
            {
                Execute(session, "VACUUM");
            }
        }
    }

    // Runs one statement; the first column of its first row, or 0.
    private static long Execute(Session session, string sql)
    {
        using var result = session.Execute(session.Prepare(SqlParser.Parse(sql)[0]), NoParameters.Instance);
        long first = 0;
        bool any = false;
        while (result.Read())
        {
            if (!any)
            {
                first = result[0].AsInt64();
                any = true;
            }
        }

        return first;
    }
}
