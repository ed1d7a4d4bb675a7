// A checkpoint whose in-place writes fail (a write stored half and then refused, an
// fsync error) leaves its journal as the only repair for the page it tore. What comes
// next overwrites that journal: the next checkpoint, or the commit of a transaction
// larger than memory. These tests fail each call of a checkpoint in turn, then kill the
// process at each write of what follows, and reopen: the database must open and hold
// every acknowledged commit whole, never a page that fails its check.
using SharpCoreDB.Storage;
using SharpCoreDB.TestSupport.FileSystems;
using SharpCoreDB.Wal.IO;
using Xunit.Abstractions;
using LargeTransactionTests = SharpCoreDB.Tests.Storage.LargeTransactionTests;
using Workload = SharpCoreDB.Tests.Storage.LargeTransactionTests.Workload;

namespace SharpCoreDB.Tests.Reliability;

[Trait("Category", "Slow")]
public sealed class FailedCheckpointTests(ITestOutputHelper output) : TempDirectoryTests("scdb-failed-checkpoint-")
{
    private const int FirstPages = 12;

    // With the rewritten pages, more than the transaction may hold in memory (LargeTransactionTests.PrivateLimit).
    private const int ExtraPages = 24;

    // What follows the failed checkpoint is killed after each of its first writes (the moments its journal is
    // replaced), then after every few (the rest of it has crash tests of its own).
    private const int EveryCrashPointUpTo = 32;
    private const int CrashPointStride = 7;

    // Small enough that the checkpoint and the large commit write in several paced pieces.
    private const int PacingBytes = 16 * 1024;

    /// <summary>What follows the failed checkpoint, and is killed at each of its writes.</summary>
    public enum NextWriter
    {
        /// <summary>A small commit and the next checkpoint (which overwrites the journal).</summary>
        Checkpoint,

        /// <summary>The commit of a transaction larger than the cache (which empties the journal first).</summary>
        LargeCommit,
    }

    [Theory]
    [InlineData(NextWriter.Checkpoint)]
    [InlineData(NextWriter.LargeCommit)]
    public void ATornCheckpointWriteIsRepairedWhateverComesNext(NextWriter next)
    {
        var dry = new FaultyFileSystem();
        var (first, last) = Run(dry, "dry", next).FailingCheckpointCalls;
        int runs = 0, failedInDatabaseFile = 0;
        for (int failAt = first; failAt < last; failAt++)
        {
            var failing = new FaultyFileSystem { FailAt = failAt, Mode = FaultMode.ShortWrite };
            Verify(Run(failing, $"f{failAt}", next), next, $"call {failAt} of the checkpoint failed ({failing.FailedPath})");
            Assert.True(failing.CallFailed, $"call {failAt} was never made");
            if (!failing.FailedPath!.EndsWith(".scdb", StringComparison.Ordinal))
            {
                // A failed journal or log call leaves no page of the database file torn (the journal is emptied).
                continue;
            }

            failedInDatabaseFile++;
            for (int crashAfter = 0; ; crashAfter += crashAfter < EveryCrashPointUpTo ? 1 : CrashPointStride)
            {
                var fs = new FaultyFileSystem { FailAt = failAt, Mode = FaultMode.ShortWrite };
                var outcome = Run(fs, $"f{failAt}-c{crashAfter}", next, crashAfter);
                Verify(outcome, next, $"call {failAt} of the checkpoint failed ({fs.FailedPath}), then a crash after {crashAfter} writes");
                runs++;
                if (!fs.Crashed)
                {
                    // What follows made fewer writes than that: every crash point was tried.
                    break;
                }
            }
        }

        output.WriteLine($"{last - first} calls of the checkpoint failed in turn, {failedInDatabaseFile} in the database file, then {runs} crashes");
        Assert.True(failedInDatabaseFile > FirstPages, $"only {failedInDatabaseFile} failures were in the database file");
    }

    private sealed record Outcome(string Path, bool NextAcknowledged, (int First, int Last) FailingCheckpointCalls);

    // Generation 1 checkpointed, generation 2 committed; the checkpoint that may fail; then generation 3 through what
    // follows, with the process killed after crashAfter of its writes (none: it runs to the end).
    private Outcome Run(FaultyFileSystem fs, string name, NextWriter next, int crashAfter = -1)
    {
        string path = Dir.File(name + ".scdb");
        bool acknowledged = false;
        int before = 0, after = 0;
        FaultedRun.Run(Options(path, fs), engine =>
        {
            uint[] pages = Workload.WriteFirst(engine, FirstPages);
            engine.Checkpoint();
            Rewrite(engine, pages, generation: 2);

            before = fs.Calls;
            try
            {
                engine.Checkpoint();
            }
            catch (SharpCoreDBException e) when (e.ErrorCode is SharpCoreDBErrorCode.IoError)
            {
                // The failure under test: what it left behind is what the rest of the run meets.
            }

            after = fs.Calls;
            if (crashAfter >= 0)
            {
                fs.TearWriteAfter(crashAfter);
            }

            if (next == NextWriter.Checkpoint)
            {
                Rewrite(engine, pages, generation: 3);
                acknowledged = true;
                engine.Checkpoint();
            }
            else
            {
                Workload.CommitLarge(engine, pages, ExtraPages, generation: 3);
                acknowledged = true;
            }
        });

        return new Outcome(path, acknowledged, (before, after));
    }

    private static void Rewrite(StorageEngine engine, uint[] pages, long generation)
    {
        using var tx = engine.BeginWrite(TestTimeouts.WriteLock);
        foreach (uint page in pages)
        {
            Workload.Stamp(tx.Write(page).Span, page, generation);
        }

        tx.Commit();
    }

    private static StorageOptions Options(string path, IFileSystem fs) => LargeTransactionTests.FaultSweepOptions(path, fs, PacingBytes);

    // Generation 2 was acknowledged before anything failed, so every page holds 2 or 3, whole, and 3 where generation
    // 3 was acknowledged; the large commit's new pages exist exactly when its pages were committed.
    private static void Verify(Outcome outcome, NextWriter next, string what)
    {
        using var engine = StorageEngine.Open(Options(outcome.Path, new FaultyFileSystem()));
        using var read = engine.BeginRead();
        uint pageCount = read.State.PageCount;
        long generation = Workload.Generation(read.Read(1).Span, 1);
        Assert.True(generation is 2 or 3, $"{what}: page 1 holds generation {generation}");
        Assert.True(generation == 3 || !outcome.NextAcknowledged, $"{what}: the acknowledged generation 3 is gone");
        int expectedPages = next == NextWriter.LargeCommit && generation == 3 ? 1 + FirstPages + ExtraPages : 1 + FirstPages;
        Assert.Equal((uint)expectedPages, pageCount);
        for (uint page = 1; page < pageCount; page++)
        {
            Assert.Equal(generation, Workload.Generation(read.Read(page).Span, page));
        }
    }
}
