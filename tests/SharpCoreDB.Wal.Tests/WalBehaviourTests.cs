// The contract of IWriteAheadLog as the engine uses it, for every log variant: what
// is appended comes back after reopen under the same LSN, LSNs go on where they
// stopped, each way of appending (blocking, awaited, enqueue-then-wait) acknowledges
// per the durability mode, and Dispose flushes, stops and releases the files.
using SharpCoreDB.Wal.Tests.Support;

namespace SharpCoreDB.Wal.Tests;

public sealed class WalBehaviourTests() : TempDirectoryTests("scdb-wal-")
{
    [Theory]
    [MemberData(nameof(WalKinds.All), MemberType = typeof(WalKinds))]
    public async Task EveryWayOfAppendingComesBackAfterReopenWithItsLsn(WalKind kind)
    {
        string path = Dir.File("log.wal");
        var options = WalKinds.Options(kind);
        var expected = new List<(long, byte[])>();
        using (var log = WriteAheadLog.Open(path, options))
        {
            Assert.Equal(0, log.LastLsn);
            Assert.Equal(options.Durability, log.Durability);
            for (int i = 0; i < 30; i++)
            {
                byte[] payload = Payloads.Make(3, i);
                long lsn = (i % 3) switch
                {
                    0 => log.Append(payload),
                    1 => await log.AppendAsync(payload),
                    _ => log.Enqueue(payload),
                };
                if (i % 3 == 2)
                {
                    if (i % 2 == 0)
                    {
                        log.WaitForCommit(lsn);
                    }
                    else
                    {
                        await log.WaitForCommitAsync(lsn);
                    }
                }

                if (kind != WalKind.GroupAsync)
                {
                    Assert.True(log.DurableLsn >= lsn, "a FullSync append returned before its fsync");
                }

                expected.Add((lsn, payload));
            }

            Assert.Equal(30, log.LastLsn);
            Assert.Equal(30, log.Statistics.Appends);
        }

        var records = LogReader.ReadAll(path, options);
        Assert.Equal(expected.Count, records.Count);
        for (int i = 0; i < expected.Count; i++)
        {
            Assert.Equal(expected[i].Item1, records[i].Lsn);
            Assert.Equal(expected[i].Item2, records[i].Payload);
        }
    }

    [Theory]
    [MemberData(nameof(WalKinds.All), MemberType = typeof(WalKinds))]
    public void LsnsContinueAfterReopenAndReplaySkipsWhatWasAsked(WalKind kind)
    {
        string path = Dir.File("log.wal");
        var options = WalKinds.Options(kind);
        for (int round = 0; round < 3; round++)
        {
            using var log = WriteAheadLog.Open(path, options);
            Assert.Equal(round * 10, log.LastLsn);
            Assert.Equal(round * 10, log.DurableLsn);
            for (int i = 0; i < 10; i++)
            {
                Assert.Equal((round * 10) + i + 1, log.Append(Payloads.Make(round, i)));
            }
        }

        var tail = LogReader.ReadAll(path, options, afterLsn: 17);
        Assert.Equal(Enumerable.Range(18, 13).Select(i => (long)i), tail.Select(r => r.Lsn));
        Assert.Equal(Payloads.Make(1, 7), tail[0].Payload);
    }

    [Theory]
    [MemberData(nameof(WalKinds.All), MemberType = typeof(WalKinds))]
    public void RecordsLargerThanABufferAndEmptyRecordsRoundTrip(WalKind kind)
    {
        string path = Dir.File("log.wal");
        var options = WalKinds.Options(kind, bufferSize: 4096);
        byte[] big = new byte[100_000];
        new Random(7).NextBytes(big);
        using (var log = WriteAheadLog.Open(path, options))
        {
            Parallel.For(0, 4, t =>
            {
                for (int i = 0; i < 20; i++)
                {
                    log.Append(i % 5 == 0 ? big : Payloads.Make(t, i, 100));
                }
            });
            log.Append(ReadOnlySpan<byte>.Empty);
            log.Flush();
        }

        var records = LogReader.ReadAll(path, options);
        Assert.Equal(81, records.Count);
        Assert.Equal(16, records.Count(r => r.Payload.AsSpan().SequenceEqual(big)));
        Assert.Empty(records[^1].Payload);
    }

    [Theory]
    [MemberData(nameof(WalKinds.All), MemberType = typeof(WalKinds))]
    public void DisposeFlushesWhatWasAcknowledgedStopsAppendsAndReleasesTheFiles(WalKind kind)
    {
        string path = Dir.File("log.wal");
        var options = WalKinds.Options(kind) with { FlushInterval = TimeSpan.FromSeconds(30) };
        var log = WriteAheadLog.Open(path, options);
        Assert.ThrowsAny<IOException>(() => WriteAheadLog.Open(path, options));
        for (int i = 0; i < 1000; i++)
        {
            log.Append(Payloads.Make(4, i));
        }

        log.Dispose();
        log.Dispose();
        Assert.Throws<ObjectDisposedException>(() => log.Append([1]));
        Assert.Throws<ObjectDisposedException>(() => log.Enqueue([1]));

        var records = LogReader.ReadAll(path, options);
        Assert.Equal(1000, records.Count);
        Assert.Equal(Payloads.Make(4, 999), records[^1].Payload);
    }

    [Fact]
    public void AsyncModeAcknowledgesFromMemoryAndTheWorkerFlushesOnItsOwn()
    {
        string path = Dir.File("log.wal");
        var options = WalKinds.Options(WalKind.GroupAsync) with { FlushInterval = TimeSpan.FromMilliseconds(5) };
        using var log = WriteAheadLog.Open(path, options);
        long lsn = 0;
        for (int i = 0; i < 100; i++)
        {
            lsn = log.Append(Payloads.Make(5, i));
        }

        // No Flush: the worker must get there by itself within its interval.
        SpinWait.SpinUntil(() => log.DurableLsn >= lsn, TestTimeouts.Hang);
        Assert.Equal(lsn, log.DurableLsn);
        Assert.True(log.Statistics.Fsyncs >= 1);

        long more = log.Append([9, 9, 9]);
        log.Flush();
        Assert.Equal(more, log.DurableLsn);
    }

    [Fact]
    public async Task AnAwaitedCommitCanBeCancelledWithoutLosingTheRecord()
    {
        string path = Dir.File("log.wal");
        using (var log = WriteAheadLog.Open(path, WalKinds.Options(WalKind.GroupFullSync)))
        {
            using var cancelled = new CancellationTokenSource();
            cancelled.Cancel();
            long lsn = log.Enqueue([1, 2, 3]);
            var wait = log.WaitForCommitAsync(lsn, cancelled.Token);
            if (!wait.IsCompletedSuccessfully)
            {
                await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await wait);
            }

            await log.WaitForCommitAsync(lsn);
            Assert.Throws<ArgumentOutOfRangeException>(() => log.WaitForCommit(lsn + 5));
        }

        Assert.Single(LogReader.ReadAll(path));
    }
}
