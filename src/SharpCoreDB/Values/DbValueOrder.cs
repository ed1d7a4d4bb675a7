// The total order of DbValues and the hash that agrees with it. The order is
// SQLite's, extended to our extra types (docs/file-format.md, "Values"):
//
//   NULL < numbers < DateTime < Text < Guid < Blob
//
// Numbers (Integer, Real, Boolean as 0/1, Decimal) compare by exact mathematical
// value across types: 2^53 + 1 (long) > 2^53 (double), 0.1m != 0.1 (double).
// Text compares by Unicode code point, which is the byte order of its UTF-8 form;
// Guids by their RFC 4122 (big-endian) bytes; Blobs by memcmp.
using System.Numerics;

namespace SharpCoreDB.Values;

/// <summary>Compares and hashes DbValues in the engine's total order.</summary>
internal static class DbValueOrder
{
    internal const double TwoTo63 = 9223372036854775808.0;

    /// <summary>Negative, zero or positive as <paramref name="left"/> sorts before, with or after <paramref name="right"/>.</summary>
    public static int Compare(in DbValue left, in DbValue right)
    {
        int leftRank = Rank(left.Type);
        int rightRank = Rank(right.Type);
        if (leftRank != rightRank)
        {
            return leftRank < rightRank ? -1 : 1;
        }

        switch (left.Type)
        {
            case DbValueType.Null:
                return 0;
            case DbValueType.DateTime:
                return left.RawBits.CompareTo(right.RawBits);
            case DbValueType.Text:
                return CompareText(left.AsText(), right.AsText());
            case DbValueType.Blob:
                return Math.Sign(left.AsBlob().AsSpan().SequenceCompareTo(right.AsBlob()));
            case DbValueType.Guid:
                return CompareGuid(left.AsGuid(), right.AsGuid());
            default:
                return CompareNumbers(left, right);
        }
    }

    /// <summary>A hash equal for values that compare equal (1, 1.0, 1m and TRUE hash alike).</summary>
    public static int Hash(in DbValue value)
    {
        switch (value.Type)
        {
            case DbValueType.Null:
                return 0;
            case DbValueType.Integer:
            case DbValueType.Boolean:
                return HashCode.Combine(1, value.RawBits);
            case DbValueType.Real:
                // Equal numbers have equal floors; hashing the floor keeps 1.5 and 1.5m together.
                double d = value.AsDouble();
                return d >= -TwoTo63 && d < TwoTo63 ? HashCode.Combine(1, (long)Math.Floor(d)) : HashCode.Combine(1, Math.Sign(d));
            case DbValueType.Decimal:
                decimal x = value.AsDecimal();
                return x >= long.MinValue && x <= long.MaxValue
                    ? HashCode.Combine(1, (long)decimal.Floor(x))
                    : HashCode.Combine(1, Math.Sign(x));
            case DbValueType.DateTime:
                return HashCode.Combine(2, value.RawBits);
            case DbValueType.Text:
                return HashCode.Combine(3, value.AsText().GetHashCode());
            case DbValueType.Guid:
                return HashCode.Combine(4, value.AsGuid());
            default:
                var hash = new HashCode();
                hash.AddBytes(value.AsBlob());
                return hash.ToHashCode();
        }
    }

    /// <summary>Text order by code point: UTF-16 order except that supplementary characters sort after U+E000..U+FFFF.</summary>
    public static int CompareText(ReadOnlySpan<char> left, ReadOnlySpan<char> right)
    {
        int common = left.CommonPrefixLength(right);
        if (common == left.Length || common == right.Length)
        {
            return left.Length.CompareTo(right.Length);
        }

        int a = left[common];
        int b = right[common];
        if (a >= 0xD800 && b >= 0xD800)
        {
            // Surrogates (D800..DFFF) encode code points above FFFF: lift them above E000..FFFF.
            a = a >= 0xE000 ? a - 0x800 : a + 0x2000;
            b = b >= 0xE000 ? b - 0x800 : b + 0x2000;
        }

        return a < b ? -1 : 1;
    }

    private static int CompareGuid(Guid left, Guid right)
    {
        Span<byte> a = stackalloc byte[16];
        Span<byte> b = stackalloc byte[16];
        left.TryWriteBytes(a, bigEndian: true, out _);
        right.TryWriteBytes(b, bigEndian: true, out _);
        return Math.Sign(a.SequenceCompareTo(b));
    }

    private static int Rank(DbValueType type) => type switch
    {
        DbValueType.Null => 0,
        DbValueType.Integer or DbValueType.Real or DbValueType.Boolean or DbValueType.Decimal => 1,
        DbValueType.DateTime => 2,
        DbValueType.Text => 3,
        DbValueType.Guid => 4,
        _ => 5,
    };

    private static int CompareNumbers(in DbValue left, in DbValue right)
    {
        DbValueType lt = left.Type == DbValueType.Boolean ? DbValueType.Integer : left.Type;
        DbValueType rt = right.Type == DbValueType.Boolean ? DbValueType.Integer : right.Type;
        return (lt, rt) switch
        {
            (DbValueType.Integer, DbValueType.Integer) => left.RawBits.CompareTo(right.RawBits),
            (DbValueType.Real, DbValueType.Real) => CompareDoubles(left.AsDouble(), right.AsDouble()),
            (DbValueType.Integer, DbValueType.Real) => CompareLongDouble(left.RawBits, right.AsDouble()),
            (DbValueType.Real, DbValueType.Integer) => -CompareLongDouble(right.RawBits, left.AsDouble()),
            (DbValueType.Decimal, DbValueType.Decimal) => decimal.Compare(left.AsDecimal(), right.AsDecimal()),
            (DbValueType.Decimal, DbValueType.Integer) => decimal.Compare(left.AsDecimal(), right.RawBits),
            (DbValueType.Integer, DbValueType.Decimal) => decimal.Compare(left.RawBits, right.AsDecimal()),
            (DbValueType.Decimal, DbValueType.Real) => CompareDecimalDouble(left.AsDecimal(), right.AsDouble()),
            _ => -CompareDecimalDouble(right.AsDecimal(), left.AsDouble()),
        };
    }

    private static int CompareDoubles(double a, double b) => a < b ? -1 : a > b ? 1 : 0;

    /// <summary>Exact: never rounds the long to a double.</summary>
    public static int CompareLongDouble(long l, double d)
    {
        if (d >= TwoTo63)
        {
            return -1;
        }

        if (d < -TwoTo63)
        {
            return 1;
        }

        double truncated = Math.Truncate(d);
        long whole = (long)truncated;
        if (l != whole)
        {
            return l < whole ? -1 : 1;
        }

        double fraction = d - truncated;
        return fraction > 0 ? -1 : fraction < 0 ? 1 : 0;
    }

    /// <summary>Exact: decides through a double when that is safe, through big integers when the two are within an ulp.</summary>
    public static int CompareDecimalDouble(decimal x, double d)
    {
        if (double.IsInfinity(d))
        {
            return d > 0 ? -1 : 1;
        }

        double approx = (double)x;
        if (Math.BitIncrement(approx) < d)
        {
            return -1;
        }

        if (Math.BitDecrement(approx) > d)
        {
            return 1;
        }

        int signX = Math.Sign(x);
        int signD = Math.Sign(d);
        if (signX != signD)
        {
            return signX < signD ? -1 : 1;
        }

        if (signX == 0)
        {
            return 0;
        }

        NumericParts.SplitDecimal(x, out UInt128 n, out int scale);
        NumericParts.SplitDouble(d, out ulong m, out int e);
        // |x| = n / 10^scale and |d| = m * 2^e: compare n * 2^-e with m * 10^scale (or n with m * 2^e * 10^scale).
        BigInteger left = n;
        BigInteger right = new BigInteger(m) * BigInteger.Pow(10, scale);
        if (e < 0)
        {
            left <<= -e;
        }
        else
        {
            right <<= e;
        }

        int magnitude = left.CompareTo(right);
        return signX > 0 ? magnitude : -magnitude;
    }
}
