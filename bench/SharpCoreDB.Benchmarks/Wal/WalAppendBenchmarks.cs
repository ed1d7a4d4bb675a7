// Write-ahead log append throughput. FullSync appends of 100-byte records from 1, 4 and
// 16 threads, the group-commit log against the fsync-per-record baseline in the same run,
// and Async appends from one thread. One operation is one append, so Op/s is appends per
// second and Allocated is bytes per append (the single-thread cases append on the
// benchmark thread; the others start their threads inside the measured call, which
// costs a few bytes per append). Fsyncs/commit comes from the log's own counters. The
// logs live in a temp directory on the real disk. Run with:
//   dotnet run -c Release --project bench/SharpCoreDB.Benchmarks -- --filter '*WalAppendBenchmarks*' --job short
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Benchmarks.Wal;

[MemoryDiagnoser]
[Config(typeof(WalBenchmarkConfig))]
public class WalAppendBenchmarks
{
    private const int AppendsPerCall = 1600;
    private readonly byte[] _record = new byte[100];
    private string _directory = "";
    private IWriteAheadLog _log = null!;
    private Thread[] _threads = [];

    [ParamsSource(nameof(Cases))]
    public WalAppendCase Case { get; set; } = null!;

    public static IEnumerable<WalAppendCase> Cases()
    {
        foreach (int threads in new[] { 1, 4, 16 })
        {
            yield return new WalAppendCase(WalDurability.FullSync, threads, GroupCommit: true);
            yield return new WalAppendCase(WalDurability.FullSync, threads, GroupCommit: false);
        }

        yield return new WalAppendCase(WalDurability.Async, 1, GroupCommit: true);
    }

    [GlobalSetup]
    public void Setup()
    {
        _directory = Directory.CreateTempSubdirectory("scdb-wal-bench-").FullName;
        _log = WriteAheadLog.Open(
            Path.Combine(_directory, "bench.wal"),
            new WalOptions { Durability = Case.Durability, UseGroupCommit = Case.GroupCommit });
        _threads = new Thread[Case.Threads];
        new Random(1).NextBytes(_record);
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _log.Flush();
        WalStatsFile.Write(WalStatsFile.KeyOf(nameof(Append), Case), _log.Statistics);
        _log.Dispose();
        Directory.Delete(_directory, recursive: true);
    }

    [Benchmark(OperationsPerInvoke = AppendsPerCall)]
    public void Append()
    {
        if (Case.Threads == 1)
        {
            AppendMany(AppendsPerCall);
            return;
        }

        int perThread = AppendsPerCall / Case.Threads;
        for (int t = 0; t < _threads.Length; t++)
        {
            _threads[t] = new Thread(() => AppendMany(perThread));
            _threads[t].Start();
        }

        foreach (var thread in _threads)
        {
            thread.Join();
        }
    }

    private void AppendMany(int count)
    {
        for (int i = 0; i < count; i++)
        {
            _log.Append(_record);
        }
    }

    /// <summary>One row of the table: durability mode, appending threads, group commit or baseline.</summary>
    public sealed record WalAppendCase(WalDurability Durability, int Threads, bool GroupCommit)
    {
        public override string ToString() => $"{Durability}-{Threads}t-{(GroupCommit ? "group" : "baseline")}";
    }

    private sealed class WalBenchmarkConfig : ManualConfig
    {
        public WalBenchmarkConfig()
        {
            AddColumn(StatisticColumn.OperationsPerSecond);
            AddColumn(new FsyncsPerCommitColumn());
        }
    }
}
