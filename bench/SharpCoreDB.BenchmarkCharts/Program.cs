// Reads the JSON exports of the insert and concurrent-insert suites and draws their charts
// into docs/images (PNG, ScottPlot). Run after the suites:
//   dotnet run -c Release --project bench/SharpCoreDB.BenchmarkCharts -- [results folder] [output folder]
// (defaults: BenchmarkDotNet.Artifacts/results and docs/images). Exits 1 if an export is missing.
// It also writes tables.md beside the charts' sources (in the results folder): the markdown
// tables of every suite found there, for docs/benchmarks.md.
using SharpCoreDB.BenchmarkCharts;

string resultsDirectory = args.Length > 0 ? args[0] : Path.Combine("BenchmarkDotNet.Artifacts", "results");
string outputDirectory = args.Length > 1 ? args[1] : Path.Combine("docs", "images");
Directory.CreateDirectory(outputDirectory);

string insertPath = Path.Combine(resultsDirectory, "SharpCoreDB.Benchmarks.Suites.InsertBenchmarks-report-full.json");
string concurrentPath = Path.Combine(resultsDirectory, "SharpCoreDB.Benchmarks.Suites.ConcurrentInsertBenchmarks-report-full.json");
int drawn = 0;

if (File.Exists(insertPath))
{
    List<BenchmarkResult> insert = BenchmarkResult.ReadAll(insertPath);
    foreach (string method in new[] { "Batch", "Autocommit" })
    {
        ResultTable table = ResultTable.Build(insert, method, groupParameter: "Records");
        string file = Path.Combine(outputDirectory, $"insert-{method.ToLowerInvariant()}.png");
        LogBarChart.Save(file, $"InsertBenchmarks: {method} (records per operation)", table.Groups, table.Series, table.Milliseconds);
        Console.WriteLine($"wrote {file}");
        drawn++;
    }
}
else
{
    Console.Error.WriteLine($"missing {insertPath}");
}

if (File.Exists(concurrentPath))
{
    List<BenchmarkResult> concurrent = BenchmarkResult.ReadAll(concurrentPath);
    ResultTable table = ResultTable.Build(concurrent, method: null, groupParameter: "Threads");
    string file = Path.Combine(outputDirectory, "concurrent-insert.png");
    LogBarChart.Save(file, "ConcurrentInsertBenchmarks: 1,000 autocommitted inserts (threads)", table.Groups, table.Series, table.Milliseconds);
    Console.WriteLine($"wrote {file}");
    drawn++;
}
else
{
    Console.Error.WriteLine($"missing {concurrentPath}");
}

var tables = new System.Text.StringBuilder();
foreach (string path in Directory.GetFiles(resultsDirectory, "SharpCoreDB.Benchmarks.Suites.*-report-full.json").Order(StringComparer.Ordinal))
{
    string suite = Path.GetFileName(path).Replace("SharpCoreDB.Benchmarks.Suites.", "", StringComparison.Ordinal)
        .Replace("-report-full.json", "", StringComparison.Ordinal);
    tables.AppendLine($"### {suite}").AppendLine().Append(MarkdownTables.Write(BenchmarkResult.ReadAll(path))).AppendLine();
}

File.WriteAllText(Path.Combine(resultsDirectory, "tables.md"), tables.ToString());
Console.WriteLine($"wrote {Path.Combine(resultsDirectory, "tables.md")}");

return drawn == 3 ? 0 : 1;
