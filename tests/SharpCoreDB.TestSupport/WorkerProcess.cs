// A test worker (a console program built beside the tests and run as `dotnet <name>.dll
// ...`) that a crash test kills at a moment of its choosing. The test may only start its
// clock once the worker has begun the work to be interrupted, which the worker says in its
// first line (READY, SORTING, MIGRATING); a worker that does not get there within
// TestTimeouts.Hang is killed and fails the test with what it wrote to stderr, rather than
// the test waiting forever or "crashing" a process that never started.
using System.Diagnostics;
using Xunit;

namespace SharpCoreDB.TestSupport;

/// <summary>A started worker process, past its first line.</summary>
public sealed class WorkerProcess : IDisposable
{
    private WorkerProcess(Process process)
    {
        Process = process;
        Errors = process.StandardError.ReadToEndAsync();
    }

    /// <summary>The worker; its standard output is read from the line after the first.</summary>
    public Process Process { get; }

    /// <summary>Everything the worker writes to stderr, complete once it has exited.</summary>
    public Task<string> Errors { get; }

    /// <summary>
    /// Starts <paramref name="dll"/> (a file in the tests' directory) with <paramref name="arguments"/> and returns once its
    /// first line is <paramref name="startedLine"/>.
    /// </summary>
    public static async Task<WorkerProcess> StartAsync(string dll, string startedLine, params string[] arguments)
    {
        var start = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        start.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, dll));
        foreach (string argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        var worker = new WorkerProcess(Process.Start(start)!);
        Task<string?> first = worker.Process.StandardOutput.ReadLineAsync();
        if (await Task.WhenAny(first, Task.Delay(TestTimeouts.Hang)) != first || await first != startedLine)
        {
            worker.Process.Kill(entireProcessTree: true);
            string errors = await worker.Errors;
            worker.Dispose();
            Assert.Fail($"the worker did not start ({startedLine} did not come): {errors}");
        }

        return worker;
    }

    public void Dispose() => Process.Dispose();
}
