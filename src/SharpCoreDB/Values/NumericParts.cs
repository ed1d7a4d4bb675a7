// Exact decompositions of doubles and decimals into integer mantissas and
// exponents. Both the value order (DbValueOrder) and the order-preserving key
// encoding (KeyEncoder) need them to compare and encode numbers of different
// types exactly, without rounding through double.
namespace SharpCoreDB.Values;

/// <summary>Splits doubles into m * 2^e and decimals into n / 10^s, exactly.</summary>
internal static class NumericParts
{
    /// <summary>|d| = mantissa * 2^exponent, for a finite non-zero double.</summary>
    public static void SplitDouble(double d, out ulong mantissa, out int exponent)
    {
        long bits = BitConverter.DoubleToInt64Bits(d);
        int biased = (int)((bits >> 52) & 0x7FF);
        ulong fraction = (ulong)bits & ((1UL << 52) - 1);
        if (biased == 0)
        {
            mantissa = fraction;
            exponent = -1074;
        }
        else
        {
            mantissa = fraction | (1UL << 52);
            exponent = biased - 1075;
        }
    }

    /// <summary>|x| = magnitude / 10^scale, with a 96-bit magnitude.</summary>
    public static void SplitDecimal(decimal x, out UInt128 magnitude, out int scale)
    {
        Span<int> bits = stackalloc int[4];
        decimal.GetBits(x, bits);
        magnitude = ((UInt128)(uint)bits[2] << 64) | ((UInt128)(uint)bits[1] << 32) | (uint)bits[0];
        scale = (bits[3] >> 16) & 0xFF;
    }

    /// <summary>10^power for 0 &lt;= power &lt;= 38.</summary>
    public static UInt128 PowerOfTen(int power)
    {
        UInt128 result = 1;
        for (int i = 0; i < power; i++)
        {
            result *= 10;
        }

        return result;
    }

    /// <summary>The number of significant bits of a non-zero value.</summary>
    public static int BitLength(UInt128 value) => 128 - (int)UInt128.LeadingZeroCount(value);
}
