// The probes that measure each contender in a process of its own (so that one's memory,
// JIT state or caches do not count for the other) run this program again with a
// child switch and read what it prints.
using System.Diagnostics;

namespace SharpCoreDB.Benchmarks.Suites;

/// <summary>Runs this benchmark program as a child process.</summary>
internal static class ChildProbe
{
    /// <summary>Runs the program with <paramref name="arguments"/>; returns its exit code and what it printed.</summary>
    public static (int ExitCode, string Output, string Errors) Run(params string[] arguments)
    {
        var start = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        start.ArgumentList.Add(typeof(ChildProbe).Assembly.Location);
        foreach (string argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        using var process = Process.Start(start)!;
        Task<string> errors = process.StandardError.ReadToEndAsync();
        string output = process.StandardOutput.ReadToEnd();
        process.WaitForExit();
        return (process.ExitCode, output, errors.Result);
    }
}
