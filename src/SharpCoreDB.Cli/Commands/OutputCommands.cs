// Dot commands that shape printed results: .mode (with insert's table), .nullvalue,
// .separator, .width, .once, .changes and .eqp. They change the session's
// FormatOptions or its per-statement extras; SqlRunner applies them.
using System.Globalization;
using SharpCoreDB.Cli.Execution;
using SharpCoreDB.Cli.Output;

namespace SharpCoreDB.Cli.Commands;

/// <summary>Output settings commands.</summary>
internal static class OutputCommands
{
    public static bool Mode(CommandContext context)
    {
        ShellSession session = context.Session;
        if (context.Argument(0) is not { } name)
        {
            string current = session.Mode.ToString().ToLowerInvariant();
            session.Out.WriteLine("current output mode: " + current
                + (session.Mode == OutputMode.Insert ? " " + session.Format.InsertTable : ""));
            session.Out.Flush();
            return true;
        }

        OutputMode mode = ResultFormatterFactory.Parse(name)
            ?? throw new ShellException($"unknown mode '{name}'; use {ResultFormatterFactory.ModeNames.Replace("|", ", ", StringComparison.Ordinal)}");
        string? table = context.Argument(1);
        if (table is not null && mode != OutputMode.Insert || context.ArgumentCount > 2)
        {
            throw new ShellException($"usage: .mode {ResultFormatterFactory.ModeNames} (only insert takes a TABLE)");
        }

        session.Format = session.Format with { Mode = mode, InsertTable = table ?? session.Format.InsertTable };
        return true;
    }

    public static bool NullValue(CommandContext context)
    {
        if (context.ArgumentCount != 1)
        {
            throw new ShellException("usage: .nullvalue TEXT");
        }

        context.Session.Format = context.Session.Format with { NullValue = context.Words[1] };
        return true;
    }

    public static bool Separator(CommandContext context)
    {
        if (context.ArgumentCount is < 1 or > 2)
        {
            throw new ShellException("usage: .separator COL [ROW]");
        }

        // Like sqlite3, \t, \n, \r and \\ in the arguments stand for the characters.
        context.Session.Format = context.Session.Format with
        {
            ColumnSeparator = Unescape(context.Words[1]),
            RowSeparator = context.Argument(1) is { } row ? Unescape(row) : context.Session.Format.RowSeparator,
        };
        return true;
    }

    public static bool Width(CommandContext context)
    {
        var widths = new List<int>();
        for (int i = 0; context.Argument(i) is { } word; i++)
        {
            widths.Add(int.TryParse(word, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out int width) && Math.Abs(width) <= 10_000
                ? width
                : throw new ShellException($"usage: .width N... with whole numbers (0 fits the column, -N right-aligns), not '{word}'"));
        }

        context.Session.Format = context.Session.Format with { Widths = widths };
        return true;
    }

    public static bool Once(CommandContext context)
    {
        if (context.ArgumentCount != 1)
        {
            throw new ShellException("usage: .once FILE");
        }

        context.Session.RedirectOnce(context.Words[1]);
        return true;
    }

    public static bool Changes(CommandContext context)
    {
        context.Session.Changes = SettingsCommands.OnOff(context, ".changes on|off");
        return true;
    }

    public static bool Eqp(CommandContext context)
    {
        context.Session.Eqp = SettingsCommands.OnOff(context, ".eqp on|off");
        return true;
    }

    private static string Unescape(string text) => text
        .Replace("\\\\", "\0", StringComparison.Ordinal)
        .Replace("\\t", "\t", StringComparison.Ordinal)
        .Replace("\\n", "\n", StringComparison.Ordinal)
        .Replace("\\r", "\r", StringComparison.Ordinal)
        .Replace("\0", "\\", StringComparison.Ordinal);
}
