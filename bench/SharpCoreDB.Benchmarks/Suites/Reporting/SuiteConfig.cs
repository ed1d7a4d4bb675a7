// The configuration every suite of issue 9 shares: memory diagnoser, the ratio to SQLite
// on a file, and the full JSON export that bench/SharpCoreDB.BenchmarkCharts reads to draw
// the charts (BenchmarkDotNet.Artifacts/results/*-report-full.json).
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Exporters.Json;

namespace SharpCoreDB.Benchmarks.Suites.Reporting;

public sealed class SuiteConfig : ManualConfig
{
    public SuiteConfig()
    {
        AddDiagnoser(MemoryDiagnoser.Default);
        AddColumn(new SqliteFileRatioColumn());
        AddExporter(JsonExporter.Full);
    }
}
