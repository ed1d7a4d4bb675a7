// sqlite3's html mode: one <TR> per row with a <TD> per value (each on its own
// line), the column names as <TH> when headers are on, text escaped (&lt; &gt;
// &amp; &quot; &#39;). No <TABLE> element, as in sqlite3, so the rows can be
// pasted into a page's own table.
using System.Text;

namespace SharpCoreDB.Cli.Output;

/// <summary>HTML table rows.</summary>
internal sealed class HtmlFormatter(TextWriter output, FormatOptions options) : IResultFormatter
{
    private readonly StringBuilder _text = new();
    private readonly string _null = options.NullText("");

    public void Begin(IReadOnlyList<string> columns)
    {
        if (options.Headers)
        {
            WriteRow(columns, "TH");
        }
    }

    public void Row(object?[] values)
    {
        var cells = new string[values.Length];
        for (int i = 0; i < values.Length; i++)
        {
            cells[i] = values[i] is { } value ? ValueText.Format(value) : _null;
        }

        WriteRow(cells, "TD");
    }

    public void End(long rowCount)
    {
    }

    private void WriteRow(IReadOnlyList<string> cells, string tag)
    {
        _text.Clear().Append("<TR>");
        for (int i = 0; i < cells.Count; i++)
        {
            _text.Append('<').Append(tag).Append('>');
            foreach (char c in cells[i])
            {
                _text.Append(c switch
                {
                    '<' => "&lt;",
                    '>' => "&gt;",
                    '&' => "&amp;",
                    '"' => "&quot;",
                    '\'' => "&#39;",
                    _ => c.ToString(),
                });
            }

            _text.Append("</").Append(tag).Append(">\n");
        }

        output.Write(_text.Append("</TR>\n"));
    }
}
