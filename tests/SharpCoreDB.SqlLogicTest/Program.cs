// Entry point of the sqllogictest runner: runs every .test file named on the
// command line (folders are searched recursively), prints per-file and total
// "N passed, N failed, N skipped", and exits with 1 when anything failed.
using SharpCoreDB.SqlLogicTest;

var files = new List<string>();
bool verbose = false;
foreach (string arg in args)
{
    if (arg is "-v" or "--verbose")
    {
        verbose = true;
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
    Console.Error.WriteLine("usage: SharpCoreDB.SqlLogicTest [-v] <file.test | folder> ...");
    return 2;
}

var total = new TestTally();
foreach (string file in files)
{
    TestTally tally = new TestFileRunner(file, verbose ? Console.Out : null).Run();
    Console.WriteLine($"{file}: {tally}");
    total.Add(tally);
}

Console.WriteLine($"total: {total}");
return total.Failed > 0 ? 1 : 0;
