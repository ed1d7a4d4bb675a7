// Injects a failing write or fsync under appenders that are running flat out: every
// appender waiting on the failed group gets the failure, the log refuses everything
// afterwards with WalFailedException instead of acknowledging records it did not
// store, and after reopening every record that was acknowledged is there.
using System.Collections.Concurrent;
using SharpCoreDB.TestSupport.FileSystems;
using SharpCoreDB.Wal.GroupCommit;
using SharpCoreDB.Wal.Tests.Support;

namespace SharpCoreDB.Wal.Tests;

public sealed class FaultTests() : TempDirectoryTests("scdb-wal-")
{
    internal const int Threads = 8;

    [Theory]
    [InlineData(WalKind.GroupFullSync, true)]
    [InlineData(WalKind.GroupFullSync, false)]
    [InlineData(WalKind.Baseline, true)]
    [InlineData(WalKind.Baseline, false)]
    public void AFailedWriteOrFsyncReachesTheWaitingAppendersAndLosesNothingAcknowledged(WalKind kind, bool failWrite)
    {
        string path = Dir.File("log.wal");
        var faulty = new FaultyFileSystem(watch: WatchedFiles.LogSegments);
        var acknowledged = new ConcurrentDictionary<long, (int Writer, int Index)>();
        var firstErrors = new Exception?[Threads];
        using (var log = WriteAheadLog.Open(path, WalKinds.Options(kind, faulty)))
        {
            using var started = new CountdownEvent(Threads * 20);
            var threads = new Thread[Threads];
            for (int t = 0; t < Threads; t++)
            {
                int writer = t;
                threads[t] = new Thread(() =>
                {
                    for (int i = 0; ; i++)
                    {
                        try
                        {
                            long lsn = log.Append(Payloads.Make(writer, i));
                            Assert.True(acknowledged.TryAdd(lsn, (writer, i)));
                            if (i < 20)
                            {
                                started.Signal();
                            }
                        }
                        catch (Exception exception)
                        {
                            firstErrors[writer] = exception;
                            if (i < 20)
                            {
                                started.Signal(20 - i);
                            }

                            return;
                        }
                    }
                });
                threads[t].Start();
            }

            started.Wait();
            if (failWrite)
            {
                faulty.FailWrites();
            }
            else
            {
                faulty.FailFlushes();
            }

            foreach (var thread in threads)
            {
                Assert.True(thread.Join(TestTimeouts.Hang), "an appender hung after the fault");
            }

            foreach (var error in firstErrors)
            {
                Assert.NotNull(error);
                Assert.True(
                    ReferenceEquals(error, faulty.InjectedError) || (error is WalFailedException && ReferenceEquals(error.InnerException, faulty.InjectedError)),
                    $"unexpected {error}");
            }

            Assert.Contains(firstErrors, e => ReferenceEquals(e, faulty.InjectedError));
            var refused = Assert.Throws<WalFailedException>(() => log.Append([1]));
            Assert.Same(faulty.InjectedError, refused.InnerException);
            Assert.IsAssignableFrom<IOException>(refused);
        }

        Assert.NotEmpty(acknowledged);
        var records = LogReader.ReadAll(path).ToDictionary(r => r.Lsn, r => r.Payload);
        foreach (var (lsn, (writer, index)) in acknowledged)
        {
            Assert.True(records.TryGetValue(lsn, out byte[]? payload), $"acknowledged LSN {lsn} lost");
            Assert.Equal(Payloads.Make(writer, index), payload);
        }
    }

    [Fact]
    public void InAsyncModeAFailedFlushIsReportedByFlushAndByDispose()
    {
        string path = Dir.File("log.wal");
        var faulty = new FaultyFileSystem(watch: WatchedFiles.LogSegments);
        var options = WalKinds.Options(WalKind.GroupAsync, faulty) with { FlushInterval = TimeSpan.FromSeconds(30) };
        var log = WriteAheadLog.Open(path, options);
        log.Append([1]);
        log.Flush();
        faulty.FailFlushes();
        log.Append([2]);
        var error = Assert.ThrowsAny<IOException>(log.Flush);
        Assert.True(ReferenceEquals(error, faulty.InjectedError) || ReferenceEquals(error.InnerException, faulty.InjectedError));
        Assert.Throws<WalFailedException>(() => log.Append([3]));
        log.Dispose();

        var failingAtClose = new FaultyFileSystem(watch: WatchedFiles.LogSegments);
        var dispose = WriteAheadLog.Open(Dir.File("other.wal"), options with { FileSystem = failingAtClose });

        // A record appended right after Open races with the worker's first round, and a flush requested
        // during a round earns one more round. Once the worker sleeps with no flush pending, only Dispose
        // writes what is appended (Async, 30 s interval).
        dispose.Append([4]);
        dispose.Flush();
        Assert.True(SpinWait.SpinUntil(() => ((GroupCommitWal)dispose).FlushWorkerIdle, TestTimeouts.Hang));
        dispose.Append([5]);
        failingAtClose.FailWrites();
        Assert.Throws<WalFailedException>(dispose.Dispose);
        Assert.Equal([1], LogReader.ReadAll(path)[0].Payload);
    }
}
