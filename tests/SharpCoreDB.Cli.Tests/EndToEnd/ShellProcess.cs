// Runs the built shell as a child process (`dotnet SharpCoreDB.Cli.dll ...`) in a
// working directory, feeds it standard input and returns its exit code, standard
// output and standard error, as a user at a terminal or a script would see them.
using System.Diagnostics;
using System.Reflection;
using System.Text;

namespace SharpCoreDB.Cli.Tests.EndToEnd;

/// <summary>The result of one shell run.</summary>
public sealed record ShellRun(int ExitCode, string Output, string Errors);

/// <summary>Starts the shell as a child process.</summary>
public static class ShellProcess
{
    private static readonly string ShellPath = Path.GetFullPath(
        typeof(ShellProcess).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "ShellPath").Value!);

    public static ShellRun Run(string workingDirectory, string input, params string[] args)
    {
        var start = new ProcessStartInfo("dotnet")
        {
            WorkingDirectory = workingDirectory,
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
            StandardInputEncoding = new UTF8Encoding(false),
            StandardOutputEncoding = Encoding.UTF8,
            StandardErrorEncoding = Encoding.UTF8,
        };
        start.ArgumentList.Add(ShellPath);
        foreach (string arg in args)
        {
            start.ArgumentList.Add(arg);
        }

        start.Environment["HOME"] = workingDirectory;
        using Process process = Process.Start(start)!;
        Task<string> output = process.StandardOutput.ReadToEndAsync();
        Task<string> errors = process.StandardError.ReadToEndAsync();
        process.StandardInput.Write(input);
        process.StandardInput.Close();
        if (!process.WaitForExit(TestTimeouts.Hang))
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"the shell did not exit within {TestTimeouts.Hang.TotalSeconds} s");
        }

        return new ShellRun(process.ExitCode, output.Result, errors.Result);
    }
}
