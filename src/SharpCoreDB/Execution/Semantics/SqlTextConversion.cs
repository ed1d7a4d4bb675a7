// How every value reads as text: what CAST(x AS TEXT), `||`, TEXT affinity and
// the string functions see. Numbers render as SQLite (3.53) renders them (reals with 15
// significant digits, or 17 when 15 do not read back, always with a '.' or an
// exponent, 'Inf' for infinities);
// our extra types render as documented in docs/sql-semantics.md.
using System.Globalization;
using System.Text;

namespace SharpCoreDB.Execution.Semantics;

/// <summary>Renders DbValues as SQL text.</summary>
internal static class SqlTextConversion
{
    /// <summary>The text form of a non-NULL value (NULL gives null).</summary>
    public static string? ToText(in DbValue value) => value.Type switch
    {
        DbValueType.Null => null,
        DbValueType.Text => value.AsText(),
        DbValueType.Integer => value.AsInt64().ToString(CultureInfo.InvariantCulture),
        DbValueType.Boolean => value.AsBoolean() ? "1" : "0",
        DbValueType.Real => FormatReal(value.AsDouble()),
        DbValueType.Decimal => value.AsDecimal().ToString(CultureInfo.InvariantCulture),
        DbValueType.DateTime => FormatDateTime(value.AsDateTimeTicks()),
        DbValueType.Guid => value.AsGuid().ToString("D"),
        _ => Encoding.UTF8.GetString(value.AsBlob()),
    };

    /// <summary>
    /// SQLite's real-to-text: 15 significant digits when they read back as the same double, else 18 rounded to 17; trailing
    /// zeros dropped but ".0" kept on whole numbers; exponent form (e+NN) below 1e-4 and from 1e17 up.
    /// </summary>
    public static string FormatReal(double d)
    {
        if (double.IsInfinity(d))
        {
            return d > 0 ? "Inf" : "-Inf";
        }

        if (d == 0)
        {
            return "0.0";
        }

        Span<char> buffer = stackalloc char[40];
        d.TryFormat(buffer, out int written, "E14", CultureInfo.InvariantCulture);
        bool seventeen = double.Parse(buffer[..written], NumberStyles.Float, CultureInfo.InvariantCulture) != d;
        if (seventeen)
        {
            // SQLite takes 18 digits and rounds them to 17 (so 1/3 ends in ...332, not the exact ...331).
            d.TryFormat(buffer, out written, "E17", CultureInfo.InvariantCulture);
        }

        ReadOnlySpan<char> e = buffer[..written];
        bool negative = e[0] == '-';
        if (negative)
        {
            e = e[1..];
        }

        // e is now "d.dddd...E+xxx".
        int exponentAt = e.IndexOf('E');
        Span<char> digits = stackalloc char[20];
        digits[0] = e[0];
        e[2..exponentAt].CopyTo(digits[1..]);
        int count = exponentAt - 1;
        int exponent = int.Parse(e[(exponentAt + 1)..], NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);
        if (seventeen)
        {
            count = 17;
            if (digits[17] >= '5')
            {
                int i = 16;
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
                    digits[1..17].Fill('0');
                    digits[0] = '1';
                    exponent++;
                }
            }
        }
        while (count > 1 && digits[count - 1] == '0')
        {
            count--;
        }

        var sb = new StringBuilder(32);
        if (negative)
        {
            sb.Append('-');
        }

        if (exponent < -4 || exponent >= 17)
        {
            sb.Append(digits[0]).Append('.');
            if (count > 1)
            {
                sb.Append(digits[1..count]);
            }
            else
            {
                sb.Append('0');
            }

            sb.Append('e').Append(exponent < 0 ? '-' : '+');
            int abs = Math.Abs(exponent);
            if (abs < 10)
            {
                sb.Append('0');
            }

            sb.Append(abs.ToString(CultureInfo.InvariantCulture));
        }
        else if (exponent >= 0)
        {
            for (int i = 0; i <= exponent; i++)
            {
                sb.Append(i < count ? digits[i] : '0');
            }

            sb.Append('.');
            if (count > exponent + 1)
            {
                sb.Append(digits[(exponent + 1)..count]);
            }
            else
            {
                sb.Append('0');
            }
        }
        else
        {
            sb.Append("0.").Append('0', -exponent - 1).Append(digits[..count]);
        }

        return sb.ToString();
    }

    /// <summary>'YYYY-MM-DD HH:MM:SS', with a fraction of up to 7 digits (trailing zeros dropped) when the time has one.</summary>
    public static string FormatDateTime(long utcTicks)
    {
        var time = new DateTime(utcTicks, DateTimeKind.Utc);
        long fraction = utcTicks % TimeSpan.TicksPerSecond;
        string text = time.ToString("yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture);
        if (fraction == 0)
        {
            return text;
        }

        string digits = fraction.ToString("D7", CultureInfo.InvariantCulture).TrimEnd('0');
        return text + "." + digits;
    }
}
