// The read-run loop shared by the prompt, standard input, .read files and SQL
// arguments: lines go through the statement splitter; a line starting with '.'
// while no statement is pending is a dot command; every complete statement runs
// at once. A script stops at its first error when bail is on (the default);
// at the prompt an error is printed and the session goes on. Syntax error
// positions are turned into positions in the script, and the offending line is
// shown with a caret under the column. Output sent to a file by .once goes back
// after the next statement or command, whether it worked or not.
using SharpCoreDB.Cli.Commands;
using SharpCoreDB.Cli.Input;

namespace SharpCoreDB.Cli.Execution;

/// <summary>Runs input line by line.</summary>
internal sealed class ScriptRunner(ShellSession session)
{
    public const string Prompt = "sharpcoredb> ";
    public const string ContinuationPrompt = "        ...> ";

    /// <summary>Runs every line of <paramref name="source"/>; false when it stopped at an error.</summary>
    public bool Run(ILineSource source)
    {
        bool stopOnError = session.Bail && source.Name is not null;
        var splitter = new StatementSplitter();
        while (!session.QuitRequested)
        {
            session.Out.Flush();
            string? line = source.ReadLine(splitter.IsEmpty ? Prompt : ContinuationPrompt);
            if (line is null)
            {
                break;
            }

            if (line == ConsoleLineEditor.Interrupt)
            {
                splitter.Reset();
                continue;
            }

            if (splitter.IsEmpty && line.TrimStart().StartsWith('.'))
            {
                splitter.SkipLine();
                if (!RunDotCommand(line.Trim(), source) && stopOnError)
                {
                    return false;
                }

                continue;
            }

            splitter.AppendLine(line);
            while (splitter.TryTake(out SqlChunk chunk))
            {
                if (!RunStatement(chunk, source) && stopOnError)
                {
                    return false;
                }
            }
        }

        if (!session.QuitRequested && splitter.TakeRemainder() is { } rest)
        {
            return RunStatement(rest, source) || !stopOnError;
        }

        return true;
    }

    /// <summary>Runs a dot command line; false when it failed (the error is already printed).</summary>
    public bool RunDotCommand(string line, ILineSource? source)
    {
        int onceBefore = session.OnceActive ? session.OnceCount : -1;
        try
        {
            return DotCommandTable.Execute(new CommandContext(session, this, line));
        }
        catch (Exception e)
        {
            ErrorReporter.Report(session, e, source?.Name);
            return false;
        }
        finally
        {
            // The .once command itself starts the redirection; the command after it ends it (unless that is
            // another .once, whose file then takes the next command's output).
            if (onceBefore == session.OnceCount)
            {
                session.EndOnce();
            }
        }
    }

    private bool RunStatement(SqlChunk chunk, ILineSource source)
    {
        try
        {
            SqlRunner.Run(session, chunk.Text);
            return true;
        }
        catch (SqlSyntaxException e)
        {
            ReportSyntaxError(e, chunk, source);
            return false;
        }
        catch (Exception e)
        {
            ErrorReporter.Report(session, e, source.Name is null ? null : $"{source.Name}:{chunk.Line}");
            return false;
        }
        finally
        {
            session.EndOnce();
        }
    }

    // At the prompt the engine's position (within the statement) is what the user sees; in a script it is
    // moved to the script's line and column.
    private void ReportSyntaxError(SqlSyntaxException e, SqlChunk chunk, ILineSource source)
    {
        string message = e.Message;
        string? where = null;
        if (source.Name is not null)
        {
            int line = chunk.Line + e.Line - 1;
            int column = e.Line == 1 ? chunk.Column + e.Column - 1 : e.Column;
            message = message.Replace($"at line {e.Line}, column {e.Column}", $"at line {line}, column {column}", StringComparison.Ordinal);
            where = source.Name;
        }

        session.HadError = true;
        session.Out.Flush();
        session.Errors.WriteLine(ErrorReporter.Describe(new ShellException(message), where));
        string[] lines = chunk.Text.Split('\n');
        if (e.Line >= 1 && e.Line <= lines.Length)
        {
            string text = lines[e.Line - 1].TrimEnd('\r');
            session.Errors.WriteLine("  " + text);
            session.Errors.WriteLine("  " + new string(' ', Math.Clamp(e.Column - 1, 0, text.Length)) + "^");
        }

        session.Errors.Flush();
    }
}
