// Entry point of the sqllogictest runner: runs every .test file named on the
// command line (folders are searched recursively), prints per-file and total
// "N passed, N failed, N skipped", and exits with 1 when anything failed.
// --mode memory (the default) runs each file on an in-memory database;
// --mode encrypted-file runs it on an encrypted database file with the smallest
// page cache and spill thresholds (DatabaseModes), so that eviction, the log,
// checkpoints, the version spill file and sort spilling run under the corpus too.
using SharpCoreDB.SqlLogicTest;

var files = new List<string>();
bool verbose = false;
DatabaseMode mode = DatabaseMode.Memory;
for (int a = 0; a < args.Length; a++)
{
    string arg = args[a];
    if (arg is "-v" or "--verbose")
    {
        verbose = true;
    }
    else if (arg == "--mode" && a + 1 < args.Length && DatabaseModes.TryParse(args[a + 1], out mode))
    {
        a++;
    }
    else if (Directory.Exists(arg))
    {
        var found = Directory.GetFiles(arg, "*.test", SearchOption.AllDirectories);
        Array.Sort(found, StringComparer.Ordinal);
        files.AddRange(found);
    }
    else if (File.Exists(arg))
    {
        files.Add(arg);
    }
    else
    {
        Console.Error.WriteLine($"not found: {arg}");
        return 2;
    }
}

if (files.Count == 0)
{
    Console.Error.WriteLine("usage: SharpCoreDB.SqlLogicTest [-v] [--mode memory|encrypted-file] <file.test | folder> ...");
    return 2;
}

var total = new TestTally();
foreach (string file in files)
{
    TestTally tally = new TestFileRunner(file, mode, verbose ? Console.Out : null).Run();
    Console.WriteLine($"{file}: {tally}");
    total.Add(tally);
}

Console.WriteLine($"mode: {DatabaseModes.Name(mode)}");
Console.WriteLine($"total: {total}");
return total.Failed > 0 ? 1 : 0;
