// The prompt's editing logic, apart from the terminal so that it can be tested
// key by key: the line and its cursor, history (Up/Down), the readline kill keys
// (Ctrl-U to the start, Ctrl-K to the end, Ctrl-W the word before the cursor,
// Ctrl-A/Ctrl-E start and end), Ctrl-R reverse history search (typing narrows it,
// Ctrl-R again finds an older match, Enter runs the match, Esc or an arrow keeps
// it for editing, Ctrl-G gives up) and Tab completion (TabCompleter).
// ConsoleLineEditor feeds it keys and draws what it holds.
using System.Text;

namespace SharpCoreDB.Cli.Input;

/// <summary>What a key did to the line.</summary>
internal enum KeyOutcome
{
    /// <summary>The line or cursor changed (or nothing happened); redraw.</summary>
    Edited,

    /// <summary>Enter: the line is done.</summary>
    Submit,

    /// <summary>Ctrl-C: drop the line.</summary>
    Interrupt,

    /// <summary>Ctrl-D on an empty line: end of input.</summary>
    EndOfInput,

    /// <summary>Tab found several completions: show <see cref="LineEditState.Completions"/>.</summary>
    ShowCompletions,
}

/// <summary>One line being edited.</summary>
internal sealed class LineEditState(LineHistory history, TabCompleter completer)
{
    private readonly StringBuilder _line = new();
    private int _historyIndex = history.Count;
    private string _draft = "";
    private string _beforeSearch = "";
    private int _searchMatch = -1;

    public string Text => _line.ToString();

    public int Cursor { get; private set; }

    /// <summary>The reverse search's text while Ctrl-R search is on; null otherwise.</summary>
    public string? SearchQuery { get; private set; }

    /// <summary>False when the search text matches no history line.</summary>
    public bool SearchFound { get; private set; } = true;

    /// <summary>The candidates of the last Tab that had several.</summary>
    public IReadOnlyList<string> Completions { get; private set; } = [];

    public KeyOutcome Handle(ConsoleKeyInfo key)
    {
        bool control = (key.Modifiers & ConsoleModifiers.Control) != 0;
        if (SearchQuery is not null && HandleSearch(key, control) is { } searched)
        {
            return searched;
        }

        switch (key.Key)
        {
            case ConsoleKey.Enter:
                return KeyOutcome.Submit;
            case ConsoleKey.C when control:
                return KeyOutcome.Interrupt;
            case ConsoleKey.D or ConsoleKey.Z when control && _line.Length == 0:
                return KeyOutcome.EndOfInput;
            case ConsoleKey.R when control:
                _beforeSearch = Text;
                SearchQuery = "";
                SearchFound = true;
                _searchMatch = history.Count;
                break;
            case ConsoleKey.U when control:
                _line.Remove(0, Cursor);
                Cursor = 0;
                break;
            case ConsoleKey.K when control:
                _line.Remove(Cursor, _line.Length - Cursor);
                break;
            case ConsoleKey.W when control:
                int start = Cursor;
                while (start > 0 && char.IsWhiteSpace(_line[start - 1]))
                {
                    start--;
                }

                while (start > 0 && !char.IsWhiteSpace(_line[start - 1]))
                {
                    start--;
                }

                _line.Remove(start, Cursor - start);
                Cursor = start;
                break;
            case ConsoleKey.Home:
            case ConsoleKey.A when control:
                Cursor = 0;
                break;
            case ConsoleKey.End:
            case ConsoleKey.E when control:
                Cursor = _line.Length;
                break;
            case ConsoleKey.Backspace when Cursor > 0:
                _line.Remove(--Cursor, 1);
                break;
            case ConsoleKey.Delete when Cursor < _line.Length:
                _line.Remove(Cursor, 1);
                break;
            case ConsoleKey.LeftArrow when Cursor > 0:
                Cursor--;
                break;
            case ConsoleKey.RightArrow when Cursor < _line.Length:
                Cursor++;
                break;
            case ConsoleKey.UpArrow when _historyIndex > 0:
                if (_historyIndex == history.Count)
                {
                    _draft = Text;
                }

                Replace(history[--_historyIndex]);
                break;
            case ConsoleKey.DownArrow when _historyIndex < history.Count:
                _historyIndex++;
                Replace(_historyIndex == history.Count ? _draft : history[_historyIndex]);
                break;
            case ConsoleKey.Tab:
                return Complete();
            default:
                if (key.KeyChar >= ' ' && !control)
                {
                    _line.Insert(Cursor++, key.KeyChar);
                }

                break;
        }

        return KeyOutcome.Edited;
    }

    /// <summary>The history line the search shows, or the line as it was before it when nothing matches.</summary>
    public string SearchResult => _searchMatch >= 0 && _searchMatch < history.Count ? history[_searchMatch] : _beforeSearch;

    // A key during reverse search; null when it ends the search and is then handled as usual.
    private KeyOutcome? HandleSearch(ConsoleKeyInfo key, bool control)
    {
        switch (key.Key)
        {
            case ConsoleKey.R when control:
                Search(SearchQuery!, _searchMatch - 1);
                return KeyOutcome.Edited;
            case ConsoleKey.G when control:
                SearchQuery = null;
                Replace(_beforeSearch);
                return KeyOutcome.Edited;
            case ConsoleKey.C when control:
                SearchQuery = null;
                return null;
            case ConsoleKey.Backspace:
                if (SearchQuery!.Length > 0)
                {
                    Search(SearchQuery[..^1], history.Count - 1);
                }

                return KeyOutcome.Edited;
            case ConsoleKey.Enter:
                Replace(SearchResult);
                SearchQuery = null;
                return KeyOutcome.Submit;
            case ConsoleKey.Escape or ConsoleKey.LeftArrow or ConsoleKey.RightArrow or ConsoleKey.UpArrow or ConsoleKey.DownArrow
                or ConsoleKey.Home or ConsoleKey.End:
                Replace(SearchResult);
                SearchQuery = null;
                return KeyOutcome.Edited;
            default:
                if (key.KeyChar >= ' ' && !control)
                {
                    // A longer text can still match the line shown, so the search goes on from it.
                    Search(SearchQuery + key.KeyChar, Math.Min(_searchMatch, history.Count - 1));
                }

                return KeyOutcome.Edited;
        }
    }

    private void Search(string query, int from)
    {
        SearchQuery = query;
        for (int i = from; i >= 0; i--)
        {
            if (history[i].Contains(query, StringComparison.OrdinalIgnoreCase))
            {
                _searchMatch = i;
                SearchFound = true;
                return;
            }
        }

        SearchFound = query.Length == 0;
    }

    private KeyOutcome Complete()
    {
        TabCompletion result = completer.Complete(Text, Cursor);
        Completions = result.Candidates;
        if (result.Line == Text && result.Candidates.Count > 1)
        {
            return KeyOutcome.ShowCompletions;
        }

        _line.Clear().Append(result.Line);
        Cursor = result.Cursor;
        return KeyOutcome.Edited;
    }

    private void Replace(string text)
    {
        _line.Clear().Append(text);
        Cursor = _line.Length;
    }
}
