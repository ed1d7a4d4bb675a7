// Dot commands about the database itself: .open, .password, .checkpoint and
// .stats. .password unlocks an encrypted file that could not be opened without
// one, or re-encrypts the open database's key under a new password (only the
// header is rewritten). An unencrypted file stays unencrypted: SharpCoreDB
// chooses encryption when a file is created, so the shell says so and suggests
// creating an encrypted file and copying the data.
using System.Globalization;
using SharpCoreDB.Cli.Execution;
using SharpCoreDB.Cli.Input;
using SharpCoreDB.Cli.Options;
using SharpCoreDB.Data;

namespace SharpCoreDB.Cli.Commands;

/// <summary>Database commands.</summary>
internal static class DatabaseCommands
{
    public static bool Open(CommandContext context)
    {
        ConnectionSettings settings = context.Session.Settings with { File = null, Password = null, ReadOnly = false };
        for (int i = 0; context.Argument(i) is { } word; i++)
        {
            switch (word)
            {
                case "--password" or "-password":
                    settings = settings with { Password = context.Required(++i, ".open --password PW FILE") };
                    break;
                case "--readonly" or "-readonly":
                    settings = settings with { ReadOnly = true };
                    break;
                default:
                    settings = settings with { File = word == SharpCoreDBOptions.MemoryDataSource ? null : word };
                    break;
            }
        }

        context.Session.Open(settings);
        return true;
    }

    public static bool Password(CommandContext context)
    {
        ShellSession session = context.Session;
        string? password = context.Argument(0);
        if (password is null && session.Interactive)
        {
            password = PasswordReader.Read("Password: ");
        }

        if (string.IsNullOrEmpty(password))
        {
            throw new ShellException("usage: .password PW (at a terminal, .password alone asks for it)");
        }

        if (session.Connection is null)
        {
            if (session.Settings.File is null)
            {
                throw new ShellException("no database file to unlock; use .open --password PW FILE");
            }

            session.Open(session.Settings with { Password = password });
            session.Out.WriteLine($"Opened {session.Settings.File}.");
            session.Out.Flush();
            return true;
        }

        if (session.Settings.File is null)
        {
            throw new ShellException("an in-memory database cannot be encrypted; use .open --password PW FILE to create an encrypted file");
        }

        if (string.IsNullOrEmpty(session.Settings.Password))
        {
            throw new ShellException(
                $"{session.Settings.File} is not encrypted, and encryption is chosen when a file is created: " +
                ".open --password PW NEWFILE creates an encrypted file; copy the data with .export and .import");
        }

        session.Connection.ChangePassword(password);
        session.Settings = session.Settings with { Password = password };
        session.Out.WriteLine("Password changed.");
        session.Out.Flush();
        return true;
    }

    public static bool Checkpoint(CommandContext context)
    {
        context.Session.RequireConnection().Checkpoint();
        return true;
    }

    public static bool Backup(CommandContext context)
    {
        if (context.Words.Count != 2)
        {
            throw new ShellException("usage: .backup FILE");
        }

        context.Session.RequireConnection().BackupDatabase(context.Words[1]);
        return true;
    }

    public static bool Stats(CommandContext context)
    {
        SharpCoreDBStatistics stats = context.Session.RequireConnection().GetStatistics();
        TextWriter output = context.Session.Out;
        long reads = stats.CacheHits + stats.CacheMisses;
        string ratio = reads == 0 ? "-" : ((double)stats.CacheHits / reads).ToString("P1", CultureInfo.InvariantCulture);
        output.WriteLine($"database:      {context.Session.Settings.DisplayName}{(stats.IsEncrypted ? " (encrypted)" : "")}");
        output.WriteLine($"page size:     {stats.PageSize} bytes");
        output.WriteLine($"pages:         {stats.PageCount} ({Size(stats.PageCount * stats.PageSize)}), {stats.FreePageCount} free");
        output.WriteLine($"page cache:    {stats.CachedPages} pages cached{(stats.IsInMemory ? "" : $" of {stats.CacheCapacityPages}")}");
        output.WriteLine($"cache hits:    {stats.CacheHits} hits, {stats.CacheMisses} misses ({ratio} hit ratio)");
        output.WriteLine($"log size:      {Size(stats.LogFileLength)} ({stats.LogAppends} appends, {stats.LogFsyncs} fsyncs since open)");
        output.WriteLine($"checkpoints:   {stats.Checkpoints} since open");
        output.Flush();
        return true;
    }

    private static string Size(long bytes) => bytes switch
    {
        < 1024 => $"{bytes} bytes",
        < 1024 * 1024 => (bytes / 1024.0).ToString("0.0", CultureInfo.InvariantCulture) + " KiB",
        _ => (bytes / (1024.0 * 1024)).ToString("0.0", CultureInfo.InvariantCulture) + " MiB",
    };
}
