// One dot command: its name, aliases, argument synopsis, a one-line help text and
// what it does. Run returns false when it failed after printing its own error.
namespace SharpCoreDB.Cli.Commands;

/// <summary>A dot command of the shell.</summary>
internal sealed record DotCommand(string Name, string Synopsis, string Help, Func<CommandContext, bool> Run, params string[] Aliases)
{
    /// <summary>The usage line, e.g. ".import FILE TABLE".</summary>
    public string Usage => Synopsis.Length == 0 ? Name : Name + " " + Synopsis;
}
