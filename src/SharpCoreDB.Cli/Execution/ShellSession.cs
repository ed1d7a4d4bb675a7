// The state of one shell run: the open connection and the settings it was opened
// with, the output settings (.mode, .headers, .nullvalue, .separator, .width),
// what is printed around statements (.timer, .changes, .eqp), the values of
// .parameter, where results go (standard output, an .output file, or an .once
// file for the next command only), whether a prompt is shown, and the statement
// being run so that Ctrl-C can cancel it. Commands and the script runner share it.
using System.Text;
using SharpCoreDB.Cli.Options;
using SharpCoreDB.Cli.Output;
using SharpCoreDB.Data;

namespace SharpCoreDB.Cli.Execution;

/// <summary>One run of the shell.</summary>
internal sealed class ShellSession : IDisposable
{
    private readonly Lock _runningLock = new();
    private SharpCoreDBCommand? _running;
    private StreamWriter? _outputFile;
    private StreamWriter? _onceFile;

    public ShellSession(TextWriter standardOutput, TextWriter errors, bool interactive)
    {
        StandardOutput = standardOutput;
        Out = standardOutput;
        Errors = errors;
        Interactive = interactive;
    }

    /// <summary>The open connection; null when none could be opened (e.g. a password is still needed).</summary>
    public SharpCoreDBConnection? Connection { get; private set; }

    /// <summary>The settings of the current (or last attempted) database.</summary>
    public ConnectionSettings Settings { get; set; } = new();

    /// <summary>How results are printed.</summary>
    public FormatOptions Format { get; set; } = new();

    public OutputMode Mode
    {
        get => Format.Mode;
        set => Format = Format with { Mode = value };
    }

    public bool Headers
    {
        get => Format.Headers;
        set => Format = Format with { Headers = value };
    }

    public bool Timer { get; set; }

    /// <summary>Print the rows a statement changed after it (.changes on).</summary>
    public bool Changes { get; set; }

    /// <summary>Rows changed by every statement of this session, for .changes.</summary>
    public long TotalChanges { get; set; }

    /// <summary>Print the query plan before each query (.eqp on).</summary>
    public bool Eqp { get; set; }

    /// <summary>The values of .parameter set, by name with its prefix (@x, :x, $x), bound to every statement.</summary>
    public SortedDictionary<string, object?> Parameters { get; } = new(StringComparer.OrdinalIgnoreCase);

    /// <summary>Counts .once redirections, so a runner can tell whether the one it saw is still in force.</summary>
    public int OnceCount { get; private set; }

    /// <summary>True while .once has sent output to a file for the next command.</summary>
    public bool OnceActive => _onceFile is not null;

    /// <summary>Stop scripts at their first error.</summary>
    public bool Bail { get; set; } = true;

    /// <summary>A person is typing at a prompt: errors never end the session.</summary>
    public bool Interactive { get; }

    /// <summary>Where results go now.</summary>
    public TextWriter Out { get; private set; }

    public TextWriter StandardOutput { get; }

    public TextWriter Errors { get; }

    /// <summary>Set by .quit: the runner stops reading.</summary>
    public bool QuitRequested { get; set; }

    /// <summary>The exit code .quit asked for.</summary>
    public int QuitCode { get; set; }

    /// <summary>True once any statement or command has failed.</summary>
    public bool HadError { get; set; }

    /// <summary>Set by Ctrl-C; loops that print many rows check it.</summary>
    public volatile bool Interrupted;

    /// <summary>The connection, or an error a person can act on when there is none.</summary>
    public SharpCoreDBConnection RequireConnection() =>
        Connection ?? throw new ShellException("no database is open; use .open FILE, or .password PW if it is encrypted");

    /// <summary>Closes the current database and opens one with <paramref name="settings"/>.</summary>
    public void Open(ConnectionSettings settings)
    {
        CloseConnection();
        Settings = settings;
        var connection = new SharpCoreDBConnection(settings.ToOptions());
        try
        {
            connection.Open();
        }
        catch
        {
            connection.Dispose();
            throw;
        }

        Connection = connection;
    }

    /// <summary>Sends the next command's results to a file (.once); <see cref="EndOnce"/> puts the output back.</summary>
    public void RedirectOnce(string path)
    {
        EndOnce();
        Out.Flush();
        _onceFile = new StreamWriter(path, append: false, new UTF8Encoding(false));
        Out = _onceFile;
        OnceCount++;
    }

    /// <summary>Closes the .once file, if any, and returns to where output went before it.</summary>
    public void EndOnce()
    {
        if (_onceFile is null)
        {
            return;
        }

        _onceFile.Dispose();
        _onceFile = null;
        Out = _outputFile ?? StandardOutput;
    }

    /// <summary>Sends results to a file (null: back to standard output).</summary>
    public void RedirectOutput(string? path)
    {
        EndOnce();
        Out.Flush();
        _outputFile?.Dispose();
        _outputFile = null;
        Out = StandardOutput;
        if (path is not null)
        {
            _outputFile = new StreamWriter(path, append: false, new UTF8Encoding(false));
            Out = _outputFile;
        }
    }

    /// <summary>Marks a command as running so that Ctrl-C can cancel it.</summary>
    public void SetRunning(SharpCoreDBCommand? command)
    {
        lock (_runningLock)
        {
            _running = command;
        }
    }

    /// <summary>Cancels the running statement, if any; true when there was one.</summary>
    public bool CancelRunning()
    {
        lock (_runningLock)
        {
            if (_running is null)
            {
                return false;
            }

            Interrupted = true;
            _running.Cancel();
            return true;
        }
    }

    public void Dispose()
    {
        RedirectOutput(null);
        CloseConnection();
    }

    private void CloseConnection()
    {
        Connection?.Dispose();
        Connection = null;
    }
}
