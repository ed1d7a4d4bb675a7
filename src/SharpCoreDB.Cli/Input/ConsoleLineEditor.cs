// The prompt's line editor for a real terminal, built on Console.ReadKey: it feeds
// each key to LineEditState (typing anywhere, Left/Right/Home/End, Backspace/Delete,
// Up/Down through the history, Ctrl-A/E/U/K/W, Ctrl-R reverse search, Tab
// completion) and draws the result. Ctrl-C drops the line, Ctrl-D (or Ctrl-Z) on
// an empty line ends input. The line is redrawn with ANSI sequences (carriage
// return, erase to end of line, cursor left by display columns, so that wide
// characters keep the cursor in place), which every terminal .NET supports
// understands. Ctrl-C reaches us as a key (TreatControlCAsInput) only while a
// line is edited; while a statement runs it is a signal that cancels the statement.
using System.Text;
using SharpCoreDB.Cli.Output;

namespace SharpCoreDB.Cli.Input;

/// <summary>Reads lines from the terminal with editing, history and completion.</summary>
internal sealed class ConsoleLineEditor(LineHistory history, TabCompleter completer) : ILineSource
{
    /// <summary>The line a Ctrl-C returns: the caller drops the pending statement.</summary>
    public const string Interrupt = "\u0003";

    public string? Name => null;

    public string? ReadLine(string prompt)
    {
        Console.Write(prompt);
        var state = new LineEditState(history, completer);
        bool treatControlC = Console.TreatControlCAsInput;
        Console.TreatControlCAsInput = true;
        try
        {
            while (true)
            {
                switch (state.Handle(Console.ReadKey(intercept: true)))
                {
                    case KeyOutcome.Submit:
                        Redraw(prompt, state);
                        Console.WriteLine();
                        history.Add(state.Text);
                        return state.Text;
                    case KeyOutcome.Interrupt:
                        Console.WriteLine("^C");
                        return Interrupt;
                    case KeyOutcome.EndOfInput:
                        Console.WriteLine();
                        return null;
                    case KeyOutcome.ShowCompletions:
                        Console.WriteLine();
                        Console.WriteLine(string.Join("  ", state.Completions));
                        break;
                }

                Redraw(prompt, state);
            }
        }
        finally
        {
            Console.TreatControlCAsInput = treatControlC;
        }
    }

    private static void Redraw(string prompt, LineEditState state)
    {
        var output = new StringBuilder("\r");
        string after;
        if (state.SearchQuery is { } query)
        {
            string shown = state.SearchResult;
            output.Append(state.SearchFound ? "(reverse-i-search)'" : "(failing reverse-i-search)'").Append(query).Append("': ").Append(shown);
            int match = shown.IndexOf(query, StringComparison.OrdinalIgnoreCase);
            after = match < 0 ? "" : shown[match..];
        }
        else
        {
            output.Append(prompt).Append(state.Text);
            after = state.Text[state.Cursor..];
        }

        output.Append("\u001b[K");
        int back = DisplayWidth.Of(after);
        if (back > 0)
        {
            output.Append("\u001b[").Append(back).Append('D');
        }

        Console.Write(output.ToString());
    }
}
