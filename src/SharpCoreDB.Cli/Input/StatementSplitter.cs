// Cuts SQL text into statements at the semicolons that end them. Text arrives a
// line at a time (the prompt reads lines), so the scanner keeps its state between
// lines: a semicolon inside a 'string', a "quoted", `quoted` or [quoted]
// identifier, a -- comment or a /* comment */ does not end a statement. Each
// statement remembers the input line it starts on, so errors can say where.
// CREATE [TEMP] TRIGGER holds statements in its BEGIN ... END body: as in sqlite3,
// such a statement ends only at a semicolon that follows END. An IF [NOT] EXISTS (..)
// THEN ..; END IF block (docs/sql-semantics.md) ends only at a semicolon after END IF.
using System.Text;

namespace SharpCoreDB.Cli.Input;

/// <summary>One complete statement cut from the input, without its terminating semicolon.</summary>
/// <param name="Text">The statement text, leading blank lines removed.</param>
/// <param name="Line">1-based input line on which the statement starts.</param>
/// <param name="Column">1-based column of that line at which the statement starts.</param>
internal readonly record struct SqlChunk(string Text, int Line, int Column);

/// <summary>An incremental SQL statement splitter.</summary>
internal sealed class StatementSplitter
{
    private enum State
    {
        Code,
        SingleQuoted,
        DoubleQuoted,
        BackQuoted,
        Bracketed,
        LineComment,
        BlockComment,
    }

    private readonly StringBuilder _buffer = new();
    private readonly Queue<SqlChunk> _ready = new();
    private State _state = State.Code;
    private int _scanned;
    private int _bufferLine;
    private int _bufferColumn = 1;
    private int _nextLine = 1;
    private bool _hasCode;

    // The words scanned so far: the first three (to recognise CREATE [TEMP] TRIGGER and IF), the one being
    // read, and the last two tokens when they were words (END before a semicolon ends a trigger, END IF a block).
    private readonly List<string> _leadingWords = [];
    private readonly StringBuilder _word = new();
    private string _lastWord = "";
    private string _wordBeforeLast = "";

    /// <summary>True when no unfinished statement text (other than blanks and comments) is pending.</summary>
    public bool IsEmpty => !_hasCode && _state is State.Code or State.LineComment;

    /// <summary>True while the pending text is inside a string, quoted identifier or block comment.</summary>
    public bool IsInsideQuoteOrComment => _state is not (State.Code or State.LineComment);

    /// <summary>Cuts a whole text into statements; an unterminated last statement is included.</summary>
    public static List<SqlChunk> Split(string text)
    {
        var splitter = new StatementSplitter();
        splitter.Append(text);
        var result = new List<SqlChunk>();
        while (splitter.TryTake(out SqlChunk chunk))
        {
            result.Add(chunk);
        }

        if (splitter.TakeRemainder() is { } rest)
        {
            result.Add(rest);
        }

        return result;
    }

    /// <summary>Adds one input line (a newline is appended).</summary>
    public void AppendLine(string line)
    {
        Append(line);
        Append("\n");
    }

    /// <summary>Adds text and scans it.</summary>
    public void Append(string text)
    {
        if (_buffer.Length == 0)
        {
            _bufferLine = _nextLine;
            _bufferColumn = 1;
        }

        _buffer.Append(text);
        Scan();
    }

    /// <summary>Takes the next complete statement, if one has been ended by a semicolon.</summary>
    public bool TryTake(out SqlChunk chunk) => _ready.TryDequeue(out chunk);

    /// <summary>Takes whatever unterminated statement is pending (at end of input), or null if only blanks remain.</summary>
    public SqlChunk? TakeRemainder()
    {
        SqlChunk? rest = _hasCode ? MakeChunk(_buffer.ToString(), _bufferLine, _bufferColumn) : null;
        Reset();
        return rest;
    }

    /// <summary>Forgets pending blanks and counts a line that is not SQL (a dot command).</summary>
    public void SkipLine()
    {
        Reset();
        _nextLine++;
    }

    /// <summary>Forgets the pending text (Ctrl-C at the prompt).</summary>
    public void Reset()
    {
        if (_buffer.Length > 0)
        {
            _nextLine = _bufferLine + CountNewlines(_buffer.ToString());
        }

        _buffer.Clear();
        ForgetWords();
        _state = State.Code;
        _scanned = 0;
        _hasCode = false;
    }

    private void Scan()
    {
        int i = _scanned;
        while (i < _buffer.Length)
        {
            char c = _buffer[i];
            char next = i + 1 < _buffer.Length ? _buffer[i + 1] : '\0';
            switch (_state)
            {
                case State.Code:
                    if (char.IsLetterOrDigit(c) || c == '_')
                    {
                        _word.Append(c);
                        _hasCode = true;
                        break;
                    }

                    EndWord();
                    if (c == ';' && !InsideTriggerBody() && !InsideIfBlock())
                    {
                        EndStatement(i);
                        i = 0;
                        continue;
                    }

                    _state = c switch
                    {
                        '\'' => State.SingleQuoted,
                        '"' => State.DoubleQuoted,
                        '`' => State.BackQuoted,
                        '[' => State.Bracketed,
                        '-' when next == '-' => State.LineComment,
                        '/' when next == '*' => State.BlockComment,
                        _ => State.Code,
                    };
                    if (_state is State.LineComment or State.BlockComment)
                    {
                        i++; // skip the second character of the opener so "/*/" does not close at once
                    }
                    else if (!char.IsWhiteSpace(c))
                    {
                        _hasCode = true;
                        _lastWord = _wordBeforeLast = "";
                    }

                    break;
                case State.SingleQuoted when c == '\'':
                case State.DoubleQuoted when c == '"':
                case State.BackQuoted when c == '`':
                case State.Bracketed when c == ']':
                case State.LineComment when c == '\n':
                    // A doubled quote re-enters the quoted state at the next character, which is the same thing.
                    _state = State.Code;
                    break;
                case State.BlockComment when c == '*' && next == '/':
                    _state = State.Code;
                    i++;
                    break;
            }

            i++;
        }

        _scanned = Math.Min(i, _buffer.Length);
    }

    private void EndWord()
    {
        if (_word.Length == 0)
        {
            return;
        }

        _wordBeforeLast = _lastWord;
        _lastWord = _word.ToString().ToUpperInvariant();
        if (_leadingWords.Count < 3)
        {
            _leadingWords.Add(_lastWord);
        }

        _word.Clear();
    }

    private bool InsideTriggerBody()
    {
        bool trigger = _leadingWords.Count >= 2 && _leadingWords[0] == "CREATE"
            && (_leadingWords[1] == "TRIGGER" || _leadingWords.Count == 3 && _leadingWords[1] is "TEMP" or "TEMPORARY" && _leadingWords[2] == "TRIGGER");
        return trigger && _lastWord != "END";
    }

    private bool InsideIfBlock() => _leadingWords.Count > 0 && _leadingWords[0] == "IF" && !(_wordBeforeLast == "END" && _lastWord == "IF");

    private void ForgetWords()
    {
        _leadingWords.Clear();
        _word.Clear();
        _lastWord = _wordBeforeLast = "";
    }

    private void EndStatement(int semicolon)
    {
        ForgetWords();
        string text = _buffer.ToString(0, semicolon);
        if (_hasCode)
        {
            _ready.Enqueue(MakeChunk(text, _bufferLine, _bufferColumn));
        }

        int lastNewline = text.LastIndexOf('\n');
        _bufferColumn = lastNewline < 0 ? _bufferColumn + text.Length + 1 : text.Length - lastNewline + 1;
        _bufferLine += CountNewlines(text);
        _buffer.Remove(0, semicolon + 1);
        _nextLine = _bufferLine + CountNewlines(_buffer.ToString());
        _hasCode = false;
        _scanned = 0;
    }

    private static SqlChunk MakeChunk(string text, int firstLine, int firstColumn)
    {
        int start = 0;
        int line = firstLine;
        int column = firstColumn;
        while (start < text.Length && char.IsWhiteSpace(text[start]))
        {
            if (text[start] == '\n')
            {
                line++;
                column = 0;
            }

            column++;
            start++;
        }

        return new SqlChunk(text[start..].TrimEnd(), line, column);
    }

    private static int CountNewlines(string text)
    {
        int count = 0;
        foreach (char c in text)
        {
            if (c == '\n')
            {
                count++;
            }
        }

        return count;
    }
}
