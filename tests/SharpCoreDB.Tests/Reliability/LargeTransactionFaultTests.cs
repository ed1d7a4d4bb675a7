// The commit of a transaction larger than memory (whole pages through the checkpoint
// journal, a small record in the log) under every failure its I/O can meet: each I/O
// call of the workload fails in turn (EIO, ENOSPC, a short write), and the process
// "dies" before each of its writes in turn (the rest of the write torn off, nothing
// after it reaching the disk). After each, the reopened database holds exactly the
// state before the large transaction or exactly the state after it, never a mix, and
// the state after it whenever its commit was acknowledged.
using SharpCoreDB.Storage;
using SharpCoreDB.TestSupport.FileSystems;
using SharpCoreDB.Wal.IO;
using Xunit.Abstractions;
using LargeTransactionTests = SharpCoreDB.Tests.Storage.LargeTransactionTests;
using Workload = SharpCoreDB.Tests.Storage.LargeTransactionTests.Workload;

namespace SharpCoreDB.Tests.Reliability;

[Trait("Category", "Slow")]
public sealed class LargeTransactionFaultTests(ITestOutputHelper output) : TempDirectoryTests("scdb-large-fault-")
{
    private const int FirstPages = 20;
    private const int ExtraPages = 60;

    [Fact]
    public void EveryIoCallOfALargeCommitCanFail()
    {
        int total = Run(new FaultyFileSystem(), "dry").Calls;
        output.WriteLine($"{total} I/O calls, each failed in turn");
        var modes = Enum.GetValues<FaultMode>();
        for (int failAt = 0; failAt < total; failAt++)
        {
            var fs = new FaultyFileSystem { FailAt = failAt, Mode = modes[failAt % modes.Length] };
            var outcome = Run(fs, $"f{failAt}");
            Assert.True(fs.CallFailed, $"call {failAt} was never made");
            Verify(outcome, $"fault at call {failAt} ({fs.Mode})");
        }
    }

    [Fact]
    public void ACrashBeforeAnyWriteOfALargeCommitLosesNothingAcknowledged()
    {
        var dry = new FaultyFileSystem();
        Run(dry, "dry");
        output.WriteLine($"{dry.Writes} writes, the process killed at each in turn");
        for (int writes = 0; writes < dry.Writes; writes++)
        {
            var fs = new FaultyFileSystem();
            fs.TearWriteAfter(writes);
            var outcome = Run(fs, $"c{writes}");
            Assert.True(fs.Crashed, $"the workload made fewer than {writes + 1} writes");
            Verify(outcome, $"crash at write {writes}");
        }
    }

    private sealed record Outcome(string Path, bool FirstAcknowledged, bool LargeAcknowledged, int Calls);

    // The first transaction (FirstPages pages, checkpointed), then the large one rewriting them and adding ExtraPages.
    private Outcome Run(FaultyFileSystem fs, string name)
    {
        string path = Dir.File(name + ".scdb");
        bool first = false, large = false;
        FaultedRun.Run(Options(path, fs), engine =>
        {
            uint[] pages = Workload.WriteFirst(engine, FirstPages);
            first = true;
            engine.Checkpoint();
            Workload.CommitLarge(engine, pages, ExtraPages, generation: 2);
            large = true;
        });

        return new Outcome(path, first, large, fs.Calls);
    }

    private static StorageOptions Options(string path, IFileSystem fs) => LargeTransactionTests.FaultSweepOptions(path, fs);

    private static void Verify(Outcome outcome, string what)
    {
        if (!System.IO.File.Exists(outcome.Path))
        {
            Assert.False(outcome.FirstAcknowledged, $"{what}: the database is gone");
            return;
        }

        using var engine = StorageEngine.Open(Options(outcome.Path, new FaultyFileSystem()));
        using var read = engine.BeginRead();
        uint pageCount = read.State.PageCount;
        if (pageCount == 1 + FirstPages + ExtraPages)
        {
            for (uint page = 1; page < pageCount; page++)
            {
                Assert.Equal(2, Workload.Generation(read.Read(page).Span, page));
            }
        }
        else if (pageCount == 1 + FirstPages)
        {
            Assert.False(outcome.LargeAcknowledged, $"{what}: the acknowledged large commit is gone");
            for (uint page = 1; page < pageCount; page++)
            {
                Assert.Equal(1, Workload.Generation(read.Read(page).Span, page));
            }
        }
        else
        {
            Assert.True(pageCount == 1 && !outcome.FirstAcknowledged, $"{what}: {pageCount} pages after reopening");
        }
    }
}
