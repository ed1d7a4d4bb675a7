// Parses `sharpcoredb [options] [FILE] [SQL...]`. Options take one or two dashes
// (-csv and --csv are the same); values follow as the next argument or after '='.
// The first argument that is not an option is the database file, the rest are SQL
// texts (or dot commands) to run. A bad option is a UsageException, reported with
// exit code 2.
using System.Globalization;
using SharpCoreDB.Cli.Commands;
using SharpCoreDB.Cli.Output;
using SharpCoreDB.Data;

namespace SharpCoreDB.Cli.Options;

/// <summary>A command line the shell cannot make sense of.</summary>
internal sealed class UsageException(string message) : Exception(message);

/// <summary>Parses the command line.</summary>
internal static class ArgumentParser
{
    // The provider's defaults, shown in the help as they are rather than restated.
    private static readonly SharpCoreDBOptions Defaults = new();

    public static readonly string Usage = $"""
        Usage: sharpcoredb [OPTIONS] [FILE] [SQL...]
               sharpcoredb studio FILE [--port N] [--read-only]
        Opens (or creates) FILE, or a private in-memory database without one. With SQL arguments,
        runs them and exits; otherwise reads statements from standard input, or shows a prompt.
        `studio` serves a web page to browse, query and edit FILE instead (sharpcoredb studio --help).

        Options:
          --password PW           the database's encryption password (creates encrypted files)
          --durability MODE       FullSync (every commit is on disk) or Async (default {Defaults.Durability})
          --group-commit BOOL     share fsyncs between concurrent commits or not (default {(Defaults.UseGroupCommitWal ? "true" : "false")})
          --cache-size MB         page cache size in MiB (default {Defaults.CacheSize >> 20})
          --readonly              open the file read-only
          -table | -box | -markdown | -csv | -json | -line | -list | -tabs | -quote | -html
                                  output mode (default table); --mode M also takes insert
          -nullvalue TEXT         print NULL as TEXT
          -separator SEP          the column separator of list mode
          -header | -noheader     print column names (default on)
          -bail on|off            stop a script at its first error (default on)
          --continue              the same as -bail off
          --timer                 print each statement's elapsed time
          --interactive           show the prompt even when input is not a terminal
          --batch                 never show the prompt
          --help, --version

        Dot commands (at the prompt, in scripts, or as arguments):
        {DotCommandTable.HelpText()}
        """;

    public static ShellOptions Parse(IReadOnlyList<string> args)
    {
        var options = new ShellOptions();
        var connection = new ConnectionSettings();
        var commands = new List<string>();
        bool fileSeen = false;
        for (int i = 0; i < args.Count; i++)
        {
            string arg = args[i];
            if (arg.Length < 2 || arg[0] != '-' || fileSeen && commands.Count > 0)
            {
                if (!fileSeen)
                {
                    connection = connection with { File = arg == ":memory:" ? null : arg };
                    fileSeen = true;
                }
                else
                {
                    commands.Add(arg);
                }

                continue;
            }

            string name = arg.TrimStart('-');
            string? inlineValue = null;
            int equals = name.IndexOf('=');
            if (equals >= 0)
            {
                inlineValue = name[(equals + 1)..];
                name = name[..equals];
            }

            string Value()
            {
                if (inlineValue is not null)
                {
                    return inlineValue;
                }

                if (i + 1 >= args.Count)
                {
                    throw new UsageException($"option {arg} needs a value");
                }

                return args[++i];
            }

            switch (name.ToLowerInvariant())
            {
                case "password":
                    connection = connection with { Password = Value() };
                    break;
                case "durability":
                    connection = Set(connection, name, "Durability", Value());
                    break;
                case "group-commit" or "groupcommit" or "usegroupcommitwal":
                    connection = Set(connection, name, "UseGroupCommitWal", ParseBool(name, Value()));
                    break;
                case "cache-size" or "cachesize":
                    connection = Set(connection, name, "Cache Size", ParseMegabytes(Value()) << 20);
                    break;
                case "readonly" or "read-only":
                    connection = connection with { ReadOnly = true };
                    break;
                case "table" or "column" or "box" or "markdown" or "csv" or "json" or "line" or "list" or "tabs" or "quote" or "html":
                    options = options with { Mode = ResultFormatterFactory.Parse(name)!.Value };
                    break;
                case "mode":
                    options = options with { Mode = ResultFormatterFactory.Parse(Value()) ?? throw new UsageException($"unknown output mode in {arg}") };
                    break;
                case "nullvalue":
                    options = options with { NullValue = Value() };
                    break;
                case "separator":
                    options = options with { Separator = Value() };
                    break;
                case "header" or "headers":
                    options = options with { Headers = true };
                    break;
                case "noheader" or "noheaders":
                    options = options with { Headers = false };
                    break;
                case "bail":
                    options = options with { Bail = inlineValue is null && (i + 1 >= args.Count || !IsBoolWord(args[i + 1])) || ParseBool(name, Value()) };
                    break;
                case "continue":
                    options = options with { Bail = false };
                    break;
                case "timer":
                    options = options with { Timer = true };
                    break;
                case "interactive":
                    options = options with { Interactive = true };
                    break;
                case "batch":
                    options = options with { Interactive = false };
                    break;
                case "help" or "h" or "?":
                    options = options with { ShowHelp = true };
                    break;
                case "version":
                    options = options with { ShowVersion = true };
                    break;
                default:
                    throw new UsageException($"unknown option {arg}");
            }
        }

        return options with { Connection = connection, Commands = commands };
    }

    // A connection option goes through the provider's connection string builder, which parses and checks
    // it as it would in a connection string. A bad value becomes a usage error in the shell's words: the
    // option as typed and, for a choice of names, the names the provider's type has.
    private static ConnectionSettings Set(ConnectionSettings connection, string option, string key, object value)
    {
        try
        {
            return connection.With(key, value);
        }
        catch (ArgumentException e)
        {
            object current = new SharpCoreDBConnectionStringBuilder(connection.Options)[key];
            throw new UsageException(current is Enum
                ? $"{option} must be {string.Join(" or ", Enum.GetNames(current.GetType()))}, not '{value}'"
                : $"{option}: {e.Message}");
        }
    }

    public static bool ParseBool(string name, string text) => text.ToLowerInvariant() switch
    {
        "true" or "on" or "yes" or "1" => true,
        "false" or "off" or "no" or "0" => false,
        _ => throw new UsageException($"{name} must be true or false (on/off), not '{text}'"),
    };

    private static bool IsBoolWord(string text) =>
        text.ToLowerInvariant() is "true" or "on" or "yes" or "1" or "false" or "off" or "no" or "0";

    private static long ParseMegabytes(string text) =>
        long.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out long megabytes) && megabytes is > 0 and < 1L << 30
            ? megabytes
            : throw new UsageException($"cache size must be a whole number of MiB, not '{text}'");
}
