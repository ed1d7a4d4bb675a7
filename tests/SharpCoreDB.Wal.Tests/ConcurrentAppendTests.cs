// 16 threads append records of mixed sizes at once; after reopening, every record is
// there exactly once, LSNs strictly increase, and every payload is byte-equal to what
// its writer appended under the LSN it was given.
using SharpCoreDB.Wal.Tests.Support;

namespace SharpCoreDB.Wal.Tests;

[Trait("Category", "Slow")]
public sealed class ConcurrentAppendTests() : TempDirectoryTests("scdb-wal-")
{
    internal const int Threads = 16;

    // The baseline pays one fsync per record, so it gets fewer records to stay fast.
    [Theory]
    [InlineData(WalKind.GroupFullSync, 10_000)]
    [InlineData(WalKind.GroupAsync, 10_000)]
    [InlineData(WalKind.Baseline, 300)]
    public void EveryRecordComesBackOnceInLsnOrderByteEqual(WalKind kind, int perThread)
    {
        string path = Dir.File("log.wal");
        var options = WalKinds.Options(kind);
        var lsns = new long[Threads][];
        using (var log = WriteAheadLog.Open(path, options))
        {
            var threads = new Thread[Threads];
            for (int t = 0; t < Threads; t++)
            {
                int writer = t;
                lsns[writer] = new long[perThread];
                threads[t] = new Thread(() =>
                {
                    for (int i = 0; i < perThread; i++)
                    {
                        lsns[writer][i] = log.Append(Payloads.Make(writer, i));
                    }
                });
                threads[t].Start();
            }

            foreach (var thread in threads)
            {
                thread.Join();
            }

            Assert.Equal((long)Threads * perThread, log.LastLsn);
        }

        var records = LogReader.ReadAll(path, options);
        Assert.Equal(Threads * perThread, records.Count);
        var seen = new bool[Threads, perThread];
        for (int i = 0; i < records.Count; i++)
        {
            var (lsn, payload) = records[i];
            Assert.Equal(i + 1, lsn);
            var (writer, index) = Payloads.Identify(payload);
            Assert.False(seen[writer, index], $"record {writer}/{index} returned twice");
            seen[writer, index] = true;
            Assert.Equal(lsns[writer][index], lsn);
            Assert.Equal(Payloads.Make(writer, index), payload);
        }

        // Each writer's own records carry increasing LSNs: append order is LSN order.
        foreach (long[] own in lsns)
        {
            for (int i = 1; i < own.Length; i++)
            {
                Assert.True(own[i] > own[i - 1]);
            }
        }
    }

    [Fact]
    public async Task AsyncAppendsFromManyTasksAllBecomeDurable()
    {
        string path = Dir.File("log.wal");
        var options = WalKinds.Options(WalKind.GroupFullSync);
        const int Tasks = 32;
        const int PerTask = 500;
        var lsns = new long[Tasks][];
        using (var log = WriteAheadLog.Open(path, options))
        {
            var tasks = new Task[Tasks];
            for (int t = 0; t < Tasks; t++)
            {
                int writer = t;
                lsns[writer] = new long[PerTask];
                tasks[t] = Task.Run(async () =>
                {
                    for (int i = 0; i < PerTask; i++)
                    {
                        long lsn = await log.AppendAsync(Payloads.Make(writer, i));
                        Assert.True(log.DurableLsn >= lsn);
                        lsns[writer][i] = lsn;
                    }
                });
            }

            await Task.WhenAll(tasks);
            var stats = log.Statistics;
            Assert.Equal(Tasks * PerTask, stats.Appends);
            Assert.True(stats.Fsyncs < stats.Appends, $"{stats.Fsyncs} fsyncs for {stats.Appends} appends");
        }

        var records = LogReader.ReadAll(path, options);
        Assert.Equal(Tasks * PerTask, records.Count);
        foreach (var (lsn, payload) in records)
        {
            var (writer, index) = Payloads.Identify(payload);
            Assert.Equal(lsns[writer][index], lsn);
            Assert.Equal(Payloads.Make(writer, index), payload);
        }
    }
}
