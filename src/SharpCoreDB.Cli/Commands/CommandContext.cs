// What a dot command gets to work with: the session, the runner (for .read) and
// the words of its line (Words[0] is the command name) and the line itself, for
// commands that take the rest of it as SQL text.
using SharpCoreDB.Cli.Execution;

namespace SharpCoreDB.Cli.Commands;

/// <summary>The arguments of one dot command invocation.</summary>
internal sealed record CommandContext(ShellSession Session, ScriptRunner Runner, string Line)
{
    /// <summary>The words of the line; Words[0] is the command name.</summary>
    public IReadOnlyList<string> Words { get; } = DotCommandLine.Split(Line);

    /// <summary>The line after the command name and its first <paramref name="arguments"/> arguments, as typed.</summary>
    public string Rest(int arguments) => DotCommandLine.Rest(Line, arguments + 1);

    /// <summary>The arguments after the command name.</summary>
    public int ArgumentCount => Words.Count - 1;

    /// <summary>Argument <paramref name="index"/> (0-based, after the command name), or null.</summary>
    public string? Argument(int index) => index + 1 < Words.Count ? Words[index + 1] : null;

    /// <summary>Argument <paramref name="index"/>, or a usage error naming <paramref name="usage"/>.</summary>
    public string Required(int index, string usage) =>
        Argument(index) ?? throw new ShellException("usage: " + usage);
}
