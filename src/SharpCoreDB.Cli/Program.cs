// sharpcoredb: the SharpCoreDB shell. Parses the command line, opens the database
// and then runs, in this order of preference: the SQL arguments, a script on
// redirected standard input, or the interactive prompt. Exit codes: 0 success,
// 1 an error (a failed statement in a script, a database that cannot be opened),
// 2 a bad command line; .quit CODE chooses its own. `sharpcoredb studio FILE` serves
// the web page instead (Studio/StudioCommand.cs).
using System.Reflection;
using System.Text;
using SharpCoreDB.Cli.Execution;
using SharpCoreDB.Cli.Input;
using SharpCoreDB.Cli.Options;
using SharpCoreDB.Cli.Output;
using SharpCoreDB.Cli.Studio;

namespace SharpCoreDB.Cli;

/// <summary>The entry point of the shell.</summary>
internal static class Program
{
    public static int Main(string[] args)
    {
        try
        {
            return Start(args);
        }
        catch (Exception e)
        {
            // The last line of defence: a bug prints one line, never a stack trace.
            Console.Error.WriteLine(ErrorReporter.Describe(e, null));
            return 1;
        }
    }

    private static int Start(string[] args)
    {
        if (args.Length > 0 && args[0] == "studio")
        {
            // A database file named "studio" is still reachable as ./studio.
            return StudioCommand.Run(args[1..], Console.Out, Console.Error);
        }

        ShellOptions options;
        try
        {
            options = ArgumentParser.Parse(args);
        }
        catch (UsageException e)
        {
            Console.Error.WriteLine("Error: " + e.Message);
            Console.Error.WriteLine(ArgumentParser.Usage);
            return 2;
        }

        if (options.ShowHelp || options.ShowVersion)
        {
            Console.WriteLine(options.ShowHelp ? ArgumentParser.Usage : "sharpcoredb " + Version());
            return 0;
        }

        bool interactive = options.Interactive ?? (options.Commands.Count == 0 && !Console.IsInputRedirected);
        var output = new StreamWriter(Console.OpenStandardOutput(), new UTF8Encoding(encoderShouldEmitUTF8Identifier: false), 1 << 16) { AutoFlush = false };
        using var session = new ShellSession(output, Console.Error, interactive)
        {
            Format = new FormatOptions
            {
                Mode = options.Mode,
                Headers = options.Headers,
                NullValue = options.NullValue,
                ColumnSeparator = options.Separator ?? FormatOptions.DefaultColumnSeparator,
            },
            Timer = options.Timer,
            Bail = options.Bail ?? true,
        };
        Console.CancelKeyPress += (_, e) => e.Cancel = session.CancelRunning() || interactive;
        try
        {
            return Run(session, options, interactive);
        }
        finally
        {
            output.Flush();
        }
    }

    private static int Run(ShellSession session, ShellOptions options, bool interactive)
    {
        var runner = new ScriptRunner(session);
        if (!TryOpen(session, options.Connection) && !interactive)
        {
            return 1;
        }

        if (options.Commands.Count > 0)
        {
            foreach (string command in options.Commands)
            {
                bool ok = command.TrimStart().StartsWith('.')
                    ? runner.RunDotCommand(command.Trim(), null)
                    : runner.Run(new TextLineSource(new StringReader(command), "argument"));
                if (!ok && session.Bail || session.QuitRequested)
                {
                    break;
                }
            }
        }
        else if (interactive)
        {
            RunPrompt(session, runner);
            return session.QuitCode;
        }
        else
        {
            runner.Run(new TextLineSource(Console.In, "stdin"));
        }

        return session.QuitRequested ? session.QuitCode : session.HadError ? 1 : 0;
    }

    private static void RunPrompt(ShellSession session, ScriptRunner runner)
    {
        // After a failed open (an encrypted file without its password) there is no connection to claim.
        session.Out.WriteLine(session.Connection is null
            ? $"sharpcoredb {Version()} - not connected; {session.Settings.DisplayName} is not open"
            : $"sharpcoredb {Version()} - connected to {session.Settings.DisplayName}");
        session.Out.WriteLine("Enter .help for help; end SQL statements with ';'.");
        if (Console.IsInputRedirected)
        {
            runner.Run(new TextLineSource(Console.In, null, session.Out));
            return;
        }

        var history = new LineHistory(LineHistory.DefaultPath());
        history.Load();
        try
        {
            runner.Run(new ConsoleLineEditor(history, new TabCompleter(() => SchemaNames.Read(session))));
        }
        finally
        {
            history.Save();
        }
    }

    private static bool TryOpen(ShellSession session, ConnectionSettings settings)
    {
        try
        {
            session.Open(settings);
            return true;
        }
        catch (Exception e)
        {
            ErrorReporter.Report(session, new ShellException($"cannot open {settings.DisplayName}: {Message(e)}"), null);
            if (e is SharpCoreDBException { ErrorCode: SharpCoreDBErrorCode.WrongKey or SharpCoreDBErrorCode.AuthenticationFailed } && session.Interactive)
            {
                session.Errors.WriteLine("Use .password PW to unlock it.");
            }

            return false;
        }
    }

    private static string Message(Exception e) => ErrorReporter.Describe(e, null)["Error: ".Length..];

    private static string Version() =>
        typeof(Program).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion.Split('+')[0] ?? "0";
}
