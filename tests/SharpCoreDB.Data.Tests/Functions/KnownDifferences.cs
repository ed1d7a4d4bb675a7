// The documented differences from SQLite (docs/sql-semantics.md, "Functions: known
// differences") the function differential recognizes in an answer, so that it fails on
// every other one:
//   - a number SQLite writes through its fast, approximate decimal conversion (the
//     17th digit of a real's text, a printf rounding at an exact tie) may end one unit
//     off from SharpCoreDB's, which converts from the exact binary value (and where
//     that happens the 17-digit texts may differ by a few units, or one be shortened
//     and the other not); printf's ! flag shows 18 to 20 digits of that conversion,
//     SharpCoreDB 19 exact ones; either way the two numbers (also when hex() wrote
//     them out) are within 1e-15 of each other, or one unit apart in their last
//     printed digit;
//   - group_concat and string_agg used as window functions give SQLite a text holding
//     one NUL byte where every value concatenated was empty; SharpCoreDB gives '';
//   - text holding a NUL character or bytes that are not UTF-8 (a blob read as text):
//     SQLite's documentation leaves such results undefined, its functions read some
//     as C strings (ending at the NUL) and keep the raw bytes; SharpCoreDB's text is
//     always whole UTF-8 (U+FFFD for a bad byte).
using System.Globalization;
using System.Numerics;
using System.Text;
using System.Text.RegularExpressions;

namespace SharpCoreDB.Data.Tests.Functions;

internal static partial class KnownDifferences
{
    /// <summary>Which documented difference explains SQLite's <paramref name="expected"/> beside our <paramref name="actual"/>; null for none.</summary>
    public static string? Explain(string expected, string actual, bool mayHoldNulOrNotUtf8)
    {
        if (mayHoldNulOrNotUtf8 || expected.AsSpan().IndexOfAny('\0', '\uFFFD') >= 0 || actual.AsSpan().IndexOfAny('\0', '\uFFFD') >= 0)
        {
            return "NUL or not UTF-8 in text";
        }

        // A number that hex() or a blob wrote out as hex digits is compared as the number it spells.
        expected = HexNumber().Replace(expected, m => Encoding.ASCII.GetString(Convert.FromHexString(m.Value)));
        actual = HexNumber().Replace(actual, m => Encoding.ASCII.GetString(Convert.FromHexString(m.Value)));
        MatchCollection a = Number().Matches(expected), b = Number().Matches(actual);
        if (a.Count == 0 || a.Count != b.Count || !Number().Split(expected).SequenceEqual(Number().Split(actual)))
        {
            return null;
        }

        for (int i = 0; i < a.Count; i++)
        {
            if (a[i].Value != b[i].Value && !LastDigitApart(a[i].Value, b[i].Value) && !WithinRounding(a[i].Value, b[i].Value))
            {
                return null;
            }
        }

        return "last digit of an approximate decimal conversion";
    }

    // Two numbers written with the same digit count and exponent whose last digits are one unit apart.
    private static bool LastDigitApart(string left, string right) =>
        Scaled(left) is (var x, var xs) && Scaled(right) is (var y, var ys) && xs == ys && BigInteger.Abs(x - y) == BigInteger.One;

    // Two numbers a few units apart in the last of 16 or more significant digits: the same real written by two
    // conversions (also where numbers were concatenated into one run of digits, or printf's ! flag showed more).
    private static bool WithinRounding(string left, string right) =>
        double.TryParse(left, NumberStyles.Float, CultureInfo.InvariantCulture, out double x)
        && double.TryParse(right, NumberStyles.Float, CultureInfo.InvariantCulture, out double y)
        && Math.Abs(x - y) <= Math.Abs(x) * 1e-15;

    // The number as an integer of its digits and the power of ten that scales it.
    private static (BigInteger Digits, int Scale)? Scaled(string number)
    {
        int e = number.IndexOfAny(['e', 'E']);
        string mantissa = e < 0 ? number : number[..e];
        int exponent = 0;
        if (e >= 0 && !int.TryParse(number[(e + 1)..], NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out exponent))
        {
            return null;
        }

        int point = mantissa.IndexOf('.', StringComparison.Ordinal);
        int fraction = point < 0 ? 0 : mantissa.Length - point - 1;
        return BigInteger.TryParse(mantissa.Replace(".", "", StringComparison.Ordinal), NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out BigInteger digits)
            ? (digits, exponent - fraction)
            : null;
    }

    [GeneratedRegex(@"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")]
    private static partial Regex Number();

    // Hex of ASCII digits, '.', '-', '+' and 'e' (0x30-0x39, 2E, 2D, 2B, 65), at least four characters of it.
    [GeneratedRegex(@"(?:3[0-9]|2E|2D|2B|65){4,}")]
    private static partial Regex HexNumber();
}
