// The aligned output modes: table (the default: columns separated by " | ", a rule
// under the header, numbers right-aligned, the row count after the rows), box
// (sqlite3's Unicode box-drawing frame, names centred) and markdown (a GitHub
// table). Column widths are fitted to the header and the first rows (up to FitRows
// are held back to measure them, later rows stream with the widths found) unless
// .width fixes them. Widths are display widths (DisplayWidth): CJK and emoji take
// two columns, combining marks none, so rows line up on a terminal. A value wider
// than MaxWidth is cut with an ellipsis (except for EXPLAIN, LongValues.Whole),
// and line breaks inside values are shown as ↵ so that every row stays on a line.
using System.Text;

namespace SharpCoreDB.Cli.Output;

/// <summary>The frame an aligned mode draws.</summary>
internal enum GridStyle
{
    Table,
    Box,
    Markdown,
}

/// <summary>Aligned table, box and markdown output.</summary>
internal sealed class TableFormatter(TextWriter output, FormatOptions options, GridStyle style) : IResultFormatter
{
    /// <summary>Widest a fitted column gets; longer values are cut with an ellipsis.</summary>
    public const int MaxWidth = 40;

    /// <summary>Rows held back to fit the column widths.</summary>
    public const int FitRows = 1000;

    internal const string NullText = "NULL";

    private readonly List<(string[] Cells, bool[] Numeric)> _pending = [];
    private readonly StringBuilder _line = new();
    private readonly string _null = Printable(options.NullText(NullText));
    private IReadOnlyList<string> _columns = [];
    private int[]? _widths;
    private bool[] _rightAligned = [];

    public TableFormatter(TextWriter output, bool headers)
        : this(output, new FormatOptions { Headers = headers }, GridStyle.Table)
    {
    }

    public void Begin(IReadOnlyList<string> columns)
    {
        _columns = columns;
        _widths = null;
        _pending.Clear();
    }

    public void Row(object?[] values)
    {
        var cells = new string[values.Length];
        var numeric = new bool[values.Length];
        for (int i = 0; i < values.Length; i++)
        {
            object? value = values[i];
            cells[i] = value is null ? _null : Printable(ValueText.Format(value));
            if (style == GridStyle.Markdown)
            {
                // A bare | would end the cell; escaped, it is measured as it is printed.
                cells[i] = cells[i].Replace("|", "\\|", StringComparison.Ordinal);
            }

            numeric[i] = value is not null && ValueText.IsNumber(value);
        }

        if (_widths is null)
        {
            _pending.Add((cells, numeric));
            if (_pending.Count >= FitRows)
            {
                Flush();
            }
        }
        else
        {
            WriteRow(cells, numeric);
        }
    }

    public void End(long rowCount)
    {
        Flush();
        switch (style)
        {
            case GridStyle.Table:
                output.WriteLine(rowCount == 1 ? "(1 row)" : $"({rowCount} rows)");
                break;
            case GridStyle.Box:
                WriteRule('└', '┴', '┘');
                break;
        }
    }

    /// <summary>Makes a value fit on one line: line breaks become ↵, tabs and other controls spaces.</summary>
    internal static string Printable(string text)
    {
        if (text.AsSpan().IndexOfAnyInRange('\0', '\x1f') < 0)
        {
            return text;
        }

        var builder = new StringBuilder(text.Length);
        for (int i = 0; i < text.Length; i++)
        {
            char c = text[i];
            if (c == '\r' && i + 1 < text.Length && text[i + 1] == '\n')
            {
                continue;
            }

            builder.Append(c is '\n' or '\r' ? '↵' : char.IsControl(c) ? ' ' : c);
        }

        return builder.ToString();
    }

    /// <summary>Cuts text to a display width, ending with an ellipsis when something was cut.</summary>
    internal static string Fit(string text, int width) => DisplayWidth.Fit(text, width);

    private void Flush()
    {
        if (_widths is not null)
        {
            return;
        }

        _widths = new int[_columns.Count];
        _rightAligned = new bool[_columns.Count];
        for (int i = 0; i < _widths.Length; i++)
        {
            int fixedWidth = i < options.Widths.Count ? options.Widths[i] : 0;
            if (fixedWidth != 0)
            {
                _widths[i] = Math.Abs(fixedWidth);
                _rightAligned[i] = fixedWidth < 0;
                continue;
            }

            int width = options.Headers ? DisplayWidth.Of(Printable(_columns[i])) : 1;
            foreach ((string[] cells, _) in _pending)
            {
                width = Math.Max(width, DisplayWidth.Of(cells[i]));
            }

            _widths[i] = options.LongValues == LongValues.Whole ? Math.Max(width, 1) : Math.Clamp(width, 1, MaxWidth);
        }

        if (style == GridStyle.Box)
        {
            WriteRule('┌', '┬', '┐');
        }

        if (options.Headers)
        {
            WriteHeader();
        }

        foreach ((string[] cells, bool[] numeric) in _pending)
        {
            WriteRow(cells, numeric);
        }

        _pending.Clear();
    }

    private void WriteHeader()
    {
        var names = new string[_columns.Count];
        for (int i = 0; i < names.Length; i++)
        {
            names[i] = Printable(_columns[i]);
        }

        if (style == GridStyle.Table)
        {
            WriteRow(names, new bool[names.Length]);
            _line.Clear();
            for (int i = 0; i < _widths!.Length; i++)
            {
                _line.Append(i == 0 ? "" : "-+-").Append('-', _widths[i]);
            }

            output.WriteLine(_line.ToString());
            return;
        }

        // Box and markdown centre the names, as sqlite3 does.
        string bar = style == GridStyle.Box ? "│" : "|";
        _line.Clear().Append(bar);
        for (int i = 0; i < names.Length; i++)
        {
            string name = Fit(names[i], _widths![i]);
            int space = _widths[i] - DisplayWidth.Of(name);
            _line.Append(' ', 1 + space / 2).Append(name).Append(' ', 1 + space - space / 2).Append(bar);
        }

        output.WriteLine(_line.ToString());
        if (style == GridStyle.Box)
        {
            WriteRule('├', '┼', '┤');
        }
        else
        {
            _line.Clear().Append('|');
            foreach (int width in _widths!)
            {
                _line.Append('-', width + 2).Append('|');
            }

            output.WriteLine(_line.ToString());
        }
    }

    private void WriteRule(char left, char middle, char right)
    {
        if (_widths is null)
        {
            return;
        }

        _line.Clear().Append(left);
        for (int i = 0; i < _widths.Length; i++)
        {
            _line.Append(i == 0 ? "" : middle.ToString()).Append('─', _widths[i] + 2);
        }

        output.WriteLine(_line.Append(right).ToString());
    }

    private void WriteRow(string[] cells, bool[] numeric)
    {
        _line.Clear();
        string bar = style switch
        {
            GridStyle.Box => "│",
            GridStyle.Markdown => "|",
            _ => "",
        };
        if (bar.Length > 0)
        {
            _line.Append(bar).Append(' ');
        }

        for (int i = 0; i < cells.Length; i++)
        {
            int width = _widths![i];
            string cell = Fit(cells[i], width);
            int pad = Math.Max(0, width - DisplayWidth.Of(cell));
            if (i > 0)
            {
                _line.Append(bar.Length > 0 ? " " + bar + " " : " | ");
            }

            // The table mode right-aligns numbers; box and markdown, like sqlite3, only columns .width made negative.
            if (_rightAligned[i] || style == GridStyle.Table && numeric[i])
            {
                _line.Append(' ', pad).Append(cell);
            }
            else
            {
                _line.Append(cell).Append(' ', pad);
            }
        }

        if (bar.Length > 0)
        {
            _line.Append(' ').Append(bar);
        }

        output.WriteLine(style == GridStyle.Table ? _line.ToString().TrimEnd() : _line.ToString());
    }
}
