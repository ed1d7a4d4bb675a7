// A failure of the shell itself (a bad dot command argument, a missing file, no
// open database) as opposed to one from the engine. It is printed like an engine
// error, as one line without a stack trace.
namespace SharpCoreDB.Cli.Execution;

/// <summary>A shell error with a message for the user.</summary>
internal sealed class ShellException(string message) : Exception(message);
