// SQL literal text for a value, shared by the quote and insert modes and .dump so
// that what they print reads back as the same value: NULL, integers as they are,
// REAL values in round-trip form that always look REAL (1.0, 1e+20 stays a REAL
// when read back), infinities as 1e999 like sqlite3, text in single quotes with
// quotes doubled, blobs as X'hex'. Line breaks in text are kept as they are here;
// .dump, whose output is read a line at a time, escapes them (DumpWriter).
using System.Globalization;

namespace SharpCoreDB.Cli.Output;

/// <summary>SQL literals of values.</summary>
internal static class SqlLiteral
{
    public static string Format(object? value) => value switch
    {
        null or DBNull => "NULL",
        long l => l.ToString(CultureInfo.InvariantCulture),
        int i => i.ToString(CultureInfo.InvariantCulture),
        short s => s.ToString(CultureInfo.InvariantCulture),
        byte b => b.ToString(CultureInfo.InvariantCulture),
        bool b => b ? "1" : "0",
        double d => Real(d),
        float f => Real(f),
        decimal m => m.ToString(CultureInfo.InvariantCulture),
        byte[] bytes => "X'" + Convert.ToHexStringLower(bytes) + "'",
        _ => Text(ValueText.Format(value)),
    };

    /// <summary>A quoted SQL string.</summary>
    public static string Text(string text) => "'" + text.Replace("'", "''", StringComparison.Ordinal) + "'";

    /// <summary>A quoted SQL identifier.</summary>
    public static string Identifier(string name) => "\"" + name.Replace("\"", "\"\"", StringComparison.Ordinal) + "\"";

    private static string Real(double d)
    {
        if (double.IsNaN(d))
        {
            return "NULL";
        }

        if (double.IsInfinity(d))
        {
            return d > 0 ? "1e999" : "-1e999";
        }

        string text = d.ToString("R", CultureInfo.InvariantCulture);
        return text.AsSpan().IndexOfAny(".eE") < 0 ? text + ".0" : text;
    }
}
