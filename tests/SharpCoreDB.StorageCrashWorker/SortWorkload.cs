// The child's second job: sorts that spill, over and over, until it is killed.
// Usage: <database path> sort. It fills a table once, then runs an ORDER BY that
// spills its runs to temporary files every 64 rows, printing "SORTING" when the
// first sort is under way; the parent kills it mid-sort and checks that no
// temporary file survives the process (TemporaryFiles).
using SharpCoreDB.Engine;
using SharpCoreDB.Sql;
using SharpCoreDB.Storage;

namespace SharpCoreDB.StorageCrashWorker;

internal static class SortWorkload
{
    public static void Run(string path)
    {
        using var database = Database.Open(new DatabaseOptions { Storage = new StorageOptions { Path = path, PageSize = 4096 } });
        database.SpillThresholdRows = 64;
        using var session = database.CreateSession();
        Execute(session, "CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)");
        Execute(session, "BEGIN");
        for (int i = 0; i < 5000; i++)
        {
            Execute(session, $"INSERT INTO t (v) VALUES ('row {i} {Guid.NewGuid()}')");
        }

        Execute(session, "COMMIT");
        var sort = session.Prepare(SqlParser.Parse("SELECT id, v FROM t ORDER BY v DESC")[0]);
        bool announced = false;
        while (true)
        {
            using var result = session.Execute(sort, NoParameters.Instance);
            while (result.Read())
            {
                if (!announced)
                {
                    Console.Out.WriteLine("SORTING");
                    Console.Out.Flush();
                    announced = true;
                }
            }
        }
    }

    private static void Execute(Session session, string sql)
    {
        using var result = session.Execute(session.Prepare(SqlParser.Parse(sql)[0]), NoParameters.Instance);
        while (result.Read())
        {
        }
    }
}
