// Everything the command line asked for: connection settings, output settings,
// error handling and what to run (SQL arguments, or standard input, or a prompt).
using SharpCoreDB.Cli.Output;

namespace SharpCoreDB.Cli.Options;

/// <summary>The parsed command line.</summary>
internal sealed record ShellOptions
{
    public ConnectionSettings Connection { get; init; } = new();

    public OutputMode Mode { get; init; } = OutputMode.Table;

    public bool Headers { get; init; } = true;

    /// <summary>The text of NULL (-nullvalue); null keeps each mode's own.</summary>
    public string? NullValue { get; init; }

    /// <summary>List mode's column separator (-separator); null keeps "|".</summary>
    public string? Separator { get; init; }

    /// <summary>Stop a script at its first error; null means the default (stop, except at the prompt).</summary>
    public bool? Bail { get; init; }

    /// <summary>Force (true) or refuse (false) the interactive prompt; null decides from the terminal.</summary>
    public bool? Interactive { get; init; }

    /// <summary>Print the elapsed time of each statement.</summary>
    public bool Timer { get; init; }

    /// <summary>SQL texts and dot commands given after the file name, run in order.</summary>
    public IReadOnlyList<string> Commands { get; init; } = [];

    public bool ShowHelp { get; init; }

    public bool ShowVersion { get; init; }
}
