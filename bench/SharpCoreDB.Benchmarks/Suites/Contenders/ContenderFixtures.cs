// Creating and filling databases for the suites. Filling 100k rows takes a while and every
// benchmark case runs in its own process, so the read and cold-start suites keep filled
// databases in a temp folder between cases and runs, keyed by contender, row count and the
// build of SharpCoreDB (a new build gets new files); a marker file says a fill completed.
using SharpCoreDB.Data;

namespace SharpCoreDB.Benchmarks.Suites.Contenders;

public static class ContenderFixtures
{
    private const int FillBatch = 1000;

    /// <summary>A new, empty directory for a contender that starts empty.</summary>
    public static string NewDirectory() => System.IO.Directory.CreateTempSubdirectory("scdb-bench-").FullName;

    /// <summary>Opens a new contender in a new directory, with the schema.</summary>
    public static Contender CreateEmpty(string name)
    {
        Contender contender = ContenderNames.Create(name, NewDirectory());
        contender.CreateSchema();
        return contender;
    }

    /// <summary>The directory of a filled database (users 1..rows, one order each), filled on first use.</summary>
    public static string FilledDirectory(string name, int rows)
    {
        string build = typeof(SharpCoreDBConnection).Assembly.ManifestModule.ModuleVersionId.ToString("N")[..12];
        string directory = Path.Combine(Path.GetTempPath(), "scdb-bench-fixtures", $"{name}-{rows}-{build}");
        string marker = Path.Combine(directory, "filled");
        if (File.Exists(marker))
        {
            return directory;
        }

        if (System.IO.Directory.Exists(directory))
        {
            System.IO.Directory.Delete(directory, recursive: true);
        }

        DeleteOtherBuilds(Path.GetDirectoryName(directory)!, build);

        using (Contender contender = ContenderNames.Create(name, directory))
        {
            contender.CreateSchema();
            Fill(contender.Main, 1, rows);
        }

        File.WriteAllText(marker, DateTime.UtcNow.ToString("O"));
        return directory;
    }

    /// <summary>Fixtures of earlier builds are never used again: delete them rather than fill the disk.</summary>
    private static void DeleteOtherBuilds(string root, string build)
    {
        if (!System.IO.Directory.Exists(root))
        {
            return;
        }

        foreach (string old in System.IO.Directory.GetDirectories(root))
        {
            if (!old.EndsWith(build, StringComparison.Ordinal))
            {
                System.IO.Directory.Delete(old, recursive: true);
            }
        }
    }

    /// <summary>Opens a filled database (see <see cref="FilledDirectory"/>).</summary>
    public static Contender OpenFilled(string name, int rows) => ContenderNames.Create(name, FilledDirectory(name, rows));

    /// <summary>Inserts users and orders firstId..firstId+count-1 in batches of 1,000.</summary>
    public static void Fill(ContenderSession session, long firstId, int count)
    {
        for (int done = 0; done < count; done += FillBatch)
        {
            int batch = Math.Min(FillBatch, count - done);
            var users = new UserRow[batch];
            var orders = new OrderRow[batch];
            for (int i = 0; i < batch; i++)
            {
                users[i] = UserRow.Create(firstId + done + i);
                orders[i] = OrderRow.Create(firstId + done + i);
            }

            session.InsertUsers(users);
            session.InsertOrders(orders);
        }
    }
}
