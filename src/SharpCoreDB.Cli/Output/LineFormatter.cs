// Line output: each value on its own line as "column = value", column names
// right-aligned (by display width) so the '=' signs line up, a blank line between rows; NULL is
// printed as NULL (or as .nullvalue sets). Handy for wide rows that a table cannot show.
using System.Text;

namespace SharpCoreDB.Cli.Output;

/// <summary>One "column = value" line per value.</summary>
internal sealed class LineFormatter(TextWriter output, string nullText = TableFormatter.NullText) : IResultFormatter
{
    private readonly StringBuilder _text = new();
    private string[] _labels = [];
    private bool _first;

    public void Begin(IReadOnlyList<string> columns)
    {
        int width = 0;
        foreach (string column in columns)
        {
            width = Math.Max(width, DisplayWidth.Of(column));
        }

        _labels = new string[columns.Count];
        for (int i = 0; i < _labels.Length; i++)
        {
            _labels[i] = new string(' ', width - DisplayWidth.Of(columns[i])) + columns[i] + " = ";
        }

        _first = true;
    }

    public void Row(object?[] values)
    {
        _text.Clear();
        if (!_first)
        {
            _text.Append('\n');
        }

        _first = false;
        for (int i = 0; i < values.Length; i++)
        {
            _text.Append(_labels[i]).Append(values[i] is { } value ? ValueText.Format(value) : nullText).Append('\n');
        }

        output.Write(_text);
    }

    public void End(long rowCount)
    {
        output.WriteLine(_first ? $"({rowCount} rows)" : rowCount == 1 ? "\n(1 row)" : $"\n({rowCount} rows)");
    }
}
