// JSON text out, and the crossings between SQL values and JSON values.
//
// Output is minified JSON written the way SQLite writes it: strings escape only '"',
// '\' and control characters (\b \f \n \r \t, else \u00XX), reals use SQLite's
// real-to-text, Infinity is 9e999 and NaN null. System.Text.Json's writer escapes more
// (non-ASCII, '<', '\'') and would give other text than SQLite for the same value.
//
// SQLite marks the text a JSON function returns with a "JSON" subtype, so that
// json_array(json_array(1)) nests an array rather than a string holding "[1]". A
// DbValue has no room for it, so the JSON functions register the string instances
// they return here (ConditionalWeakTable: the mark lives exactly as long as the string
// and, as in SQLite, is gone once the value is stored or rebuilt by another function).
using System.Globalization;
using System.Runtime.CompilerServices;
using System.Text;
using SharpCoreDB.Execution.Semantics;

namespace SharpCoreDB.Execution.Functions.Json;

/// <summary>Writes JSON text and converts between SQL values and JSON nodes.</summary>
internal static class JsonText
{
    private static readonly ConditionalWeakTable<string, object> JsonValued = [];
    private static readonly object Mark = new();

    /// <summary>The JSON text of <paramref name="node"/>, minified, marked as JSON.</summary>
    public static DbValue ToJsonValue(JsonNode node) => MarkedText(Write(node));

    /// <summary><paramref name="json"/> as a text value marked as JSON (what SQLite's JSON subtype says).</summary>
    public static DbValue MarkedText(string json)
    {
        JsonValued.AddOrUpdate(json, Mark);
        return DbValue.FromText(json);
    }

    /// <summary>True when the value is text that a JSON function returned (SQLite's JSON subtype).</summary>
    public static bool IsJson(in DbValue value) => value.Type == DbValueType.Text && JsonValued.TryGetValue(value.AsText(), out _);

    /// <summary>Minified JSON text of a node.</summary>
    public static string Write(JsonNode node)
    {
        var text = new StringBuilder();
        Write(node, text);
        return text.ToString();
    }

    private static void Write(JsonNode node, StringBuilder text)
    {
        switch (node.Kind)
        {
            case JsonKind.Null:
                text.Append("null");
                break;
            case JsonKind.True:
                text.Append("true");
                break;
            case JsonKind.False:
                text.Append("false");
                break;
            case JsonKind.Text:
                text.Append('"').Append(node.Raw).Append('"');
                break;
            case JsonKind.Array:
                text.Append('[');
                for (int i = 0; i < node.Items.Count; i++)
                {
                    text.Append(i == 0 ? "" : ",");
                    Write(node.Items[i], text);
                }

                text.Append(']');
                break;
            case JsonKind.Object:
                text.Append('{');
                for (int i = 0; i < node.Members.Count; i++)
                {
                    text.Append(i == 0 ? "\"" : ",\"").Append(node.Members[i].RawKey).Append("\":");
                    Write(node.Members[i].Value, text);
                }

                text.Append('}');
                break;
            default:
                text.Append(node.Raw);
                break;
        }
    }

    /// <summary>The inside of a JSON string literal holding <paramref name="value"/> (no quotes).</summary>
    public static string Escape(string value)
    {
        int first = value.AsSpan().IndexOfAny("\"\\\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\b\t\n\u000b\f\r\u000e\u000f\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f");
        if (first < 0)
        {
            return value;
        }

        var text = new StringBuilder(value.Length + 8).Append(value, 0, first);
        foreach (char c in value.AsSpan(first))
        {
            text.Append(c switch
            {
                '"' => "\\\"",
                '\\' => "\\\\",
                '\b' => "\\b",
                '\f' => "\\f",
                '\n' => "\\n",
                '\r' => "\\r",
                '\t' => "\\t",
                < ' ' => $"\\u{(int)c:x4}",
                _ => c.ToString(),
            });
        }

        return text.ToString();
    }

    /// <summary>The string a JSON string literal's inside (as written, valid JSON) stands for.</summary>
    public static string Unescape(string raw)
    {
        int backslash = raw.IndexOf('\\');
        if (backslash < 0)
        {
            return raw;
        }

        var text = new StringBuilder(raw.Length).Append(raw, 0, backslash);
        for (int i = backslash; i < raw.Length; i++)
        {
            char c = raw[i];
            if (c != '\\')
            {
                text.Append(c);
                continue;
            }

            char e = raw[++i];
            text.Append(e switch
            {
                'b' => '\b',
                'f' => '\f',
                'n' => '\n',
                'r' => '\r',
                't' => '\t',
                'u' => (char)int.Parse(raw.AsSpan(i + 1, 4), NumberStyles.HexNumber, CultureInfo.InvariantCulture),
                _ => e,
            });
            i += e == 'u' ? 4 : 0;
        }

        return text.ToString();
    }

    /// <summary>
    /// The JSON value of an SQL value: JSON-marked text is parsed, other text is a string, BLOBs are refused. A value
    /// json_set, json_insert or json_replace puts into a document (<paramref name="inserted"/>) writes an infinity as
    /// 9e999, as SQLite does there (elsewhere 9.0e+999).
    /// </summary>
    public static JsonNode ToNode(in DbValue value, bool inserted = false) => value.Type switch
    {
        DbValueType.Null => JsonNode.Null,
        DbValueType.Integer => JsonNode.Number(value.AsInt64().ToString(CultureInfo.InvariantCulture), real: false),
        DbValueType.Boolean => JsonNode.Number(value.AsBoolean() ? "1" : "0", real: false),
        DbValueType.Real when inserted && double.IsInfinity(value.AsDouble()) => JsonNode.Number(value.AsDouble() > 0 ? "9e999" : "-9e999", real: true),
        DbValueType.Real => RealNode(value.AsDouble()),
        DbValueType.Decimal => JsonNode.Number(value.AsDecimal().ToString(CultureInfo.InvariantCulture), real: value.AsDecimal().Scale > 0),
        DbValueType.Blob => throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError,
            "JSON cannot hold BLOB values (SQLite reads a BLOB as binary JSONB, which SharpCoreDB does not support)"),
        DbValueType.Text when IsJson(value) => JsonNode.Parse(value.AsText()),
        _ => JsonNode.String(SqlTextConversion.ToText(value)!),
    };

    // A real is written as the SQLite of the differential tests (SQLitePCLRaw 2.1.13) writes it: the same text as
    // CAST(x AS TEXT). SQLite 3.49 rounded to 15 digits here (json_array(0.1 + 0.2) was [0.3], now [0.30000000000000004]).
    private static JsonNode RealNode(double d) =>
        double.IsNaN(d) ? JsonNode.Null
        : double.IsInfinity(d) ? JsonNode.Number(d > 0 ? "9.0e+999" : "-9.0e+999", real: true)
        : JsonNode.Number(RealText.Format(d), real: true);

    /// <summary>The SQL value of a JSON value, as json_extract and ->> give it: arrays and objects as JSON text.</summary>
    public static DbValue ToSqlValue(JsonNode node) => node.Kind switch
    {
        JsonKind.Null => DbValue.Null,
        JsonKind.True => DbValue.FromInt64(1),
        JsonKind.False => DbValue.FromInt64(0),
        JsonKind.Integer => long.TryParse(node.Raw, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out long n)
            ? DbValue.FromInt64(n)
            : DbValue.FromDouble(double.Parse(node.Raw!, CultureInfo.InvariantCulture)),
        JsonKind.Real => DbValue.FromDouble(double.Parse(node.Raw!, NumberStyles.Float, CultureInfo.InvariantCulture)),
        JsonKind.Text => DbValue.FromText(node.DecodedText()),
        _ => ToJsonValue(node),
    };

    /// <summary>json_type()'s name for a kind.</summary>
    public static string TypeName(JsonKind kind) => kind switch
    {
        JsonKind.Null => "null",
        JsonKind.True => "true",
        JsonKind.False => "false",
        JsonKind.Integer => "integer",
        JsonKind.Real => "real",
        JsonKind.Text => "text",
        JsonKind.Array => "array",
        _ => "object",
    };
}
