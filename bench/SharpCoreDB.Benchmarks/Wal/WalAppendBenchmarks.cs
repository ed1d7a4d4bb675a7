// Write-ahead log append throughput. FullSync appends of 100-byte records from 1, 4 and
// 16 threads, the group-commit log against the fsync-per-record baseline in the same run,
// and Async appends from one thread. One operation is one append, so Op/s is appends per
// second and Allocated is bytes per append. The appending threads of the multi-thread
// cases are started once, at setup, and released by a barrier for each measured call,
// so that thread start-up is not measured. Fsyncs/commit comes from the log's counters. The
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
    internal const int AppendsPerCall = 3200;
    private readonly byte[] _record = new byte[100];
    private string _directory = "";
    private IWriteAheadLog _log = null!;
    private Thread[] _threads = [];
    private Barrier? _barrier;
    private volatile bool _stopping;

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
        new Random(1).NextBytes(_record);
        if (Case.Threads == 1)
        {
            return;
        }

        // Each call: everyone passes the barrier to start, appends its share, and passes it again.
        var barrier = new Barrier(Case.Threads + 1);
        _barrier = barrier;
        _threads = new Thread[Case.Threads];
        int perThread = AppendsPerCall / Case.Threads;
        for (int t = 0; t < _threads.Length; t++)
        {
            _threads[t] = new Thread(() =>
            {
                while (true)
                {
                    barrier.SignalAndWait();
                    if (_stopping)
                    {
                        return;
                    }

                    AppendMany(perThread);
                    barrier.SignalAndWait();
                }
            })
            { IsBackground = true };
            _threads[t].Start();
        }
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        if (_barrier is not null)
        {
            _stopping = true;
            _barrier.SignalAndWait();
            foreach (var thread in _threads)
            {
                thread.Join();
            }

            _barrier.Dispose();
        }

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

        _barrier!.SignalAndWait();
        _barrier.SignalAndWait();
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
