// .dump and .restore: the database as an SQL script (DumpWriter), and the open
// database's contents replaced by another file's (DatabaseRestorer).
using SharpCoreDB.Cli.Dump;
using SharpCoreDB.Cli.Execution;
using SharpCoreDB.Cli.Options;
using SharpCoreDB.Data;

namespace SharpCoreDB.Cli.Commands;

/// <summary>Dump and restore commands.</summary>
internal static class DumpCommands
{
    public static bool Dump(CommandContext context)
    {
        if (context.ArgumentCount > 1)
        {
            throw new ShellException("usage: .dump [TABLE]");
        }

        DumpWriter.Write(context.Session.RequireConnection(), context.Session.Out, context.Argument(0));
        return true;
    }

    public static bool Restore(CommandContext context)
    {
        const string usage = ".restore [--password PW] FILE";
        ShellSession session = context.Session;
        string? password = null;
        string? path = null;
        for (int i = 0; context.Argument(i) is { } word; i++)
        {
            if (word is "--password" or "-password")
            {
                password = context.Required(++i, usage);
            }
            else if (path is null)
            {
                path = word;
            }
            else
            {
                throw new ShellException("usage: " + usage);
            }
        }

        if (path is null)
        {
            throw new ShellException("usage: " + usage);
        }

        // Opening a missing file would create an empty one and restore nothing: say so instead.
        if (!File.Exists(path))
        {
            throw new ShellException($"cannot restore from {path}: no such file");
        }

        SharpCoreDBConnection target = session.RequireConnection();
        if (session.Settings.File is { } current && Path.GetFullPath(current) == Path.GetFullPath(path))
        {
            throw new ShellException($"cannot restore {path} from itself");
        }

        ConnectionSettings sourceSettings = session.Settings with { File = path, Password = password, ReadOnly = true };
        using var source = new SharpCoreDBConnection(sourceSettings.ToOptions());
        source.Open();
        DatabaseRestorer.Restore(target, source);
        return true;
    }
}
