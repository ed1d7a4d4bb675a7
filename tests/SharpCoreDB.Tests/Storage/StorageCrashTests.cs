// The storage crash test: a child process (SharpCoreDB.StorageCrashWorker) commits
// B+tree transactions in FullSync mode from several threads, with checkpoints
// running all the time, and prints each acknowledged commit. The test kills it
// with SIGKILL at a random moment, reopens the database, and checks that the
// state is exactly that after some transaction L, where L is at least the newest
// acknowledged one and at most one in-flight transaction per thread beyond it.
// 20 rounds in CI; SCDB_CRASH_ROUNDS=n for a longer run by hand.
using System.Diagnostics;
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.StorageCrashWorker;

namespace SharpCoreDB.Tests.Storage;

[Trait("Category", "Slow")]
public sealed class StorageCrashTests() : TempDirectoryTests("scdb-crash-")
{
    internal const int Threads = 4;

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task EveryAcknowledgedCommitSurvivesSigkill(bool groupCommit)
    {
        int rounds = int.TryParse(Environment.GetEnvironmentVariable("SCDB_CRASH_ROUNDS"), out int r) ? r : 10;
        string path = Dir.File($"crash-{groupCommit}.scdb");
        var random = new Random(groupCommit ? 1 : 2);
        long previous = 0;
        for (int round = 0; round < rounds; round++)
        {
            long acknowledged = await RunAndKill(path, groupCommit, random.Next(150, 900));
            long last = Verify(path);
            Assert.True(last >= acknowledged, $"round {round}: commit {acknowledged} was acknowledged but only {last} survived");
            Assert.True(last <= Math.Max(acknowledged, previous) + Threads, $"round {round}: {last} survived but only {acknowledged} were acknowledged");
            previous = last;
        }
    }

    // Starts the worker, lets it commit for a while, kills it; returns the newest acknowledged transaction.
    private static async Task<long> RunAndKill(string path, bool groupCommit, int millisecondsAfterReady)
    {
        string worker = Path.Combine(AppContext.BaseDirectory, "SharpCoreDB.StorageCrashWorker.dll");
        var start = new ProcessStartInfo("dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        start.ArgumentList.Add(worker);
        start.ArgumentList.Add(path);
        start.ArgumentList.Add(Threads.ToString(System.Globalization.CultureInfo.InvariantCulture));
        start.ArgumentList.Add(groupCommit ? "true" : "false");

        using var process = Process.Start(start)!;
        long acknowledged = 0;
        var ready = new TaskCompletionSource();
        var reader = Task.Run(async () =>
        {
            while (await process.StandardOutput.ReadLineAsync() is { } line)
            {
                if (line == "READY")
                {
                    ready.TrySetResult();
                }
                else if (line.StartsWith("ACK ", StringComparison.Ordinal) && long.TryParse(line.AsSpan(4), out long n))
                {
                    acknowledged = Math.Max(acknowledged, n);
                }
            }
        });
        var stderr = process.StandardError.ReadToEndAsync();

        var started = await Task.WhenAny(ready.Task, process.WaitForExitAsync(), Task.Delay(TestTimeouts.Hang));
        if (!ready.Task.IsCompleted)
        {
            Assert.Fail($"the worker did not start: {await Drain(stderr, process)}");
        }

        await Task.Delay(millisecondsAfterReady);
        if (process.HasExited)
        {
            Assert.Fail($"the worker stopped by itself (exit {process.ExitCode}): {await Drain(stderr, process)}");
        }

        process.Kill(entireProcessTree: true); // SIGKILL on Unix
        await process.WaitForExitAsync();
        await reader;
        return acknowledged;
    }

    private static async Task<string> Drain(Task<string> stderr, Process process)
    {
        if (!process.HasExited)
        {
            process.Kill(entireProcessTree: true);
        }

        return await stderr;
    }

    // Reopens (running recovery) and checks the state is exactly that after some transaction L; returns L.
    private static long Verify(string path)
    {
        using var engine = StorageEngine.Open(new StorageOptions { Path = path, PageSize = 4096 });
        using var read = engine.BeginRead();
        if (read.State.CatalogRoot == 0)
        {
            return 0;
        }

        var tree = TableTree.Open(read, read.State.CatalogRoot);
        tree.Tree.Verify();
        long last = tree.MaxRowId() ?? 0;
        long first = Math.Max(1, last - CrashWorkload.Window + 1);
        Assert.Equal(last == 0 ? 0 : last - first + 1, tree.Count());
        for (long n = first; n <= last; n++)
        {
            Assert.True(tree.TryGet(n, out var value), $"row {n} of committed state {last} is missing");
            Assert.True(value.Span.SequenceEqual(CrashWorkload.Payload(n)), $"row {n} has the wrong payload");
        }

        return last;
    }
}
