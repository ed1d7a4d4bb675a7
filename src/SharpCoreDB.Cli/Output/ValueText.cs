// How a value read from the provider becomes text. Every mode shares it so that a
// number or a date prints the same in a table, a CSV file and a JSON document:
// invariant culture, doubles round-trip (and keep a ".0" when integral so they
// stay visibly REAL), blobs as X'hex' literals, dates in ISO 8601.
using System.Globalization;

namespace SharpCoreDB.Cli.Output;

/// <summary>Text forms of provider values.</summary>
internal static class ValueText
{
    /// <summary>The text of a non-NULL value.</summary>
    public static string Format(object value) => value switch
    {
        string s => s,
        long l => l.ToString(CultureInfo.InvariantCulture),
        int i => i.ToString(CultureInfo.InvariantCulture),
        double d => FormatDouble(d),
        float f => FormatDouble(f),
        decimal m => m.ToString(CultureInfo.InvariantCulture),
        bool b => b ? "true" : "false",
        byte[] bytes => "X'" + Convert.ToHexString(bytes) + "'",
        DateTime dt => dt.ToString("yyyy-MM-dd HH:mm:ss.FFFFFFF", CultureInfo.InvariantCulture),
        DateTimeOffset dto => dto.ToString("yyyy-MM-dd HH:mm:ss.FFFFFFFzzz", CultureInfo.InvariantCulture),
        IFormattable formattable => formattable.ToString(null, CultureInfo.InvariantCulture),
        _ => value.ToString() ?? "",
    };

    /// <summary>True for values printed as numbers (right-aligned in tables, bare in JSON).</summary>
    public static bool IsNumber(object value) => value switch
    {
        long or int or short or byte or decimal => true,
        double d => double.IsFinite(d),
        float f => float.IsFinite(f),
        _ => false,
    };

    private static string FormatDouble(double d)
    {
        string text = d.ToString("R", CultureInfo.InvariantCulture);
        bool plainIntegral = double.IsFinite(d) && text.AsSpan().IndexOfAny(".eEN") < 0;
        return plainIntegral ? text + ".0" : text;
    }
}
