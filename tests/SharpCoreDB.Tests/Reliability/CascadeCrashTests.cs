// Foreign key cascades and the triggers they fire survive SIGKILL like any other write:
// a child process (SharpCoreDB.StorageCrashWorker cascade) commits transactions that
// insert a family of rows and delete an older family through ON DELETE CASCADE (whose
// deletes fire triggers keeping a census of the rows), in FullSync mode with
// checkpoints and, every few transactions, VACUUM running, and is killed at a random moment. The reopened database must
// hold exactly the families of some transaction at or after the last acknowledged
// one (the one in flight may have landed), with PRAGMA integrity_check and
// foreign_key_check clean and the census equal to the counts, so a cascade (and what
// its triggers wrote) is never half there. SCDB_CRASH_ROUNDS=n for
// a longer run by hand.
using System.Diagnostics;
using SharpCoreDB.Storage;
using SharpCoreDB.StorageCrashWorker;
using SharpCoreDB.Tests.Engine;

namespace SharpCoreDB.Tests.Reliability;

[Trait("Category", "Slow")]
public sealed class CascadeCrashTests() : TempDirectoryTests("scdb-cascade-")
{
    [Fact]
    public async Task EveryAcknowledgedCascadeSurvivesSigkill()
    {
        int rounds = int.TryParse(Environment.GetEnvironmentVariable("SCDB_CRASH_ROUNDS"), out int r) ? r : 6;
        string path = Dir.File("cascade.scdb");
        var random = new Random(23);
        for (int round = 0; round < rounds; round++)
        {
            long acknowledged = await RunAndKill(path, random.Next(150, 700));
            Assert.True(acknowledged > 0, $"round {round}: the worker acknowledged no commit");
            using var harness = new EngineHarness(new StorageOptions { Path = path, PageSize = 4096 });
            Assert.Equal("ok", harness.Scalar("PRAGMA integrity_check"));
            Assert.Empty(harness.Query("PRAGMA foreign_key_check"));

            long last = (long)harness.Scalar("SELECT coalesce(max(id), 0) FROM parent")!;
            Assert.True(last >= acknowledged && last <= acknowledged + 1, $"round {round}: {acknowledged} acknowledged, {last} survived");
            long first = Math.Max(1, last - CascadeWorkload.Window + 1);
            long families = last - first + 1;
            Assert.Equal(families, (long)harness.Scalar("SELECT count(*) FROM parent WHERE id BETWEEN ?1 AND ?2", first, last)!);
            Assert.Equal(families, (long)harness.Scalar("SELECT count(*) FROM parent")!);
            Assert.Equal(families * 3, (long)harness.Scalar("SELECT count(*) FROM child")!);
            Assert.Equal(families * 3, (long)harness.Scalar("SELECT count(*) FROM grandchild")!);
            Assert.Equal(families * 3, (long)harness.Scalar("SELECT children FROM census")!);
            Assert.Equal(families * 3, (long)harness.Scalar("SELECT grandchildren FROM census")!);
        }
    }

    // Starts the worker, lets it commit for about `milliseconds` after its first acknowledged commit, kills it; the last "ACK n" read.
    private static async Task<long> RunAndKill(string path, int milliseconds)
    {
        using WorkerProcess worker = await WorkerProcess.StartAsync("SharpCoreDB.StorageCrashWorker.dll", "READY", path, "cascade");
        Process process = worker.Process;
        long acknowledged = 0;
        var reading = Task.Run(async () =>
        {
            while (await process.StandardOutput.ReadLineAsync() is { } line)
            {
                if (line.StartsWith("ACK ", StringComparison.Ordinal))
                {
                    Volatile.Write(ref acknowledged, long.Parse(line.AsSpan(4), System.Globalization.CultureInfo.InvariantCulture));
                }
            }
        });
        // The random moment is counted from the first acknowledged commit, not from READY: on a loaded machine the
        // first transaction (the JIT, the first checkpoint) can take longer than the whole window.
        var firstCommit = Stopwatch.StartNew();
        while (Volatile.Read(ref acknowledged) == 0 && !reading.IsCompleted && firstCommit.Elapsed < TestTimeouts.Hang)
        {
            await Task.Delay(5);
        }

        await Task.Delay(milliseconds);
        process.Kill(entireProcessTree: true); // SIGKILL on Unix
        await process.WaitForExitAsync();
        await reading;
        return Volatile.Read(ref acknowledged);
    }
}
