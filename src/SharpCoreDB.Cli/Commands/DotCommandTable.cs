// Every dot command of the shell, in the order .help lists them, and the lookup
// from a typed name (".mode", ".exit", ...) to the command.
using SharpCoreDB.Cli.Execution;
using SharpCoreDB.Cli.Output;

namespace SharpCoreDB.Cli.Commands;

/// <summary>The dot commands and their dispatch.</summary>
internal static class DotCommandTable
{
    public static readonly IReadOnlyList<DotCommand> All =
    [
        new(".help", "", "show this list", SettingsCommands.Help),
        new(".tables", "[TABLE]", "list tables and views", SchemaCommands.Tables),
        new(".schema", "[TABLE]", "show the CREATE statements of tables, views and indexes", SchemaCommands.Schema),
        new(".indexes", "[TABLE]", "list indexes", SchemaCommands.Indexes, ".indices"),
        new(".mode", "[MODE] [TABLE]", "set (or show) the output mode: " + ResultFormatterFactory.ModeNames + " (insert TABLE)", OutputCommands.Mode),
        new(".headers", "on|off", "show column names (table, box, markdown, csv, list, tabs, quote, html)", SettingsCommands.Headers, ".header"),
        new(".nullvalue", "TEXT", "print NULL as TEXT in text modes", OutputCommands.NullValue),
        new(".separator", "COL [ROW]", "separators of list mode (\\t, \\n allowed)", OutputCommands.Separator),
        new(".width", "[N...]", "column widths of table, box and markdown (0 fits, -N right-aligns); none resets", OutputCommands.Width),
        new(".timer", "on|off", "print the elapsed time of each statement", SettingsCommands.Timer),
        new(".changes", "on|off", "print the rows each statement changed", OutputCommands.Changes),
        new(".eqp", "on|off", "print the query plan before each query", OutputCommands.Eqp),
        new(".parameter", "set NAME VALUE|list|clear|unset NAME", "values bound to @NAME, :NAME or $NAME in statements", ParameterCommands.Parameter, ".param"),
        new(".bail", "on|off", "stop scripts at the first error (default on)", SettingsCommands.Bail),
        new(".read", "FILE", "run the statements and commands of FILE", FileCommands.Read),
        new(".import", "FILE TABLE", "load a CSV file into TABLE (created from the header if missing)", FileCommands.Import),
        new(".export", "FILE TABLE|SELECT...", "write a table or query to FILE (.json: JSON, otherwise CSV)", FileCommands.Export),
        new(".output", "[FILE]", "send results to FILE, or back to the screen without one", FileCommands.Output),
        new(".once", "FILE", "send the next statement's or command's results to FILE", OutputCommands.Once),
        new(".open", "[--password PW] [--readonly] [FILE]", "close this database and open FILE (in memory without one)", DatabaseCommands.Open),
        new(".password", "[PW]", "unlock this encrypted file, or change its password", DatabaseCommands.Password),
        new(".checkpoint", "", "write committed pages into the file and empty the log", DatabaseCommands.Checkpoint),
        new(".backup", "FILE", "copy the database to the new FILE while it stays in use", DatabaseCommands.Backup),
        new(".restore", "[--password PW] FILE", "replace this database's contents with FILE's", DumpCommands.Restore),
        new(".dump", "[TABLE]", "write SQL that recreates the database (or TABLE)", DumpCommands.Dump),
        new(".stats", "", "show pages, cache hits and log size", DatabaseCommands.Stats),
        new(".quit", "[CODE]", "leave the shell", SettingsCommands.Quit, ".exit"),
    ];

    /// <summary>Every command's usage and help, one a line, aligned (for .help and --help).</summary>
    public static string HelpText()
    {
        int width = 0;
        foreach (DotCommand command in All)
        {
            width = Math.Max(width, command.Usage.Length);
        }

        var text = new System.Text.StringBuilder();
        foreach (DotCommand command in All)
        {
            text.Append(text.Length == 0 ? "" : "\n").Append("  ").Append(command.Usage.PadRight(width + 2)).Append(command.Help);
        }

        return text.ToString();
    }

    /// <summary>The command named by <paramref name="name"/> (with its dot), or null.</summary>
    public static DotCommand? Find(string name)
    {
        foreach (DotCommand command in All)
        {
            if (string.Equals(command.Name, name, StringComparison.OrdinalIgnoreCase))
            {
                return command;
            }

            foreach (string alias in command.Aliases)
            {
                if (string.Equals(alias, name, StringComparison.OrdinalIgnoreCase))
                {
                    return command;
                }
            }
        }

        return null;
    }

    /// <summary>Runs the command of a dot command line.</summary>
    public static bool Execute(CommandContext context)
    {
        string name = context.Words.Count == 0 ? "." : context.Words[0];
        DotCommand command = Find(name) ?? throw new ShellException($"unknown command {name}; .help lists them");
        return command.Run(context);
    }
}
