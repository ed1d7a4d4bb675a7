// sqlite3's list and tabs modes: values as plain text joined by a separator ("|"
// or .separator's, a tab in tabs mode), the column names first when headers are
// on. Nothing is quoted, so a value holding the separator is ambiguous: that is
// what csv and quote modes are for. NULL prints as .nullvalue (empty by default).
using System.Text;

namespace SharpCoreDB.Cli.Output;

/// <summary>Separator-joined plain values.</summary>
internal sealed class ListFormatter(TextWriter output, FormatOptions options, string columnSeparator, string rowSeparator) : IResultFormatter
{
    private readonly StringBuilder _line = new();
    private readonly string _null = options.NullText("");

    public void Begin(IReadOnlyList<string> columns)
    {
        if (options.Headers)
        {
            _line.Clear();
            for (int i = 0; i < columns.Count; i++)
            {
                _line.Append(i == 0 ? "" : columnSeparator).Append(columns[i]);
            }

            output.Write(_line.Append(rowSeparator));
        }
    }

    public void Row(object?[] values)
    {
        _line.Clear();
        for (int i = 0; i < values.Length; i++)
        {
            _line.Append(i == 0 ? "" : columnSeparator).Append(values[i] is { } value ? ValueText.Format(value) : _null);
        }

        output.Write(_line.Append(rowSeparator));
    }

    public void End(long rowCount)
    {
    }
}
