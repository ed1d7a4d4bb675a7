// Turns any failure into one line on standard error: the engine's own message
// (syntax errors carry their line and column) prefixed with where the statement
// came from when it came from a script, and never a .NET stack trace. Failures
// that are not ours (a bug) still print only their type and message.
using System.Data.Common;
using SharpCoreDB.Cli.Options;

namespace SharpCoreDB.Cli.Execution;

/// <summary>Prints errors for people.</summary>
internal static class ErrorReporter
{
    /// <summary>The text printed for an error; <paramref name="where"/> is e.g. "stdin:12" or null.</summary>
    public static string Describe(Exception error, string? where)
    {
        string prefix = where is null ? "Error: " : $"Error ({where}): ";
        return prefix + error switch
        {
            SharpCoreDBException e when e.ErrorCode == SharpCoreDBErrorCode.Cancelled => "interrupted",
            SharpCoreDBException e => e.Message,
            DbException or ShellException or UsageException or IOException or UnauthorizedAccessException
                or ArgumentException or InvalidOperationException or FormatException or OperationCanceledException => error.Message,
            _ => $"internal error ({error.GetType().Name}): {error.Message}",
        };
    }

    /// <summary>Writes the error to the session's error stream after flushing results, so the two stay in order.</summary>
    public static void Report(ShellSession session, Exception error, string? where)
    {
        session.HadError = true;
        session.Out.Flush();
        session.Errors.WriteLine(Describe(error, where));
        session.Errors.Flush();
    }
}
