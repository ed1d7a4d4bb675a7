// Dot commands that change how the shell behaves rather than the database:
// .help, .headers, .timer, .bail and .quit (output settings: OutputCommands).
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
        TextWriter output = context.Session.Out;
        output.WriteLine(DotCommandTable.HelpText());
        output.WriteLine("Output modes: " + ResultFormatterFactory.ModeNames.Replace("|", ", ", StringComparison.Ordinal) + ".");
        output.WriteLine("SQL statements end with ';' and may span lines. Ctrl-C cancels a running statement.");
        output.Flush();
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

    internal static bool OnOff(CommandContext context, string usage)
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
