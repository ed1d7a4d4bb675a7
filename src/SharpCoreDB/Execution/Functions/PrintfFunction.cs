// printf(format, ...) and format(format, ...), as SQLite's printf formats: the C
// conversions %d %i %u %x %X %o %f %e %E %g %G %s %c %%, SQLite's own %q (text with
// ' doubled), %Q (the same in quotes, NULL as NULL) and %w (" doubled), %z as %s;
// the flags - + space 0 # , (thousands separators) and ! (widths and precisions of
// text in characters rather than UTF-8 bytes; reals with up to 19 digits, the point
// and a digit after it always shown, trailing zeros dropped); width and precision, either may be *;
// C's length modifiers (l, ll) are read and ignored. As in SQLite: arguments missing at
// the end count as NULL (0, 0.0 or ''); numbers are rounded half away from zero from
// their exact decimal expansion, keeping at most 16 significant digits (so %.2f of
// 1.005 is 1.00, %.20f of 0.1 is 0.1 then zeros, %.0f of 2.5 is 3); an infinity is Inf; a conversion it does not know ends the output
// there; a NULL or empty format gives NULL (SQLite builds no string for it). The format
// and every text argument end at a NUL character, as SQLite's C strings do.
using System.Globalization;
using System.Text;
using SharpCoreDB.Execution.Semantics;

namespace SharpCoreDB.Execution.Functions;

/// <summary>The body of printf/format.</summary>
internal static partial class PrintfFunction
{
    public static DbValue Printf(ReadOnlySpan<DbValue> args)
    {
        string format = args[0].IsNull ? string.Empty : SqlLike.UpToNul(SqlTextConversion.ToText(args[0])!);
        if (format.Length == 0)
        {
            return DbValue.Null;
        }

        var output = new StringBuilder(format.Length + 16);
        var arguments = new Arguments(args[1..].ToArray());
        for (int i = 0; i < format.Length; i++)
        {
            if (format[i] != '%')
            {
                output.Append(format[i]);
                continue;
            }

            if (++i >= format.Length)
            {
                output.Append('%');
                break;
            }

            var spec = new Spec();
            for (; i < format.Length && "-+ #0,!".Contains(format[i], StringComparison.Ordinal); i++)
            {
                spec.Flag(format[i]);
            }

            i = Number(format, i, arguments, out spec.Width, ref spec.Left);
            if (i < format.Length && format[i] == '.')
            {
                bool ignored = false;
                i = Number(format, i + 1, arguments, out int precision, ref ignored);
                spec.Precision = Math.Max(precision, 0);
            }

            while (i < format.Length && format[i] == 'l')
            {
                i++;
            }

            if (i >= format.Length || !Convert(format[i], spec, arguments, output))
            {
                // SQLite stops at a conversion it does not know, and then has built no string at all if nothing came before.
                return output.Length == 0 ? DbValue.Null : DbValue.FromText(output.ToString());
            }
        }

        return DbValue.FromText(output.ToString());
    }

    // A width or precision: digits, or * taking the next argument (a negative width means left-justified).
    private static int Number(string format, int i, Arguments arguments, out int value, ref bool left)
    {
        value = -1;
        if (i < format.Length && format[i] == '*')
        {
            long n = arguments.Integer();
            left |= n < 0;
            value = (int)Math.Min(Math.Abs(n), 100_000_000);
            return i + 1;
        }

        int start = i;
        long parsed = 0;
        for (; i < format.Length && char.IsAsciiDigit(format[i]); i++)
        {
            parsed = Math.Min((parsed * 10) + (format[i] - '0'), 100_000_000);
        }

        value = i > start ? (int)parsed : -1;
        return i;
    }

    private static bool Convert(char conversion, Spec spec, Arguments arguments, StringBuilder output)
    {
        switch (conversion)
        {
            case 'd' or 'i':
                long signed = arguments.Integer();
                string sign = Sign(signed < 0, spec);
                Pad(output, spec with { Zero = false }, sign, Digits(signed < 0 ? ((ulong)(-(signed + 1))) + 1 : (ulong)signed, 10, spec, sign.Length), numeric: true);
                return true;
            case 'u':
                Pad(output, spec with { Zero = false }, string.Empty, Digits((ulong)arguments.Integer(), 10, spec, 0), numeric: true);
                return true;
            case 'x' or 'X' or 'o':
                ulong bits = (ulong)arguments.Integer();
                string digits = Digits(bits, conversion == 'o' ? 8 : 16, spec, 0);
                string prefix = !spec.Alternate || bits == 0 ? string.Empty : conversion == 'o' ? "0" : conversion == 'x' ? "0x" : "0X";
                Pad(output, spec with { Zero = false }, prefix, conversion == 'X' ? digits.ToUpperInvariant() : digits, numeric: true);
                return true;
            case 'f' or 'e' or 'E' or 'g' or 'G':
                // An infinity is Inf, or with the 0 flag 9e999 written out in full (SQLite's rendering).
                double real = arguments.Real();
                bool shown = !double.IsInfinity(real) || spec.Zero;
                string body = !double.IsInfinity(real) ? FloatDigits(Math.Abs(real), conversion, spec)
                    : spec.Zero ? FloatDigits("9", 999, conversion, spec) : "Inf";
                Pad(output, spec, Sign(real < 0, spec), body, numeric: shown);
                return true;
            case 's' or 'z':
                Pad(output, spec, string.Empty, Cut(arguments.Text() ?? string.Empty, spec), numeric: false);
                return true;
            case 'c':
                // An empty or NULL argument gives a NUL character, as in SQLite.
                string text = arguments.Text() ?? string.Empty;
                string first = text.Length == 0 ? "\0" : char.IsHighSurrogate(text[0]) && text.Length > 1 ? text[..2] : text[..1];
                Pad(output, spec, string.Empty, string.Concat(Enumerable.Repeat(first, Math.Max(spec.Precision, 1))), numeric: false);
                return true;
            case 'q' or 'Q' or 'w':
                // NULL is NULL for %Q and (NULL) for %q and %w, as in SQLite, and the precision cuts those words too.
                string? value = arguments.Text();
                string quoted = value is null ? Cut(conversion == 'Q' ? "NULL" : "(NULL)", spec)
                    : conversion == 'w' ? Cut(value, spec).Replace("\"", "\"\"", StringComparison.Ordinal)
                    : Cut(value, spec).Replace("'", "''", StringComparison.Ordinal);
                Pad(output, spec with { Precision = -1 }, string.Empty, conversion == 'Q' && value is not null ? "'" + quoted + "'" : quoted, numeric: false);
                return true;
            case '%':
                Pad(output, spec, string.Empty, "%", numeric: false);
                return true;
            default:
                return false;
        }
    }

    private static string Sign(bool negative, Spec spec) => negative ? "-" : spec.Plus ? "+" : spec.Space ? " " : string.Empty;

    // An integer's digits in a base: at least `precision` of them, or with the 0 flag as many as fill the width beside
    // the sign (even when left-justified, as SQLite does), then thousands separators for the comma flag.
    private static string Digits(ulong value, int radix, Spec spec, int signLength)
    {
        string digits = radix == 10 ? value.ToString(CultureInfo.InvariantCulture) : radix == 16 ? value.ToString("x", CultureInfo.InvariantCulture) : System.Convert.ToString((long)value, 8);
        int least = spec.Zero ? Math.Max(spec.Precision, spec.Width - signLength) : spec.Precision;
        if (least > digits.Length)
        {
            digits = new string('0', least - digits.Length) + digits;
        }

        return spec.Comma && radix == 10 ? Group(digits) : digits;
    }

    private static string Group(string digits)
    {
        var grouped = new StringBuilder(digits.Length + (digits.Length / 3));
        for (int i = 0; i < digits.Length; i++)
        {
            grouped.Append(digits[i]);
            if ((digits.Length - i - 1) % 3 == 0 && i < digits.Length - 1)
            {
                grouped.Append(',');
            }
        }

        return grouped.ToString();
    }

    private static int IntegerLength(string fixedText) => fixedText.IndexOf('.', StringComparison.Ordinal) is int point and >= 0 ? point : fixedText.Length;

    // At most `precision` of the text: UTF-8 bytes (never splitting a character), or characters with the ! flag.
    private static string Cut(string text, Spec spec)
    {
        if (spec.Precision < 0)
        {
            return text;
        }

        int length = 0, bytes = 0;
        while (length < text.Length)
        {
            int step = char.IsHighSurrogate(text[length]) && length + 1 < text.Length ? 2 : 1;
            int size = spec.Characters ? 1 : Encoding.UTF8.GetByteCount(text.AsSpan(length, step));
            if (bytes + size > spec.Precision)
            {
                break;
            }

            bytes += size;
            length += step;
        }

        return text[..length];
    }

    // Pads to the width: numbers with zeros after the sign when the 0 flag asks, everything else with spaces on the
    // left (or on the right for -). The width of text counts UTF-8 bytes unless the ! flag says characters.
    private static void Pad(StringBuilder output, Spec spec, string prefix, string body, bool numeric)
    {
        int length = numeric || spec.Characters ? prefix.Length + body.Length : Encoding.UTF8.GetByteCount(prefix) + Encoding.UTF8.GetByteCount(body);
        int pad = Math.Max(0, spec.Width - length);
        if (spec.Left)
        {
            output.Append(prefix).Append(body).Append(' ', pad);
        }
        else if (spec.Zero && numeric)
        {
            output.Append(prefix).Append('0', pad).Append(body);
        }
        else
        {
            output.Append(' ', pad).Append(prefix).Append(body);
        }
    }

    private record struct Spec()
    {
        public bool Left;
        public bool Plus;
        public bool Space;
        public bool Alternate;
        public bool Zero;
        public bool Comma;
        public bool Characters;
        public int Width = -1;
        public int Precision = -1;

        public void Flag(char flag)
        {
            switch (flag)
            {
                case '-': Left = true; break;
                case '+': Plus = true; break;
                case ' ': Space = true; break;
                case '#': Alternate = true; break;
                case '0': Zero = true; break;
                case ',': Comma = true; break;
                default: Characters = true; break;
            }
        }
    }

    // The arguments after the format, taken in order; past the last, each reads as NULL.
    private sealed class Arguments(DbValue[] values)
    {
        private int _next;

        private DbValue Next() => _next < values.Length ? values[_next++] : DbValue.Null;

        public long Integer()
        {
            DbValue v = Next();
            return v.IsNull ? 0 : SqlArithmetic.ToInteger(v);
        }

        public double Real()
        {
            DbValue v = Next();
            return v.IsNull ? 0 : SqlArithmetic.ToDouble(v.IsNumeric ? v : SqlCast.Cast(v, Sql.Ast.SqlTypeAffinity.Real));
        }

        public string? Text()
        {
            DbValue v = Next();
            return v.IsNull ? null : SqlLike.UpToNul(SqlTextConversion.ToText(v)!);
        }
    }
}
