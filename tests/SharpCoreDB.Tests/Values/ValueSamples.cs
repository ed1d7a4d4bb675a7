// Random DbValues for the order tests, biased towards the cases where orders go
// wrong: integers and doubles around 2^53 and 2^63, values equal across types,
// neighbouring doubles, decimals with many digits, subnormals, infinities, text
// with NULs and characters beyond the BMP, blobs with zero bytes. Also an exact
// rational oracle for numbers, independent of the engine's comparison code.
using System.Numerics;
using SharpCoreDB.Values;

namespace SharpCoreDB.Tests.Values;

internal static class ValueSamples
{
    private static readonly string[] Pieces = ["", "a", "b", "ab", "\0", "é", "z", "\uFFFF", "\uE000", "\U0001F600", "日本", "A"];

    public static DbValue Numeric(Random rng)
    {
        long baseValue = rng.Next(8) switch
        {
            0 => rng.NextInt64(-5, 5),
            1 => (1L << 53) + rng.NextInt64(-4, 4),
            2 => long.MaxValue - rng.NextInt64(0, 3000),
            3 => long.MinValue + rng.NextInt64(0, 3000),
            4 => -(1L << 53) + rng.NextInt64(-4, 4),
            5 => rng.NextInt64(-1_000_000, 1_000_000),
            6 => rng.NextInt64(),
            _ => rng.NextInt64(-100, 100) * 1000,
        };

        switch (rng.Next(9))
        {
            case 0:
            case 1:
                return DbValue.FromInt64(baseValue);
            case 2:
                double d = baseValue;
                return DbValue.FromDouble(rng.Next(3) switch { 0 => d, 1 => Math.BitIncrement(d), _ => Math.BitDecrement(d) });
            case 3:
                return DbValue.FromDouble(rng.Next(6) switch
                {
                    0 => double.PositiveInfinity,
                    1 => double.NegativeInfinity,
                    2 => double.Epsilon * rng.Next(1, 4) * (rng.Next(2) == 0 ? 1 : -1),
                    3 => -0.0,
                    4 => 9223372036854775808.0 * (rng.Next(2) == 0 ? 1 : -1),
                    _ => (rng.NextDouble() - 0.5) * Math.Pow(10, rng.Next(-30, 30)),
                });
            case 4:
                return DbValue.FromDouble(rng.Next(-20, 20) / 8.0);
            case 5:
                return DbValue.FromDecimal(rng.Next(-20, 20) / 8m);
            case 6:
                return DbValue.FromDecimal(new decimal(rng.Next(), rng.Next(), rng.Next(), rng.Next(2) == 0, (byte)rng.Next(29)));
            case 7:
                return DbValue.FromDecimal(rng.Next(3) switch
                {
                    0 => baseValue,
                    1 => (decimal)(rng.Next(-20, 20) / 10.0),
                    _ => decimal.Parse("0." + new string('0', rng.Next(26)) + rng.Next(1, 10), System.Globalization.CultureInfo.InvariantCulture),
                });
            default:
                return DbValue.FromBoolean(rng.Next(2) == 0);
        }
    }

    public static DbValue Any(Random rng)
    {
        switch (rng.Next(10))
        {
            case 0:
                return DbValue.Null;
            case 1:
                return DbValue.FromDateTimeTicks(rng.Next(3) == 0 ? rng.Next(0, 3) : rng.NextInt64(0, DateTime.MaxValue.Ticks));
            case 2:
            case 3:
                int parts = rng.Next(4);
                string text = "";
                for (int i = 0; i < parts; i++)
                {
                    text += Pieces[rng.Next(Pieces.Length)];
                }

                return DbValue.FromText(text);
            case 4:
                byte[] blob = new byte[rng.Next(5)];
                for (int i = 0; i < blob.Length; i++)
                {
                    blob[i] = (byte)(rng.Next(3) switch { 0 => 0, 1 => 0xFF, _ => rng.Next(256) });
                }

                return DbValue.FromBlob(blob);
            case 5:
                byte[] guid = new byte[16];
                guid[rng.Next(16)] = (byte)rng.Next(3);
                guid[rng.Next(16)] = (byte)rng.Next(256);
                return DbValue.FromGuid(new Guid(guid));
            default:
                return Numeric(rng);
        }
    }

    /// <summary>The exact value of a finite number as numerator / denominator (denominator &gt; 0).</summary>
    public static (BigInteger Numerator, BigInteger Denominator) Rational(DbValue value)
    {
        switch (value.Type)
        {
            case DbValueType.Integer:
            case DbValueType.Boolean:
                return (value.AsInt64(), BigInteger.One);
            case DbValueType.Decimal:
                int[] bits = decimal.GetBits(value.AsDecimal());
                var magnitude = new BigInteger((uint)bits[0]) + (new BigInteger((uint)bits[1]) << 32) + (new BigInteger((uint)bits[2]) << 64);
                int scale = (bits[3] >> 16) & 0xFF;
                return (bits[3] < 0 ? -magnitude : magnitude, BigInteger.Pow(10, scale));
            default:
                double d = value.AsDouble();
                long raw = BitConverter.DoubleToInt64Bits(d);
                int exponent = (int)((raw >> 52) & 0x7FF);
                long mantissa = raw & ((1L << 52) - 1);
                if (exponent == 0)
                {
                    exponent = 1;
                }
                else
                {
                    mantissa |= 1L << 52;
                }

                exponent -= 1075;
                BigInteger numerator = d < 0 ? -mantissa : mantissa;
                return exponent >= 0 ? (numerator << exponent, BigInteger.One) : (numerator, BigInteger.One << -exponent);
        }
    }

    /// <summary>The oracle's order of two numbers: infinities at the ends, finite ones by exact rational value.</summary>
    public static int CompareExactly(DbValue a, DbValue b)
    {
        int ia = Infinity(a);
        int ib = Infinity(b);
        if (ia != 0 || ib != 0)
        {
            return ia.CompareTo(ib) is var c && c != 0 ? c : 0;
        }

        (BigInteger an, BigInteger ad) = Rational(a);
        (BigInteger bn, BigInteger bd) = Rational(b);
        return (an * bd).CompareTo(bn * ad);
    }

    private static int Infinity(DbValue value) =>
        value.Type == DbValueType.Real && double.IsInfinity(value.AsDouble()) ? Math.Sign(value.AsDouble()) : 0;
}
