// Entry point of the benchmark suites. Every suite is a class selectable with
// --filter, e.g. `dotnet run -c Release --project bench/SharpCoreDB.Benchmarks -- --filter '*InsertBenchmarks*'`.
using BenchmarkDotNet.Running;

BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args);
