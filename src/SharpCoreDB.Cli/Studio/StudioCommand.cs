// `sharpcoredb studio FILE [--port N] [--read-only]`: serves SharpCoreDB Studio, the
// database's web page (src/SharpCoreDB.Studio, docs/studio.md), on 127.0.0.1, prints
// the address with its token, and runs until Ctrl-C or SIGTERM. The file must
// exist: a viewer opens databases, it does not create them from a mistyped name.
// An encrypted file is not unlocked here: the page asks for its password, so it is
// never on a command line or in a shell history.
using System.Globalization;
using System.Runtime.InteropServices;
using SharpCoreDB.Cli.Options;
using SharpCoreDB.Studio.Hosting;

namespace SharpCoreDB.Cli.Studio;

/// <summary>The studio subcommand.</summary>
internal static class StudioCommand
{
    public const string Usage = """
        Usage: sharpcoredb studio FILE [--port N] [--read-only]
        Serves SharpCoreDB Studio, a web page to browse, query and edit FILE, on 127.0.0.1 only,
        and prints its address (with a token: only a browser given it can use the page).
        An encrypted FILE's password is asked for on the page. Ctrl-C stops the server.

        Options:
          --port N                the port (default 0: one the system picks)
          --read-only             no edits: the page can browse and query, never write
          --help
        """;

    /// <summary>Runs the subcommand with the arguments after "studio"; returns the exit code.</summary>
    public static int Run(IReadOnlyList<string> args, TextWriter output, TextWriter errors)
    {
        (string? file, int port, StudioAccess access, bool help) = (null, 0, StudioAccess.ReadWrite, false);
        try
        {
            for (int i = 0; i < args.Count; i++)
            {
                string arg = args[i];
                string name = arg.TrimStart('-').ToLowerInvariant();
                if (arg.Length < 2 || arg[0] != '-')
                {
                    file = file is null ? arg : throw new UsageException($"unexpected argument {arg}");
                }
                else if (name is "port")
                {
                    port = i + 1 < args.Count && int.TryParse(args[++i], NumberStyles.None, CultureInfo.InvariantCulture, out int p) && p <= 65535
                        ? p
                        : throw new UsageException("--port needs a port number from 0 to 65535");
                }
                else if (name is "read-only" or "readonly")
                {
                    access = StudioAccess.ReadOnly;
                }
                else if (name is "help" or "h" or "?")
                {
                    help = true;
                }
                else
                {
                    throw new UsageException($"unknown option {arg}");
                }
            }

            if (!help && file is null)
            {
                throw new UsageException("studio needs a database FILE");
            }
        }
        catch (UsageException e)
        {
            errors.WriteLine("Error: " + e.Message);
            errors.WriteLine(Usage);
            return 2;
        }

        if (help)
        {
            output.WriteLine(Usage);
            return 0;
        }

        if (!File.Exists(file))
        {
            errors.WriteLine($"Error: no such file: {file}");
            return 1;
        }

        return Serve(new ConnectionSettings { File = Path.GetFullPath(file!) }, port, access, output, errors);
    }

    private static int Serve(ConnectionSettings settings, int port, StudioAccess access, TextWriter output, TextWriter errors)
    {
        using var stop = new CancellationTokenSource();
        void Stop(PosixSignalContext context)
        {
            context.Cancel = true;
            stop.Cancel();
        }

        using PosixSignalRegistration interrupt = PosixSignalRegistration.Create(PosixSignal.SIGINT, Stop);
        using PosixSignalRegistration terminate = PosixSignalRegistration.Create(PosixSignal.SIGTERM, Stop);
        StudioServer server;
        try
        {
            server = StudioServer.StartAsync(new StudioOptions { Connection = settings.ToOptions(), Port = port, Access = access })
                .GetAwaiter().GetResult();
        }
        catch (Exception e) when (e is SharpCoreDBException or IOException or InvalidOperationException or UnauthorizedAccessException)
        {
            errors.WriteLine($"Error: cannot serve {settings.DisplayName}: {e.Message}");
            return 1;
        }

        try
        {
            string mode = access == StudioAccess.ReadOnly ? " (read-only)" : "";
            output.WriteLine($"SharpCoreDB Studio for {settings.DisplayName}{mode}");
            if (!server.Workspace.IsOpen)
            {
                output.WriteLine("The database is encrypted: the page asks for its password.");
            }

            output.WriteLine("Open " + server.Url);
            output.WriteLine("Press Ctrl-C to stop.");
            output.Flush();
            server.RunUntilAsync(stop.Token).GetAwaiter().GetResult();
            output.WriteLine("Studio stopped.");
            return 0;
        }
        finally
        {
            server.DisposeAsync().AsTask().GetAwaiter().GetResult();
        }
    }
}
