// The documented differences from SQLite (docs/sql-semantics.md, "Functions: known
// differences") the function differential recognizes in an answer, so that it fails on
// every other one:
//   - a number SQLite writes through its fast, approximate decimal conversion (the
//     17th digit of a real's text, a printf rounding at an exact tie) may end one unit
//     off from SharpCoreDB's, which converts from the exact binary value; printf's !
//     flag shows 18 to 20 digits of that conversion, SharpCoreDB 19 exact ones, so
//     there they agree to 17;
//   - group_concat and string_agg used as window functions give SQLite a text holding
//     one NUL byte where every value concatenated was empty; SharpCoreDB gives '';
//   - text holding a NUL character or bytes that are not UTF-8 (a blob read as text):
//     SQLite's documentation leaves such results undefined, its functions read some
//     as C strings (ending at the NUL) and keep the raw bytes; SharpCoreDB's text is
//     always whole UTF-8 (U+FFFD for a bad byte).
using System.Globalization;
using System.Numerics;
using System.Text.RegularExpressions;

namespace SharpCoreDB.Data.Tests.Functions;

internal static partial class KnownDifferences
{
    /// <summary>Which documented difference explains SQLite's <paramref name="expected"/> beside our <paramref name="actual"/>; null for none.</summary>
    public static string? Explain(string sql, string expected, string actual, bool mayHoldNulOrNotUtf8)
    {
        if (mayHoldNulOrNotUtf8 || expected.AsSpan().IndexOfAny('\0', '\uFFFD') >= 0 || actual.AsSpan().IndexOfAny('\0', '\uFFFD') >= 0)
        {
            return "NUL or not UTF-8 in text";
        }

        MatchCollection a = Number().Matches(expected), b = Number().Matches(actual);
        if (a.Count == 0 || a.Count != b.Count || !Number().Split(expected).SequenceEqual(Number().Split(actual)))
        {
            return null;
        }

        for (int i = 0; i < a.Count; i++)
        {
            if (a[i].Value != b[i].Value && !LastDigitApart(a[i].Value, b[i].Value)
                && !(sql.Contains("'%!", StringComparison.Ordinal) && SameTo17Digits(a[i].Value, b[i].Value)))
            {
                return null;
            }
        }

        return "last digit of an approximate decimal conversion";
    }

    // Two numbers written with the same digit count and exponent whose last digits are one unit apart.
    private static bool LastDigitApart(string left, string right) =>
        Scaled(left) is (var x, var xs) && Scaled(right) is (var y, var ys) && xs == ys && BigInteger.Abs(x - y) == BigInteger.One;

    // Two numbers equal when both are rounded to 17 significant digits.
    private static bool SameTo17Digits(string left, string right) =>
        double.TryParse(left, NumberStyles.Float, CultureInfo.InvariantCulture, out double x)
        && double.TryParse(right, NumberStyles.Float, CultureInfo.InvariantCulture, out double y)
        && x.ToString("E16", CultureInfo.InvariantCulture) == y.ToString("E16", CultureInfo.InvariantCulture);

    // The number as an integer of its digits and the power of ten that scales it.
    private static (BigInteger Digits, int Scale)? Scaled(string number)
    {
        int e = number.IndexOfAny(['e', 'E']);
        string mantissa = e < 0 ? number : number[..e];
        int exponent = e < 0 ? 0 : int.Parse(number[(e + 1)..], NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);
        int point = mantissa.IndexOf('.', StringComparison.Ordinal);
        int fraction = point < 0 ? 0 : mantissa.Length - point - 1;
        return BigInteger.TryParse(mantissa.Replace(".", "", StringComparison.Ordinal), NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out BigInteger digits)
            ? (digits, exponent - fraction)
            : null;
    }

    [GeneratedRegex(@"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")]
    private static partial Regex Number();
}
