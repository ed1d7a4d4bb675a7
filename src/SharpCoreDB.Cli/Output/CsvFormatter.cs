// CSV output as RFC 4180 describes it: CRLF line ends, fields quoted when they
// hold a comma, a quote, a line break or edge spaces, quotes doubled inside. NULL
// is an empty field and an empty string is "", so the two survive a round trip
// through .import (unless .nullvalue gives NULL a text). No row count is printed, so the output stays a valid file.
using System.Text;

namespace SharpCoreDB.Cli.Output;

/// <summary>RFC 4180 CSV output.</summary>
internal sealed class CsvFormatter(TextWriter output, bool headers, string nullText = "") : IResultFormatter
{
    private readonly StringBuilder _line = new();

    public void Begin(IReadOnlyList<string> columns)
    {
        if (headers)
        {
            _line.Clear();
            for (int i = 0; i < columns.Count; i++)
            {
                AppendField(_line.Append(i == 0 ? "" : ","), columns[i]);
            }

            output.Write(_line.Append("\r\n"));
        }
    }

    public void Row(object?[] values)
    {
        _line.Clear();
        for (int i = 0; i < values.Length; i++)
        {
            if (i > 0)
            {
                _line.Append(',');
            }

            if (values[i] is { } value)
            {
                AppendField(_line, ValueText.Format(value));
            }
            else if (nullText.Length > 0)
            {
                AppendField(_line, nullText);
            }
        }

        output.Write(_line.Append("\r\n"));
    }

    public void End(long rowCount)
    {
    }

    /// <summary>Appends one field, quoted when RFC 4180 (or telling NULL from '') requires it.</summary>
    internal static void AppendField(StringBuilder line, string text)
    {
        bool quote = text.Length == 0 || text.AsSpan().IndexOfAny(",\"\r\n") >= 0 || text[0] == ' ' || text[^1] == ' ';
        if (!quote)
        {
            line.Append(text);
            return;
        }

        line.Append('"');
        foreach (char c in text)
        {
            line.Append(c == '"' ? "\"\"" : c);
        }

        line.Append('"');
    }
}
