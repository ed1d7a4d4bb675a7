// SQLite's values as SharpCoreDB's: the conversion and the comparison rules the
// differential tests of the value semantics and the aggregates share. SQLite hands
// back long, double, string, byte[] or DBNull; the comparison is by value and type,
// with one documented exclusion (the 17th significant digit of a real as text).
using System.Globalization;
using System.Text;
using SharpCoreDB.Values;

namespace SharpCoreDB.TestSupport.Sqlite;

internal static class SqliteValues
{
    /// <summary>A value SQLite returned, as a DbValue.</summary>
    public static DbValue ToDbValue(object? value) => value switch
    {
        null or DBNull => DbValue.Null,
        long l => DbValue.FromInt64(l),
        double d => DbValue.FromDouble(d),
        string s => DbValue.FromText(s),
        byte[] b => DbValue.FromBlob(b),
        _ => throw new InvalidOperationException("Unexpected SQLite value " + value.GetType()),
    };

    /// <summary>Same type and value (reals bit for bit, blobs byte for byte).</summary>
    public static bool SameValue(in DbValue expected, in DbValue actual)
    {
        if (expected.Type != actual.Type)
        {
            return false;
        }

        return expected.Type switch
        {
            DbValueType.Real => expected.AsDouble().Equals(actual.AsDouble()),
            DbValueType.Blob => expected.AsBlob().AsSpan().SequenceEqual(actual.AsBlob()),
            _ => expected.Equals(actual),
        };
    }

    /// <summary>A value with its type, for failure messages.</summary>
    public static string Describe(in DbValue v) => v.Type switch
    {
        DbValueType.Text => $"'{v.AsText()}' (text)",
        DbValueType.Real => v.AsDouble().ToString("R", CultureInfo.InvariantCulture) + " (real)",
        _ => $"{v} ({v.Type})",
    };

    /// <summary>
    /// True when two texts differ in one digit by one, right after a run of 16 other digits: the 17th significant
    /// digit of a real rendered as text, where SQLite's approximate conversion and our exact one may differ.
    /// </summary>
    public static bool SeventeenthDigitOnly(in DbValue expected, in DbValue actual)
    {
        if (expected.Type != actual.Type || expected.Type is not (DbValueType.Text or DbValueType.Blob))
        {
            return false;
        }

        string a = expected.Type == DbValueType.Text ? expected.AsText() : Encoding.Latin1.GetString(expected.AsBlob());
        string b = actual.Type == DbValueType.Text ? actual.AsText() : Encoding.Latin1.GetString(actual.AsBlob());
        if (a.Length != b.Length)
        {
            return false;
        }

        int diff = -1;
        for (int i = 0; i < a.Length; i++)
        {
            if (a[i] != b[i])
            {
                if (diff >= 0 || !char.IsAsciiDigit(a[i]) || !char.IsAsciiDigit(b[i]) || Math.Abs(a[i] - b[i]) != 1)
                {
                    return false;
                }

                diff = i;
            }
        }

        int digits = 0;
        for (int i = diff - 1; i >= 0 && (char.IsAsciiDigit(a[i]) || a[i] == '.'); i--)
        {
            digits += a[i] == '.' ? 0 : 1;
        }

        return diff >= 0 && digits >= 15;
    }
}
