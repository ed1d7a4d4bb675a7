// .parameter set NAME VALUE / list / clear / unset NAME, like sqlite3's: VALUE is
// an SQL expression (42, 'text', X'00', NULL, 1.5, or anything SELECT can
// compute) evaluated once through the connection, and the value is bound to every
// later statement that names the parameter (@x, :x or $x, as set).
using SharpCoreDB.Cli.Execution;
using SharpCoreDB.Cli.Output;
using SharpCoreDB.Data;

namespace SharpCoreDB.Cli.Commands;

/// <summary>The .parameter command.</summary>
internal static class ParameterCommands
{
    private const string Usage = ".parameter set NAME VALUE | list | clear | unset NAME";

    public static bool Parameter(CommandContext context)
    {
        ShellSession session = context.Session;
        switch (context.Argument(0)?.ToLowerInvariant())
        {
            case "set" when context.ArgumentCount >= 3:
                string name = CheckName(context.Words[2]);
                session.Parameters[name] = Evaluate(session, context.Rest(2));
                return true;
            case "unset" when context.ArgumentCount == 2:
                if (!session.Parameters.Remove(context.Words[2]))
                {
                    throw new ShellException($"no parameter named {context.Words[2]}");
                }

                return true;
            case "list" when context.ArgumentCount == 1:
                foreach ((string key, object? value) in session.Parameters)
                {
                    session.Out.WriteLine(key + " " + SqlLiteral.Format(value));
                }

                session.Out.Flush();
                return true;
            case "clear" when context.ArgumentCount == 1:
                session.Parameters.Clear();
                return true;
            default:
                throw new ShellException("usage: " + Usage);
        }
    }

    // Positional ?N parameters are numbered per statement; only names mean the same thing in every statement.
    private static string CheckName(string name) =>
        name.Length > 1 && name[0] is '@' or ':' or '$'
            ? name
            : throw new ShellException($"parameter names start with @, : or $ (e.g. @{name.TrimStart('?')}), not '{name}'");

    private static object? Evaluate(ShellSession session, string expression)
    {
        using SharpCoreDBCommand command = session.RequireConnection().CreateCommand();
        command.CommandText = "SELECT " + expression;
        using SharpCoreDBDataReader reader = command.ExecuteReader();
        if (!reader.Read() || reader.FieldCount != 1)
        {
            throw new ShellException($"usage: {Usage}; VALUE must be one SQL value, not '{expression}'");
        }

        return Dump.StoredRows.Value(reader, 0);
    }
}
