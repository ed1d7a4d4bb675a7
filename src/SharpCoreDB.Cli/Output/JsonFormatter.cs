// JSON output: an array of objects, one per row and one row per line, keys in
// column order. Numbers are bare JSON numbers, booleans true/false, NULL null,
// everything else a string escaped as RFC 8259 requires (quotes, backslashes,
// control characters). A result without rows prints []. No row count is printed,
// so the output parses as it is.
using System.Globalization;
using System.Text;

namespace SharpCoreDB.Cli.Output;

/// <summary>JSON array-of-objects output.</summary>
internal sealed class JsonFormatter(TextWriter output) : IResultFormatter
{
    private readonly StringBuilder _line = new();
    private string[] _keys = [];
    private bool _first;

    public void Begin(IReadOnlyList<string> columns)
    {
        _keys = new string[columns.Count];
        for (int i = 0; i < _keys.Length; i++)
        {
            _line.Clear();
            AppendString(_line, columns[i]);
            _keys[i] = _line.Append(": ").ToString();
        }

        _first = true;
        output.Write('[');
    }

    public void Row(object?[] values)
    {
        _line.Clear();
        _line.Append(_first ? "\n  {" : ",\n  {");
        _first = false;
        for (int i = 0; i < values.Length; i++)
        {
            _line.Append(i == 0 ? "" : ", ").Append(_keys[i]);
            AppendValue(_line, values[i]);
        }

        output.Write(_line.Append('}'));
    }

    public void End(long rowCount) => output.WriteLine(_first ? "]" : "\n]");

    /// <summary>Appends a value as JSON.</summary>
    internal static void AppendValue(StringBuilder line, object? value)
    {
        switch (value)
        {
            case null:
                line.Append("null");
                break;
            case bool b:
                line.Append(b ? "true" : "false");
                break;
            case double d when double.IsFinite(d):
                line.Append(d.ToString("R", CultureInfo.InvariantCulture));
                break;
            case float f when float.IsFinite(f):
                line.Append(((double)f).ToString("R", CultureInfo.InvariantCulture));
                break;
            case not null when ValueText.IsNumber(value):
                line.Append(ValueText.Format(value));
                break;
            default:
                AppendString(line, ValueText.Format(value));
                break;
        }
    }

    /// <summary>Appends a JSON string literal.</summary>
    internal static void AppendString(StringBuilder line, string text)
    {
        line.Append('"');
        foreach (char c in text)
        {
            switch (c)
            {
                case '"':
                    line.Append("\\\"");
                    break;
                case '\\':
                    line.Append("\\\\");
                    break;
                case '\n':
                    line.Append("\\n");
                    break;
                case '\r':
                    line.Append("\\r");
                    break;
                case '\t':
                    line.Append("\\t");
                    break;
                case '\b':
                    line.Append("\\b");
                    break;
                case '\f':
                    line.Append("\\f");
                    break;
                case < ' ' or '\u2028' or '\u2029':
                    line.Append("\\u").Append(((int)c).ToString("x4", CultureInfo.InvariantCulture));
                    break;
                default:
                    line.Append(c);
                    break;
            }
        }

        line.Append('"');
    }
}
