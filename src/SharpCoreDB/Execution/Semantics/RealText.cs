// A real as SQLite 3.53 writes it as text (CAST, ||, TEXT affinity, quote, group_concat,
// JSON): printf's "%!.17g". The decimal form has 18 significant digits, rounded to 17,
// so that 1.0/3 is 0.33333333333333332 (rounding twice, as SQLite does, not ...331);
// but when those digits end in a run of 9s or 0s (or the number has no fraction
// within them), the shorter number the run stands for is taken if it reads back as the
// same double: 0.1 is 0.1, 2.5 is 2.5, 0.1 + 0.2 stays 0.30000000000000004. The
// exponent form (d.ddde+NN) is used below 1e-4 and from 1e17; whole numbers keep a
// ".0"; infinities are Inf and -Inf; zero (negative zero too) is 0.0.
//
// SQLite computes its 18 digits with a fast approximate conversion, so for a number
// within a hair of a rounding boundary its 17th digit may be one off from these
// (correctly rounded) ones: about 1 real in 300 of random bit patterns
// (docs/sql-semantics.md).
using System.Globalization;

namespace SharpCoreDB.Execution.Semantics;

/// <summary>SQLite's text of a real.</summary>
internal static class RealText
{
    private const int Produced = 18;
    private const int Kept = 17;

    /// <summary>The text of <paramref name="value"/>.</summary>
    public static string Format(double value)
    {
        if (double.IsInfinity(value))
        {
            return value > 0 ? "Inf" : "-Inf";
        }

        if (value == 0)
        {
            return "0.0";
        }

        // 18 significant digits, and the position of the decimal point among them (digits before it).
        Span<char> text = stackalloc char[32];
        Math.Abs(value).TryFormat(text, out int written, "E17", CultureInfo.InvariantCulture);
        int mark = text[..written].IndexOf('E');
        Span<char> digits = stackalloc char[Produced + 1];
        digits[0] = text[0];
        text[2..mark].CopyTo(digits[1..]);
        int point = int.Parse(text[(mark + 1)..written], NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture) + 1;

        int keep = Shortened(digits[..Produced], point, Math.Abs(value)) ?? Kept;
        int count = Round(digits, keep, ref point);
        return Render(value < 0, digits[..count], point);
    }

    // The digit count of the shorter number a trailing run of 9s or 0s stands for, when it reads back as the value.
    private static int? Shortened(ReadOnlySpan<char> digits, int point, double magnitude)
    {
        if (digits[15] == '9' && digits[14] == '9')
        {
            int kept = 14;
            while (kept > 0 && digits[kept - 1] == '9')
            {
                kept--;
            }

            // The run rounds up into the digit before it: 0.29999999999999999 stands for 0.3.
            long prefix = kept == 0 ? 1 : long.Parse(digits[..kept], CultureInfo.InvariantCulture) + 1;
            return ReadsBack(prefix, point - kept, magnitude) ? kept + 1 : null;
        }

        bool zeros = digits[13] == '0' && digits[14] == '0' && digits[15] == '0';
        if (point < Produced && !zeros)
        {
            return null;
        }

        int length = 13;
        while (length > 0 && digits[length - 1] == '0')
        {
            length--;
        }

        return length > 0 && ReadsBack(long.Parse(digits[..length], CultureInfo.InvariantCulture), point - length, magnitude) ? length + 1 : null;
    }

    // Whether mantissa x 10^exponent is exactly the double magnitude (written and read on the stack: no allocation).
    private static bool ReadsBack(long mantissa, int exponent, double magnitude)
    {
        Span<char> candidate = stackalloc char[48];
        mantissa.TryFormat(candidate, out int length, provider: CultureInfo.InvariantCulture);
        candidate[length++] = 'e';
        exponent.TryFormat(candidate[length..], out int written, provider: CultureInfo.InvariantCulture);
        return double.Parse(candidate[..(length + written)], NumberStyles.Float, CultureInfo.InvariantCulture) == magnitude;
    }

    // Rounds the digits to `keep` (half up on the first one dropped, a carry off the front moving the point); returns how
    // many remain once trailing zeros are dropped.
    private static int Round(Span<char> digits, int keep, ref int point)
    {
        if (digits[keep] >= '5')
        {
            int i = keep - 1;
            while (i >= 0 && digits[i] == '9')
            {
                digits[i--] = '0';
            }

            if (i >= 0)
            {
                digits[i]++;
            }
            else
            {
                digits[..keep].Fill('0');
                digits[0] = '1';
                point++;
            }
        }

        int count = keep;
        while (count > 1 && digits[count - 1] == '0')
        {
            count--;
        }

        return count;
    }

    private static string Render(bool negative, ReadOnlySpan<char> digits, int point)
    {
        Span<char> output = stackalloc char[48 + Math.Max(0, Math.Abs(point))];
        int at = 0;
        if (negative)
        {
            output[at++] = '-';
        }

        int exponent = point - 1;
        if (exponent < -4 || exponent > Kept - 1)
        {
            output[at++] = digits[0];
            output[at++] = '.';
            ReadOnlySpan<char> fraction = digits.Length > 1 ? digits[1..] : "0";
            fraction.CopyTo(output[at..]);
            at += fraction.Length;
            output[at++] = 'e';
            output[at++] = exponent < 0 ? '-' : '+';
            int magnitude = Math.Abs(exponent);
            if (magnitude < 10)
            {
                output[at++] = '0';
            }

            magnitude.TryFormat(output[at..], out int written, provider: CultureInfo.InvariantCulture);
            return new string(output[..(at + written)]);
        }

        if (point <= 0)
        {
            output[at++] = '0';
        }

        for (int i = 0; i < point; i++)
        {
            output[at++] = i < digits.Length ? digits[i] : '0';
        }

        output[at++] = '.';
        if (point >= digits.Length)
        {
            output[at++] = '0';
        }
        else
        {
            for (int i = point; i < 0; i++)
            {
                output[at++] = '0';
            }

            ReadOnlySpan<char> fraction = digits[Math.Max(point, 0)..];
            fraction.CopyTo(output[at..]);
            at += fraction.Length;
        }

        return new string(output[..at]);
    }
}
