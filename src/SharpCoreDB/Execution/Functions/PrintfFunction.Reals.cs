// printf's reals (PrintfFunction): %f, %e and %g rendered as SQLite renders them, from
// the number's exact decimal expansion rounded half away from zero where the format
// asks, but never to more than 16 significant digits; %g picks the fixed or the
// scientific form by C's rule and drops trailing zeros unless # says otherwise.
using System.Globalization;
using System.Text;

namespace SharpCoreDB.Execution.Functions;

internal static partial class PrintfFunction
{
    // Numbers are rounded where the format asks, from their exact decimal expansion, but never keep more than this many
    // significant digits (SQLite's rendering: %.2f of 1.005 is 1.00, %.20f of 0.1 is 0.1 and zeros).
    private const int SignificantDigits = 16;

    // With the ! flag SQLite keeps more digits: its documentation says 26, its decimal conversion (a 64-bit integer
    // scaled from the double) gives 18 or 19, the last ones approximate. SharpCoreDB keeps 19 of the exact expansion
    // (docs/sql-semantics.md: past the 17th digit the two may differ).
    private const int AltForm2Digits = 19;

    // Exact digits taken from a double before rounding (a double's exact expansion needs more only far past the 16 kept).
    private const int ExactDigits = 30;

    // %f %e %g of a non-negative finite number from its 16 significant digits. The ! flag (SQLite's alternate form 2)
    // keeps up to 19 digits, always shows the point with at least one digit after it, and drops trailing zeros (%g
    // drops them anyway unless # says otherwise): %!.3f of 1 is 1.0, %!g of 100 is 100.0.
    private static string FloatDigits(double value, char conversion, Spec spec)
    {
        (string digits, int exponent) = Decimal(value);
        return FloatDigits(digits, exponent, conversion, spec);
    }

    // %f %e %g of the number digits x 10^exponent (digits: "d.ddd" without the point; value = d.ddd x 10^exponent).
    private static string FloatDigits(string digits, int exponent, char conversion, Spec spec)
    {
        int precision = spec.Precision < 0 ? 6 : spec.Precision;
        bool altForm2 = spec.Characters;
        int kept = altForm2 ? AltForm2Digits : SignificantDigits;
        bool point = spec.Alternate || altForm2;
        switch (conversion)
        {
            case 'f':
                (digits, exponent) = Round(digits, exponent, Math.Min(exponent + 1 + precision, kept));
                string fixedText = Fixed(digits, exponent, precision, point);
                fixedText = altForm2 ? TrimZeros(fixedText, keepOneDigit: true) : fixedText;
                return spec.Comma ? Group(fixedText[..IntegerLength(fixedText)]) + fixedText[IntegerLength(fixedText)..] : fixedText;
            case 'e' or 'E':
                (digits, exponent) = Round(digits, exponent, Math.Min(precision + 1, kept));
                string scientificText = Scientific(digits, exponent, precision, point, conversion);
                return altForm2 ? TrimZeros(scientificText, keepOneDigit: true) : scientificText;
            default:
                int significant = precision == 0 ? 1 : precision;
                (digits, exponent) = Round(digits, exponent, Math.Min(significant, kept));
                bool scientific = exponent < -4 || exponent >= significant;
                string text = scientific
                    ? Scientific(digits, exponent, significant - 1, point, conversion == 'g' ? 'e' : 'E')
                    : Fixed(digits, exponent, significant - 1 - exponent, point);
                text = spec.Alternate ? text : TrimZeros(text, keepOneDigit: altForm2);
                return spec.Comma && !scientific ? Group(text[..IntegerLength(text)]) + text[IntegerLength(text)..] : text;
        }
    }

    // The exact significant digits (no trailing zeros; "0" for zero) and the exponent of the first: value = d.ddd x 10^exponent.
    private static (string Digits, int Exponent) Decimal(double value)
    {
        if (value == 0)
        {
            return ("0", 0);
        }

        string e = value.ToString("E" + (ExactDigits - 1).ToString(CultureInfo.InvariantCulture), CultureInfo.InvariantCulture);
        int mark = e.IndexOf('E', StringComparison.Ordinal);
        string digits = (e[0] + e[2..mark]).TrimEnd('0');
        return (digits.Length == 0 ? "0" : digits, int.Parse(e[(mark + 1)..], CultureInfo.InvariantCulture));
    }

    // Keeps `keep` significant digits, rounding half away from zero (a carry can add a digit in front).
    private static (string Digits, int Exponent) Round(string digits, int exponent, int keep)
    {
        if (digits == "0" || keep >= digits.Length)
        {
            return (digits, exponent);
        }

        if (keep < 0 || (keep == 0 && digits[0] < '5'))
        {
            return ("0", 0);
        }

        if (keep == 0)
        {
            return ("1", exponent + 1);
        }

        char[] kept = digits[..keep].ToCharArray();
        if (digits[keep] >= '5')
        {
            int i = keep - 1;
            for (; i >= 0 && kept[i] == '9'; i--)
            {
                kept[i] = '0';
            }

            if (i < 0)
            {
                return (("1" + new string(kept)).TrimEnd('0') is { Length: > 0 } carried ? carried : "1", exponent + 1);
            }

            kept[i]++;
        }

        string result = new string(kept).TrimEnd('0');
        return (result.Length == 0 ? "0" : result, exponent);
    }

    private static string Fixed(string digits, int exponent, int precision, bool point)
    {
        var text = new StringBuilder();
        if (digits == "0" || exponent < 0)
        {
            text.Append('0');
        }
        else
        {
            for (int i = 0; i <= exponent; i++)
            {
                text.Append(i < digits.Length ? digits[i] : '0');
            }
        }

        if (precision > 0 || point)
        {
            text.Append('.');
        }

        for (int i = 1; i <= precision; i++)
        {
            int at = exponent + i; // the digit for 10^-i
            text.Append(digits != "0" && at >= 0 && at < digits.Length ? digits[at] : '0');
        }

        return text.ToString();
    }

    private static string Scientific(string digits, int exponent, int precision, bool point, char e)
    {
        var text = new StringBuilder().Append(digits[0]);
        if (precision > 0 || point)
        {
            text.Append('.');
        }

        for (int i = 1; i <= precision; i++)
        {
            text.Append(i < digits.Length ? digits[i] : '0');
        }

        int shown = digits == "0" ? 0 : exponent;
        return text.Append(e).Append(shown < 0 ? '-' : '+').Append(Math.Abs(shown).ToString("00", CultureInfo.InvariantCulture)).ToString();
    }

    // No trailing zeros after the point, and no point left alone (%g without #), or, with the ! flag, one zero after it.
    private static string TrimZeros(string text, bool keepOneDigit)
    {
        int e = text.IndexOfAny(['e', 'E']);
        string mantissa = e < 0 ? text : text[..e];
        if (mantissa.Contains('.', StringComparison.Ordinal))
        {
            mantissa = mantissa.TrimEnd('0');
            mantissa = mantissa.EndsWith('.') ? (keepOneDigit ? mantissa + "0" : mantissa[..^1]) : mantissa;
        }

        return e < 0 ? mantissa : mantissa + text[e..];
    }
}
