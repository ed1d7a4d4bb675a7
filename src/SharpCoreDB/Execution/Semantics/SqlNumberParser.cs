// Text-to-number conversion the way SQLite does it. Arithmetic reads the longest
// numeric prefix of a text ('12abc' + 0 = 12, 'abc' + 0 = 0); affinity and
// comparisons convert only a text that is a number as a whole (surrounding
// white space allowed). Works on spans, so converting never allocates.
using System.Globalization;

namespace SharpCoreDB.Execution.Semantics;

/// <summary>Parses numbers out of SQL text values following SQLite's rules.</summary>
internal static class SqlNumberParser
{
    /// <summary>SQLite's white space: space, tab, newline, vertical tab, form feed, carriage return.</summary>
    public static bool IsSpace(char c) => c is ' ' or '\t' or '\n' or '\v' or '\f' or '\r';

    /// <summary>The number a text reads as in arithmetic: its numeric prefix, Integer when integer-shaped and in range, else Real; 0 when there is none.</summary>
    public static DbValue ParsePrefix(ReadOnlySpan<char> text)
    {
        Scan(text, out int start, out int end, out bool hasDigits, out bool isReal);
        if (!hasDigits)
        {
            return DbValue.FromInt64(0);
        }

        return ToNumber(text[start..end], isReal);
    }

    /// <summary>The prefix as a double (CAST AS REAL, numeric context of real operations).</summary>
    public static double ParseRealPrefix(ReadOnlySpan<char> text)
    {
        Scan(text, out int start, out int end, out bool hasDigits, out _);
        return hasDigits ? ParseDouble(text[start..end]) : 0.0;
    }

    /// <summary>The integer prefix (digits only, no fraction or exponent), saturating at the 64-bit limits as SQLite's atoi does.</summary>
    public static long ParseIntegerPrefix(ReadOnlySpan<char> text)
    {
        int i = 0;
        while (i < text.Length && IsSpace(text[i]))
        {
            i++;
        }

        bool negative = false;
        if (i < text.Length && (text[i] == '-' || text[i] == '+'))
        {
            negative = text[i] == '-';
            i++;
        }

        while (i < text.Length && text[i] == '0')
        {
            i++;
        }

        ulong magnitude = 0;
        bool overflow = false;
        for (; i < text.Length && char.IsAsciiDigit(text[i]); i++)
        {
            ulong next = (magnitude * 10) + (ulong)(text[i] - '0');
            if (magnitude > ulong.MaxValue / 10 || next < magnitude || next > 9223372036854775808UL)
            {
                overflow = true;
                break;
            }

            magnitude = next;
        }

        if (overflow)
        {
            return negative ? long.MinValue : long.MaxValue;
        }

        if (negative)
        {
            return magnitude == 9223372036854775808UL ? long.MinValue : -(long)magnitude;
        }

        return magnitude >= 9223372036854775808UL ? long.MaxValue : (long)magnitude;
    }

    /// <summary>True when the whole text (white space around allowed) is a number; <paramref name="number"/> is then Integer or Real.</summary>
    public static bool TryParseWhole(ReadOnlySpan<char> text, out DbValue number)
    {
        Scan(text, out int start, out int end, out bool hasDigits, out bool isReal);
        int rest = end;
        while (rest < text.Length && IsSpace(text[rest]))
        {
            rest++;
        }

        if (!hasDigits || rest != text.Length)
        {
            number = default;
            return false;
        }

        number = ToNumber(text[start..end], isReal);
        return true;
    }

    /// <summary>True when the whole text is a number that decimal holds; used by DECIMAL affinity and casts.</summary>
    public static bool TryParseDecimalWhole(ReadOnlySpan<char> text, out decimal value)
    {
        Scan(text, out int start, out int end, out bool hasDigits, out _);
        int rest = end;
        while (rest < text.Length && IsSpace(text[rest]))
        {
            rest++;
        }

        value = 0;
        return hasDigits && rest == text.Length && TryParseDecimal(text[start..end], out value);
    }

    /// <summary>The numeric prefix as a decimal; false when there is none or it does not fit.</summary>
    public static bool TryParseDecimalPrefix(ReadOnlySpan<char> text, out decimal value)
    {
        Scan(text, out int start, out int end, out bool hasDigits, out _);
        value = 0;
        if (!hasDigits)
        {
            return true;
        }

        return TryParseDecimal(text[start..end], out value);
    }

    private static bool TryParseDecimal(ReadOnlySpan<char> number, out decimal value) =>
        decimal.TryParse(number, NumberStyles.Float, CultureInfo.InvariantCulture, out value);

    private static DbValue ToNumber(ReadOnlySpan<char> number, bool isReal)
    {
        if (!isReal && long.TryParse(number, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out long integer))
        {
            return DbValue.FromInt64(integer);
        }

        return DbValue.FromDouble(ParseDouble(number));
    }

    private static double ParseDouble(ReadOnlySpan<char> number) =>
        double.Parse(number, NumberStyles.Float, CultureInfo.InvariantCulture);

    /// <summary>Finds the numeric prefix: [sign] digits [. digits] [e [sign] digits], after leading white space.</summary>
    private static void Scan(ReadOnlySpan<char> text, out int start, out int end, out bool hasDigits, out bool isReal)
    {
        int i = 0;
        while (i < text.Length && IsSpace(text[i]))
        {
            i++;
        }

        start = i;
        if (i < text.Length && (text[i] == '-' || text[i] == '+'))
        {
            i++;
        }

        int digits = 0;
        while (i < text.Length && char.IsAsciiDigit(text[i]))
        {
            i++;
            digits++;
        }

        isReal = false;
        if (i < text.Length && text[i] == '.')
        {
            int j = i + 1;
            int fraction = 0;
            while (j < text.Length && char.IsAsciiDigit(text[j]))
            {
                j++;
                fraction++;
            }

            if (digits + fraction > 0)
            {
                isReal = true;
                digits += fraction;
                i = j;
            }
        }

        hasDigits = digits > 0;
        if (hasDigits && i < text.Length && (text[i] == 'e' || text[i] == 'E'))
        {
            int j = i + 1;
            if (j < text.Length && (text[j] == '-' || text[j] == '+'))
            {
                j++;
            }

            int exponentDigits = 0;
            while (j < text.Length && char.IsAsciiDigit(text[j]))
            {
                j++;
                exponentDigits++;
            }

            if (exponentDigits > 0)
            {
                isReal = true;
                i = j;
            }
        }

        end = hasDigits ? i : start;
    }
}
