// Dot commands that change how the shell behaves rather than the database:
// .help, .mode, .headers, .timer, .bail and .quit.
using System.Globalization;
using SharpCoreDB.Cli.Execution;
using SharpCoreDB.Cli.Options;
using SharpCoreDB.Cli.Output;

namespace SharpCoreDB.Cli.Commands;

/// <summary>Shell settings commands.</summary>
internal static class SettingsCommands
{
    public static bool Help(CommandContext context)
    {
        int width = 0;
        foreach (DotCommand command in DotCommandTable.All)
        {
            width = Math.Max(width, command.Usage.Length);
        }

        TextWriter output = context.Session.Out;
        foreach (DotCommand command in DotCommandTable.All)
        {
            output.WriteLine(command.Usage.PadRight(width + 2) + command.Help);
        }

        output.WriteLine("SQL statements end with ';' and may span lines. Ctrl-C cancels a running statement.");
        output.Flush();
        return true;
    }

    public static bool Mode(CommandContext context)
    {
        if (context.Argument(0) is not { } name)
        {
            context.Session.Out.WriteLine("current output mode: " + context.Session.Mode.ToString().ToLowerInvariant());
            context.Session.Out.Flush();
            return true;
        }

        context.Session.Mode = ResultFormatterFactory.Parse(name)
            ?? throw new ShellException($"unknown mode '{name}'; use table, csv, json or line");
        return true;
    }

    public static bool Headers(CommandContext context)
    {
        context.Session.Headers = OnOff(context, ".headers on|off");
        return true;
    }

    public static bool Timer(CommandContext context)
    {
        context.Session.Timer = OnOff(context, ".timer on|off");
        return true;
    }

    public static bool Bail(CommandContext context)
    {
        context.Session.Bail = OnOff(context, ".bail on|off");
        return true;
    }

    public static bool Quit(CommandContext context)
    {
        context.Session.QuitRequested = true;
        if (context.Argument(0) is { } code)
        {
            context.Session.QuitCode = int.TryParse(code, NumberStyles.Integer, CultureInfo.InvariantCulture, out int value)
                ? value
                : throw new ShellException("usage: .quit [CODE] with a whole number");
        }

        return true;
    }

    private static bool OnOff(CommandContext context, string usage)
    {
        try
        {
            return ArgumentParser.ParseBool(context.Words[0], context.Required(0, usage));
        }
        catch (UsageException)
        {
            throw new ShellException("usage: " + usage);
        }
    }
}
