// The prompt's line editor for a real terminal, built on Console.ReadKey: typing
// and inserting anywhere, Left/Right/Home/End, Backspace/Delete, Up/Down through
// the history, Ctrl-C to drop the line, Ctrl-D (or Ctrl-Z) on an empty line to
// end input. The line is redrawn with ANSI sequences (carriage return, erase to
// end of line, cursor left), which every terminal .NET supports understands.
// Ctrl-C reaches us as a key (TreatControlCAsInput) only while a line is edited;
// while a statement runs it is a signal that cancels the statement.
using System.Text;

namespace SharpCoreDB.Cli.Input;

/// <summary>Reads lines from the terminal with editing and history.</summary>
internal sealed class ConsoleLineEditor(LineHistory history) : ILineSource
{
    /// <summary>The line a Ctrl-C returns: the caller drops the pending statement.</summary>
    public const string Interrupt = "\u0003";

    private readonly StringBuilder _line = new();

    public string? Name => null;

    public string? ReadLine(string prompt)
    {
        Console.Write(prompt);
        _line.Clear();
        int cursor = 0;
        int historyIndex = history.Count;
        string draft = "";
        bool treatControlC = Console.TreatControlCAsInput;
        Console.TreatControlCAsInput = true;
        try
        {
            while (true)
            {
                ConsoleKeyInfo key = Console.ReadKey(intercept: true);
                bool control = (key.Modifiers & ConsoleModifiers.Control) != 0;
                switch (key.Key)
                {
                    case ConsoleKey.Enter:
                        Console.WriteLine();
                        string line = _line.ToString();
                        history.Add(line);
                        return line;
                    case ConsoleKey.C when control:
                        Console.WriteLine("^C");
                        return Interrupt;
                    case ConsoleKey.D or ConsoleKey.Z when control && _line.Length == 0:
                        Console.WriteLine();
                        return null;
                    case ConsoleKey.Backspace when cursor > 0:
                        _line.Remove(--cursor, 1);
                        break;
                    case ConsoleKey.Delete when cursor < _line.Length:
                        _line.Remove(cursor, 1);
                        break;
                    case ConsoleKey.LeftArrow when cursor > 0:
                        cursor--;
                        break;
                    case ConsoleKey.RightArrow when cursor < _line.Length:
                        cursor++;
                        break;
                    case ConsoleKey.Home:
                    case ConsoleKey.A when control:
                        cursor = 0;
                        break;
                    case ConsoleKey.End:
                    case ConsoleKey.E when control:
                        cursor = _line.Length;
                        break;
                    case ConsoleKey.UpArrow when historyIndex > 0:
                        if (historyIndex == history.Count)
                        {
                            draft = _line.ToString();
                        }

                        Replace(history[--historyIndex], ref cursor);
                        break;
                    case ConsoleKey.DownArrow when historyIndex < history.Count:
                        historyIndex++;
                        Replace(historyIndex == history.Count ? draft : history[historyIndex], ref cursor);
                        break;
                    default:
                        if (key.KeyChar >= ' ' && !control)
                        {
                            _line.Insert(cursor++, key.KeyChar);
                        }
                        else if (key.KeyChar == '\t')
                        {
                            _line.Insert(cursor, "    ");
                            cursor += 4;
                        }

                        break;
                }

                Redraw(prompt, cursor);
            }
        }
        finally
        {
            Console.TreatControlCAsInput = treatControlC;
        }
    }

    private void Replace(string text, ref int cursor)
    {
        _line.Clear().Append(text);
        cursor = _line.Length;
    }

    private void Redraw(string prompt, int cursor)
    {
        var output = new StringBuilder();
        output.Append('\r').Append(prompt).Append(_line).Append("\u001b[K");
        int back = _line.Length - cursor;
        if (back > 0)
        {
            output.Append("\u001b[").Append(back).Append('D');
        }

        Console.Write(output.ToString());
    }
}
