// The default output mode: aligned columns separated by " | ", a header line and a
// rule under it, numbers right-aligned, NULL printed as NULL. Column widths are
// fitted to the header and the first rows (up to FitRows are held back to measure
// them, later rows stream with the widths found); a value wider than MaxWidth is
// cut and ends with an ellipsis, and line breaks inside values are shown as ↵ so
// that every row stays on one line. The row count follows the rows.
using System.Text;

namespace SharpCoreDB.Cli.Output;

/// <summary>Aligned table output.</summary>
internal sealed class TableFormatter(TextWriter output, bool headers) : IResultFormatter
{
    /// <summary>Widest a column gets; longer values are cut with an ellipsis.</summary>
    public const int MaxWidth = 40;

    /// <summary>Rows held back to fit the column widths.</summary>
    public const int FitRows = 1000;

    internal const string NullText = "NULL";

    private readonly List<(string[] Cells, bool[] Numeric)> _pending = [];
    private readonly StringBuilder _line = new();
    private IReadOnlyList<string> _columns = [];
    private int[]? _widths;

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
            cells[i] = value is null ? NullText : Printable(ValueText.Format(value));
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
        output.WriteLine(rowCount == 1 ? "(1 row)" : $"({rowCount} rows)");
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

    /// <summary>Cuts text to a width, ending with an ellipsis when something was cut.</summary>
    internal static string Fit(string text, int width) =>
        text.Length <= width ? text : string.Concat(text.AsSpan(0, width - 1), "…");

    private void Flush()
    {
        if (_widths is not null)
        {
            return;
        }

        _widths = new int[_columns.Count];
        for (int i = 0; i < _widths.Length; i++)
        {
            int width = headers ? _columns[i].Length : 1;
            foreach ((string[] cells, _) in _pending)
            {
                width = Math.Max(width, cells[i].Length);
            }

            _widths[i] = Math.Clamp(width, 1, MaxWidth);
        }

        if (headers)
        {
            var names = new string[_columns.Count];
            for (int i = 0; i < names.Length; i++)
            {
                names[i] = Printable(_columns[i]);
            }

            WriteRow(names, new bool[names.Length]);
            _line.Clear();
            for (int i = 0; i < _widths.Length; i++)
            {
                _line.Append(i == 0 ? "" : "-+-").Append('-', _widths[i]);
            }

            output.WriteLine(_line.ToString());
        }

        foreach ((string[] cells, bool[] numeric) in _pending)
        {
            WriteRow(cells, numeric);
        }

        _pending.Clear();
    }

    private void WriteRow(string[] cells, bool[] numeric)
    {
        _line.Clear();
        for (int i = 0; i < cells.Length; i++)
        {
            int width = _widths![i];
            string cell = Fit(cells[i], width);
            if (i > 0)
            {
                _line.Append(" | ");
            }

            if (numeric[i])
            {
                _line.Append(' ', width - cell.Length).Append(cell);
            }
            else
            {
                _line.Append(cell).Append(' ', width - cell.Length);
            }
        }

        output.WriteLine(_line.ToString().TrimEnd());
    }
}
