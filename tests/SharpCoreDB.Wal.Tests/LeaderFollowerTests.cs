// Who writes and fsyncs a group in the group-commit log (leader/follower group commit).
// A file system that records the thread of every segment write and fsync shows that a
// lone blocking committer writes and fsyncs its own record on its own thread, with no
// flush worker started; that many committers still share fsyncs, each round run by one
// of them; that a committer whose record missed a round leads the next one; that a
// failed fsync in a leader's round reaches the leader's caller and every follower; and
// that awaiting callers are served by the worker, started on demand, without blocking.
// Nothing here measures time: slowed or held fsyncs only make the piles certain.
using SharpCoreDB.TestSupport.FileSystems;
using SharpCoreDB.Wal.GroupCommit;
using SharpCoreDB.Wal.Tests.Support;

namespace SharpCoreDB.Wal.Tests;

public sealed class LeaderFollowerTests
{
    private const string Path = "leader.wal";

    [Fact]
    public void ALoneCommitterWritesAndFsyncsItsRecordOnItsOwnThreadAndNoWorkerStarts()
    {
        var recording = new RecordingFileSystem(new MemoryFileSystem(), WatchedFiles.LogSegments);
        var options = WalKinds.Options(WalKind.GroupFullSync, recording);
        int me = Environment.CurrentManagedThreadId;
        using (var log = WriteAheadLog.Open(Path, options))
        {
            recording.Clear();
            for (int i = 0; i < 30; i++)
            {
                switch (i % 3)
                {
                    case 0:
                        log.Append(Payloads.Make(1, i));
                        break;
                    case 1:
                        log.WaitForCommit(log.Enqueue(Payloads.Make(1, i)));
                        break;
                    default:
                        log.Enqueue(Payloads.Make(1, i));
                        log.Flush();
                        break;
                }

                Assert.Equal(log.LastLsn, log.DurableLsn);
            }

            Assert.Equal(30, recording.Flushes.Count);
            Assert.All(recording.Calls, call => Assert.Equal(me, call.ThreadId));
            Assert.False(((GroupCommitWal)log).FlushWorkerStarted);
        }

        Assert.Equal(30, LogReader.ReadAll(Path, options).Count);
    }

    [Fact]
    public void SixteenCommittersShareFsyncsAndEveryRoundRunsOnOneOfThem()
    {
        const int Threads = 16;
        const int PerThread = 100;
        var recording = new RecordingFileSystem(new MemoryFileSystem(), WatchedFiles.LogSegments) { FlushDelayMilliseconds = 1 };
        var options = WalKinds.Options(WalKind.GroupFullSync, recording);
        var committers = new int[Threads];
        using (var log = WriteAheadLog.Open(Path, options))
        {
            recording.Clear();
            var threads = new Thread[Threads];
            for (int t = 0; t < Threads; t++)
            {
                int writer = t;
                threads[t] = new Thread(() =>
                {
                    committers[writer] = Environment.CurrentManagedThreadId;
                    for (int i = 0; i < PerThread; i++)
                    {
                        log.Append(Payloads.Make(writer, i));
                    }
                });
                threads[t].Start();
            }

            foreach (var thread in threads)
            {
                thread.Join();
            }

            var flushes = recording.Flushes;
            Assert.True(flushes.Count * 4 < Threads * PerThread, $"{flushes.Count} fsyncs for {Threads * PerThread} commits");
            Assert.All(flushes, flush => Assert.Contains(flush.ThreadId, committers));
            Assert.True(flushes.Select(f => f.ThreadId).Distinct().Count() > 1, "a single committer led every round");
            Assert.False(((GroupCommitWal)log).FlushWorkerStarted);
        }

        Assert.Equal(Threads * PerThread, LogReader.ReadAll(Path, options).Count);
    }

    [Fact]
    public void ACommitterWhoseRecordMissedTheRunningRoundLeadsTheNextForEveryoneWaiting()
    {
        var faulty = new FaultyFileSystem(new MemoryFileSystem(), WatchedFiles.LogSegments);
        var recording = new RecordingFileSystem(faulty, WatchedFiles.LogSegments);
        var options = WalKinds.Options(WalKind.GroupFullSync, recording);
        using (var log = WriteAheadLog.Open(Path, options))
        {
            var pile = new Pile(log, faulty, followers: 6);
            recording.Clear();
            faulty.ReleaseFlushes();
            pile.Join();

            Assert.All(pile.Errors, Assert.Null);
            Assert.Equal(pile.LastLsn, log.DurableLsn);

            // The leader's held round, then exactly one round for all six followers, led by one of them.
            var flush = Assert.Single(recording.Flushes);
            Assert.Contains(flush.ThreadId, pile.FollowerThreads);
            Assert.Equal(0, ((GroupCommitWal)log).BlockedCommitters);
        }
    }

    [Fact]
    public void AFailedFsyncInALeadersRoundReachesTheLeadersCallerAndEveryFollower()
    {
        var memory = new MemoryFileSystem();
        var faulty = new FaultyFileSystem(memory, WatchedFiles.LogSegments);
        var recording = new RecordingFileSystem(faulty, WatchedFiles.LogSegments);
        var options = WalKinds.Options(WalKind.GroupFullSync, recording);
        using (var log = WriteAheadLog.Open(Path, options))
        {
            var pile = new Pile(log, faulty, followers: 8);
            Assert.Equal(pile.LeaderThread, recording.Flushes[^1].ThreadId);
            faulty.FailFlushes();
            faulty.ReleaseFlushes();
            pile.Join();

            Assert.Same(faulty.InjectedError, pile.Errors[0]);
            Assert.All(pile.Errors, error => Assert.Same(faulty.InjectedError, error));
            Assert.Equal(1, log.DurableLsn);
            var refused = Assert.Throws<WalFailedException>(() => log.Append([1]));
            Assert.Same(faulty.InjectedError, refused.InnerException);
            Assert.False(((GroupCommitWal)log).FlushWorkerStarted);
        }

        // The record acknowledged before the failure survives (read without the failing fsyncs).
        Assert.Equal(Payloads.Make(99, 0), LogReader.ReadAll(Path, memory)[0].Payload);
    }

    [Fact]
    public async Task AwaitingCallersAreServedByTheWorkerStartedOnDemandWithoutBlocking()
    {
        var faulty = new FaultyFileSystem(new MemoryFileSystem(), WatchedFiles.LogSegments);
        var recording = new RecordingFileSystem(faulty, WatchedFiles.LogSegments);
        var options = WalKinds.Options(WalKind.GroupFullSync, recording);
        using var log = WriteAheadLog.Open(Path, options);
        var group = (GroupCommitWal)log;
        log.Append([1]);
        Assert.False(group.FlushWorkerStarted);

        // With the fsync held, an awaited append and an awaited wait must return at once, incomplete.
        faulty.HoldFlushes();
        var appended = log.AppendAsync(Payloads.Make(2, 0));
        var waited = log.WaitForCommitAsync(log.Enqueue(Payloads.Make(2, 1)));
        Assert.False(appended.IsCompleted);
        Assert.False(waited.IsCompleted);
        Assert.True(group.FlushWorkerStarted);
        TestTimeouts.WaitUntil(() => faulty.HeldFlushes == 1, "the worker's fsync to reach the gate");
        Assert.Equal("SharpCoreDB WAL flush", recording.Flushes[^1].ThreadName);

        faulty.ReleaseFlushes();
        long lsn = await appended;
        await waited;
        Assert.True(log.DurableLsn >= lsn + 1);

        // A blocking commit still leads its own round while the worker exists.
        recording.Clear();
        log.Append([3]);
        Assert.Equal(Environment.CurrentManagedThreadId, recording.Flushes[^1].ThreadId);
    }

    [Fact]
    public void InAsyncModeTheWorkerStartsWithTheFirstAppend()
    {
        var options = WalKinds.Options(WalKind.GroupAsync, new MemoryFileSystem());
        using var log = WriteAheadLog.Open(Path, options);
        Assert.False(((GroupCommitWal)log).FlushWorkerStarted);
        log.Append([1]);
        Assert.True(((GroupCommitWal)log).FlushWorkerStarted);
        log.Flush();
        Assert.Equal(1, log.DurableLsn);
    }

    // One acknowledged record (payload 99/0), then a leader whose round is held in its fsync, then
    // followers appended behind it and blocked.
    private sealed class Pile
    {
        private readonly Thread[] _threads;

        public Pile(IWriteAheadLog log, FaultyFileSystem faulty, int followers)
        {
            log.Append(Payloads.Make(99, 0));
            faulty.HoldFlushes();
            _threads = new Thread[followers + 1];
            Errors = new Exception?[followers + 1];
            FollowerThreads = new int[followers];
            _threads[0] = Start(log, 0);
            TestTimeouts.WaitUntil(() => faulty.HeldFlushes == 1, "the leader's fsync to reach the gate");
            for (int t = 1; t < _threads.Length; t++)
            {
                _threads[t] = Start(log, t);
                FollowerThreads[t - 1] = _threads[t].ManagedThreadId;
            }

            TestTimeouts.WaitUntil(() => ((GroupCommitWal)log).BlockedCommitters == followers, "every follower to block");
            LastLsn = log.LastLsn;
            Assert.Equal(1 + 1 + followers, LastLsn);
        }

        public Exception?[] Errors { get; }

        public int LeaderThread => _threads[0].ManagedThreadId;

        public int[] FollowerThreads { get; }

        public long LastLsn { get; }

        public void Join()
        {
            foreach (var thread in _threads)
            {
                Assert.True(thread.Join(TestTimeouts.Hang), "a committer hung");
            }
        }

        private Thread Start(IWriteAheadLog log, int index)
        {
            var thread = new Thread(() =>
            {
                try
                {
                    log.Append(Payloads.Make(index, 0));
                }
                catch (Exception exception)
                {
                    Errors[index] = exception;
                }
            })
            { IsBackground = true };
            thread.Start();
            return thread;
        }
    }
}
