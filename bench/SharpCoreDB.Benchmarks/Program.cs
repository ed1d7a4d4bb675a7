// Entry point of the benchmark suites. Every suite is a class selectable with --filter,
// e.g. `dotnet run -c Release --project bench/SharpCoreDB.Benchmarks -- --filter '*.Suites.InsertBenchmarks*'`.
// The exit code is 1 when a filter matched nothing, a case failed validation, or a case
// did not run to the end, so that scripts/bench-dry-run.sh can fail CI on a broken suite.
// By-hand probes run instead of BenchmarkDotNet: `--wal-placement-probe [cpu]`
// (Wal/WalPlacementProbe.cs), `--interleaved-batch [rounds] [contenders]`
// (Suites/InterleavedBatchProbe.cs), `--cold-process [rounds]` (Suites/ColdProcessProbe.cs,
// which runs itself as `--cold-child`), `--commit-cpu [commits] [rounds]` (Suites/CommitCpuProbe.cs),
// `--file-size [rows]` (Suites/FileSizeProbe.cs), `--sustained [seconds] [busy threads] [contenders]`
// (Suites/SustainedLoadProbe.cs), `--large-transaction [MB] [cache MB]` (Suites/LargeTransactionProbe.cs,
// which runs itself as `--large-transaction-child`) and `--big-data [rows] [cache MB] [queries]`
// (Suites/BigDataProbe.cs, which runs itself as `--big-data-child`), `--bulk-load [rows] [rounds]`
// (Suites/BulkLoadProbe.cs).
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

if (args.Length > 0 && args[0] == "--wal-placement-probe")
{
    return SharpCoreDB.Benchmarks.Wal.WalPlacementProbe.Run(args.Length > 1 ? args[1] : null);
}

if (args.Length > 0 && args[0] == "--cold-process")
{
    return SharpCoreDB.Benchmarks.Suites.ColdProcessProbe.Run(args.Length > 1 ? args[1] : null);
}

if (args.Length >= 4 && args[0] == "--cold-child")
{
    return SharpCoreDB.Benchmarks.Suites.ColdProcessProbe.RunChild(args[1], args[2], args[3]);
}

if (args.Length > 0 && args[0] == "--commit-cpu")
{
    return SharpCoreDB.Benchmarks.Suites.CommitCpuProbe.Run(args.Length > 1 ? args[1] : null, args.Length > 2 ? args[2] : null);
}

if (args.Length > 0 && args[0] == "--bulk-load")
{
    return SharpCoreDB.Benchmarks.Suites.BulkLoadProbe.Run(args.Length > 1 ? args[1] : null, args.Length > 2 ? args[2] : null);
}

if (args.Length > 0 && args[0] == "--sustained")
{
    return SharpCoreDB.Benchmarks.Suites.SustainedLoadProbe.Run(args.Length > 1 ? args[1] : null, args.Length > 2 ? args[2] : null, args.Length > 3 ? args[3] : null);
}

if (args.Length > 0 && args[0] == "--large-transaction")
{
    return SharpCoreDB.Benchmarks.Suites.LargeTransactionProbe.Run(args.Length > 1 ? args[1] : null, args.Length > 2 ? args[2] : null);
}

if (args.Length >= 5 && args[0] == "--large-transaction-child")
{
    return SharpCoreDB.Benchmarks.Suites.LargeTransactionProbe.RunChild(args[1], args[2], args[3], args[4]);
}

if (args.Length > 0 && args[0] == "--big-data")
{
    return SharpCoreDB.Benchmarks.Suites.BigDataProbe.Run(args.Length > 1 ? args[1] : null, args.Length > 2 ? args[2] : null, args.Length > 3 ? args[3] : null);
}

if (args.Length >= 7 && args[0] == "--big-data-child")
{
    return SharpCoreDB.Benchmarks.Suites.BigDataProbe.RunChild(args[1], args[2], args[3], args[4], args[5], args[6]);
}

if (args.Length > 0 && args[0] == "--file-size")
{
    return SharpCoreDB.Benchmarks.Suites.FileSizeProbe.Run(args.Length > 1 ? args[1] : null);
}

if (args.Length > 0 && args[0] == "--interleaved-batch")
{
    return SharpCoreDB.Benchmarks.Suites.InterleavedBatchProbe.Run(args.Length > 1 ? args[1] : null, args.Length > 2 ? args[2] : null);
}

Summary[] summaries = [.. BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args)];
if (args.Contains("--list") || args.Contains("--help") || args.Contains("--info") || args.Contains("--version"))
{
    return 0;
}

int failures = 0;
foreach (Summary summary in summaries)
{
    if (summary.HasCriticalValidationErrors)
    {
        Console.Error.WriteLine($"// {summary.Title}: critical validation errors");
        failures++;
    }

    foreach (BenchmarkReport report in summary.Reports)
    {
        if (!report.Success || report.ResultStatistics is null)
        {
            Console.Error.WriteLine($"// FAILED: {report.BenchmarkCase.DisplayInfo}");
            failures++;
        }
    }
}

if (summaries.Length == 0 || summaries.All(s => s.Reports.Length == 0))
{
    Console.Error.WriteLine("// no benchmark ran");
    return 1;
}

return failures == 0 ? 0 : 1;
