// How committers of the group-commit log wait for their fsync. An fsync is held at a
// gate while committers pile up behind it: the first committer leads the group in flight
// (its own record, fsynced on its own thread), the rest append into the next group, which
// one of them leads as soon as the first round ends. Held long enough, every follower
// blocks (after at most a few microseconds of spinning), so that the wake-up and hand-off
// paths are exercised for sure. On release, every one of them must return, each seeing
// its own record durable; if the held fsync fails instead, every one of them (the leader,
// blocked, spinning or awaiting followers) must get that failure, and the log must refuse
// further appends.
using SharpCoreDB.TestSupport.FileSystems;
using SharpCoreDB.Wal.GroupCommit;
using SharpCoreDB.Wal.Tests.Support;

namespace SharpCoreDB.Wal.Tests;

public sealed class CommitWaitTests() : TempDirectoryTests("scdb-wal-")
{
    private const int BlockingCommitters = 40;
    private const int AwaitingCommitters = 8;

    [Fact]
    public async Task CommittersBlockedBehindAHeldFsyncAreAllWokenAndSeeTheirRecordsDurable()
    {
        string path = Dir.File("log.wal");
        var faulty = new FaultyFileSystem(watch: WatchedFiles.LogSegments);
        var options = WalKinds.Options(WalKind.GroupFullSync, faulty);
        var pile = new CommitterPile();
        using (var log = WriteAheadLog.Open(path, options))
        {
            await pile.BuildUp(log, faulty, untilAllBlock: true);
            faulty.ReleaseFlushes();
            pile.Join();
            await pile.JoinAwaiting();

            Assert.All(pile.Errors, Assert.Null);
            Assert.All(pile.SawDurable, Assert.True);
            Assert.Equal(0, ((GroupCommitWal)log).BlockedCommitters);
            Assert.Equal(pile.LastLsn, log.DurableLsn);
        }

        var records = LogReader.ReadAll(path);
        Assert.Equal(pile.LastLsn, records.Count);
        for (int t = 0; t < pile.Lsns.Length; t++)
        {
            Assert.Equal(Payloads.Make(t, 0), records[(int)pile.Lsns[t] - 1].Payload);
        }
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task AFailedFsyncFailsEveryCommitterOfTheGroupInFlightAndOfThePendingOne(bool untilAllBlock)
    {
        string path = Dir.File("log.wal");
        var faulty = new FaultyFileSystem(watch: WatchedFiles.LogSegments);
        var pile = new CommitterPile();
        using (var log = WriteAheadLog.Open(path, WalKinds.Options(WalKind.GroupFullSync, faulty)))
        {
            await pile.BuildUp(log, faulty, untilAllBlock);
            faulty.FailFlushes();
            faulty.ReleaseFlushes();
            pile.Join();
            await pile.JoinAwaiting();

            Assert.All(pile.Errors, error => Assert.Same(faulty.InjectedError, error));
            Assert.Equal(1, log.DurableLsn);
            var refused = Assert.Throws<WalFailedException>(() => log.Append([1]));
            Assert.Same(faulty.InjectedError, refused.InnerException);
        }

        // The record acknowledged before the failure survives; the others were never acknowledged.
        var records = LogReader.ReadAll(path);
        Assert.Equal(Payloads.Make(99, 0), records[0].Payload);
    }

    // Builds the pile: one acknowledged record, then one committer leading a round whose fsync
    // is held at the gate (the group in flight), then many more behind it (the pending group).
    private sealed class CommitterPile
    {
        private readonly Thread[] _threads = new Thread[BlockingCommitters + 1];
        private readonly Task<long>[] _awaiting = new Task<long>[AwaitingCommitters];

        public long[] Lsns { get; } = new long[BlockingCommitters + 1 + AwaitingCommitters];

        public Exception?[] Errors { get; } = new Exception?[BlockingCommitters + 1 + AwaitingCommitters];

        public bool[] SawDurable { get; } = new bool[BlockingCommitters + 1];

        public long LastLsn => 1 + BlockingCommitters + 1 + AwaitingCommitters;

        public async Task BuildUp(IWriteAheadLog log, FaultyFileSystem faulty, bool untilAllBlock)
        {
            await log.AppendAsync(Payloads.Make(99, 0));
            faulty.HoldFlushes();
            _threads[0] = StartCommitter(log, 0);
            TestTimeouts.WaitUntil(() => faulty.HeldFlushes == 1, "the first group's fsync to reach the gate");
            for (int t = 1; t < _threads.Length; t++)
            {
                _threads[t] = StartCommitter(log, t);
            }

            for (int a = 0; a < _awaiting.Length; a++)
            {
                int index = _threads.Length + a;
                _awaiting[a] = log.AppendAsync(Payloads.Make(index, 0)).AsTask();
            }

            TestTimeouts.WaitUntil(() => log.LastLsn == LastLsn, "every committer to append");
            if (untilAllBlock)
            {
                // Every committer but the leader, who sits in the held fsync.
                TestTimeouts.WaitUntil(() => ((GroupCommitWal)log).BlockedCommitters == _threads.Length - 1, "every follower to block");
            }

            Assert.Equal(1, faulty.HeldFlushes);
            Assert.Equal(1, log.DurableLsn);
        }

        public void Join()
        {
            foreach (var thread in _threads)
            {
                Assert.True(thread.Join(TestTimeouts.Hang), "a committer hung");
            }
        }

        public async Task JoinAwaiting()
        {
            for (int a = 0; a < _awaiting.Length; a++)
            {
                int index = _threads.Length + a;
                try
                {
                    Lsns[index] = await _awaiting[a].WaitAsync(TestTimeouts.Hang);
                }
                catch (Exception exception) when (exception is not TimeoutException)
                {
                    Errors[index] = exception;
                }
            }
        }

        private Thread StartCommitter(IWriteAheadLog log, int index)
        {
            var thread = new Thread(() =>
            {
                try
                {
                    long lsn = log.Append(Payloads.Make(index, 0));
                    Lsns[index] = lsn;
                    SawDurable[index] = log.DurableLsn >= lsn;
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
