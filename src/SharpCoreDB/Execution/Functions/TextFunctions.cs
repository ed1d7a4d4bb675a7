// The string scalar functions: LENGTH, LOWER, UPPER, SUBSTR, TRIM/LTRIM/RTRIM,
// REPLACE, INSTR, HEX, QUOTE. As in SQLite: NULL in gives NULL out, numbers are
// read as their text form, lengths and positions count characters (code points)
// of text and bytes of blobs, and LOWER/UPPER fold ASCII letters only.
using System.Globalization;
using System.Text;
using SharpCoreDB.Execution.Semantics;

namespace SharpCoreDB.Execution.Functions;

/// <summary>Bodies of the string scalar functions.</summary>
internal static class TextFunctions
{
    private const long MaxLength = 1_000_000_000;

    private static readonly DbValue EmptyText = DbValue.FromText(string.Empty);

    /// <summary>Characters of a text (up to a NUL, as SQLite), bytes of a blob, characters of a number's text form.</summary>
    public static DbValue Length(ReadOnlySpan<DbValue> args)
    {
        DbValue x = args[0];
        switch (x.Type)
        {
            case DbValueType.Null:
                return x;
            case DbValueType.Blob:
                return DbValue.FromInt64(x.AsBlob().Length);
            default:
                string s = SqlTextConversion.ToText(x)!;
                int nul = s.IndexOf('\0', StringComparison.Ordinal);
                ReadOnlySpan<char> span = nul >= 0 ? s.AsSpan(0, nul) : s;
                return DbValue.FromInt64(CodePoints(span));
        }
    }

    public static DbValue Lower(ReadOnlySpan<DbValue> args) => MapAscii(args[0], upper: false);

    public static DbValue Upper(ReadOnlySpan<DbValue> args) => MapAscii(args[0], upper: true);

    private static DbValue MapAscii(in DbValue x, bool upper)
    {
        if (x.IsNull)
        {
            return x;
        }

        string s = SqlTextConversion.ToText(x)!;
        return DbValue.FromText(string.Create(s.Length, (s, upper), static (span, state) =>
        {
            for (int i = 0; i < span.Length; i++)
            {
                char c = state.s[i];
                span[i] = state.upper ? (c is >= 'a' and <= 'z' ? (char)(c - 32) : c) : (c is >= 'A' and <= 'Z' ? (char)(c + 32) : c);
            }
        }));
    }

    /// <summary>SUBSTR(x, start [, length]) with SQLite's rules for zero, negative start and negative length.</summary>
    public static DbValue Substr(ReadOnlySpan<DbValue> args)
    {
        DbValue x = args[0];
        if (x.IsNull || args[1].IsNull || (args.Length > 2 && args[2].IsNull))
        {
            return DbValue.Null;
        }

        long p1 = SqlArithmetic.ToInteger(args[1]);
        // Without a length SQLite takes its maximum value length, 1,000,000,000.
        long p2 = args.Length > 2 ? SqlArithmetic.ToInteger(args[2]) : MaxLength;
        bool blob = x.Type == DbValueType.Blob;
        if (blob && x.AsBlob().Length == 0)
        {
            // SQLite reads an empty blob as a NULL pointer and returns NULL.
            return DbValue.Null;
        }

        string text = blob ? string.Empty : SqlTextConversion.ToText(x)!;
        long length = blob ? x.AsBlob().Length : CodePoints(text);
        // SQLite's steps in its 64-bit arithmetic, which wraps at the extremes (substr('abc', -2^63, 2^63 - 1) is 'ab').
        bool negativeLength = false;
        unchecked
        {
            if (p2 < 0)
            {
                p2 = -p2;
                negativeLength = true;
            }

            if (p1 < 0)
            {
                p1 += length;
                if (p1 < 0)
                {
                    p2 += p1;
                    if (p2 < 0)
                    {
                        p2 = 0;
                    }

                    p1 = 0;
                }
            }
            else if (p1 > 0)
            {
                p1--;
            }
            else if (p2 > 0)
            {
                p2--;
            }

            if (negativeLength)
            {
                p1 -= p2;
                if (p1 < 0)
                {
                    p2 += p1;
                    p1 = 0;
                }
            }
        }

        long start = Math.Min(p1, length);
        long count = Math.Clamp(Math.Min(p2, length - start), 0, length);
        if (blob)
        {
            return DbValue.FromBlob(x.AsBlob().AsSpan((int)start, (int)count));
        }

        int from = CharIndex(text, start);
        int to = CharIndex(text, start + count);
        return from == 0 && to == text.Length && x.Type == DbValueType.Text ? x : DbValue.FromText(text[from..to]);
    }

    public static DbValue Trim(ReadOnlySpan<DbValue> args) => TrimCore(args, left: true, right: true);

    public static DbValue LTrim(ReadOnlySpan<DbValue> args) => TrimCore(args, left: true, right: false);

    public static DbValue RTrim(ReadOnlySpan<DbValue> args) => TrimCore(args, left: false, right: true);

    private static DbValue TrimCore(ReadOnlySpan<DbValue> args, bool left, bool right)
    {
        if (args[0].IsNull || (args.Length > 1 && args[1].IsNull))
        {
            return DbValue.Null;
        }

        string s = SqlTextConversion.ToText(args[0])!;
        ReadOnlySpan<char> set = args.Length > 1 ? SqlTextConversion.ToText(args[1]) : " ";
        ReadOnlySpan<char> span = s;
        if (set.IsEmpty)
        {
            return args[0].Type == DbValueType.Text ? args[0] : DbValue.FromText(s);
        }

        if (left)
        {
            span = span.TrimStart(set);
        }

        if (right)
        {
            span = span.TrimEnd(set);
        }

        return span.Length == s.Length && args[0].Type == DbValueType.Text ? args[0] : DbValue.FromText(span.ToString());
    }

    /// <summary>REPLACE(x, from, to): every occurrence, case-sensitively; an empty 'from' leaves x unchanged.</summary>
    public static DbValue Replace(ReadOnlySpan<DbValue> args)
    {
        if (args[0].IsNull || args[1].IsNull)
        {
            return DbValue.Null;
        }

        // An empty pattern (read as a C string, as SQLite reads it) leaves the text as it is, even with a NULL replacement.
        string s = SqlTextConversion.ToText(args[0])!;
        string from = SqlTextConversion.ToText(args[1])!;
        if (from.Length == 0 || from[0] == '\0')
        {
            return DbValue.FromText(s);
        }

        if (args[2].IsNull)
        {
            return DbValue.Null;
        }

        return DbValue.FromText(s.Replace(from, SqlTextConversion.ToText(args[2]), StringComparison.Ordinal));
    }

    /// <summary>INSTR(x, y): 1-based position of the first y in x (characters, or bytes for two blobs); 0 when absent.</summary>
    public static DbValue Instr(ReadOnlySpan<DbValue> args)
    {
        if (args[0].IsNull || args[1].IsNull)
        {
            return DbValue.Null;
        }

        if (args[0].Type == DbValueType.Blob && args[1].Type == DbValueType.Blob)
        {
            int b = args[0].AsBlob().AsSpan().IndexOf(args[1].AsBlob());
            return DbValue.FromInt64(b + 1);
        }

        string s = SqlTextConversion.ToText(args[0])!;
        int i = s.IndexOf(SqlTextConversion.ToText(args[1])!, StringComparison.Ordinal);
        return DbValue.FromInt64(i < 0 ? 0 : CodePoints(s.AsSpan(0, i)) + 1);
    }

    /// <summary>Upper-case hex of a blob's bytes or of the UTF-8 of the value's text; '' for NULL.</summary>
    public static DbValue Hex(ReadOnlySpan<DbValue> args)
    {
        DbValue x = args[0];
        if (x.IsNull)
        {
            return EmptyText;
        }

        byte[] bytes = x.Type == DbValueType.Blob ? x.AsBlob() : Encoding.UTF8.GetBytes(SqlTextConversion.ToText(x)!);
        return DbValue.FromText(Convert.ToHexString(bytes));
    }

    /// <summary>The value as an SQL literal: NULL, a number, 'text' with quotes doubled, X'hex'.</summary>
    public static DbValue Quote(ReadOnlySpan<DbValue> args)
    {
        DbValue x = args[0];
        return DbValue.FromText(x.Type switch
        {
            DbValueType.Null => "NULL",
            DbValueType.Integer or DbValueType.Boolean => x.AsInt64().ToString(CultureInfo.InvariantCulture),
            // An infinity as SQLite quotes it: a literal that reads back as one.
            DbValueType.Real when double.IsInfinity(x.AsDouble()) => x.AsDouble() > 0 ? "9.0e+999" : "-9.0e+999",
            DbValueType.Real or DbValueType.Decimal => SqlTextConversion.ToText(x)!,
            DbValueType.Blob => "X'" + Convert.ToHexString(x.AsBlob()) + "'",
            _ => "'" + SqlTextConversion.ToText(x)!.Replace("'", "''", StringComparison.Ordinal) + "'",
        });
    }

    /// <summary>The number of code points (a surrogate pair counts once).</summary>
    public static int CodePoints(ReadOnlySpan<char> s)
    {
        int count = s.Length;
        for (int i = 0; i + 1 < s.Length; i++)
        {
            if (char.IsHighSurrogate(s[i]) && char.IsLowSurrogate(s[i + 1]))
            {
                count--;
                i++;
            }
        }

        return count;
    }

    /// <summary>The UTF-16 index of the code point number <paramref name="codePoint"/>.</summary>
    private static int CharIndex(string s, long codePoint)
    {
        int i = 0;
        for (long n = 0; n < codePoint && i < s.Length; n++)
        {
            i += char.IsHighSurrogate(s[i]) && i + 1 < s.Length && char.IsLowSurrogate(s[i + 1]) ? 2 : 1;
        }

        return i;
    }
}
