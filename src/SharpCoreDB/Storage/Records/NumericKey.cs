// The order-preserving encoding of numbers inside index keys (docs/file-format.md,
// "Index keys"). Integers, reals, booleans and decimals share one encoding of the
// exact value, so that 1, 1.0, 1m and TRUE encode to the same bytes and a number
// of one type sorts among numbers of the others by value:
//
//   tag  0x10 -inf | 0x11 negative | 0x12 zero | 0x13 positive | 0x14 +inf
//   for negative and positive numbers, |v| = 1.f * 2^E is written as
//   2 bytes   E + 0x8000, big-endian
//   1+ bytes  the bits of f, 7 per byte, most significant first; each byte is
//             (digit << 1) | more, where more = 1 on every byte but the last;
//             trailing zero digits are dropped (at least one digit is written)
//   a negative number has every byte after the tag inverted (~b).
//
// Integers and reals are dyadic, so their f is finite (at most 63 bits). A
// decimal like 0.1 is not: its f is cut after 161 bits and, if bits remain, a
// last digit 1 is added, placing it after every exact value sharing those 161
// bits. Two distinct numbers of these types always differ within the first 150
// bits of f (see the doc), so the cut never merges or misorders distinct values.
using System.Numerics;

namespace SharpCoreDB.Storage.Records;

/// <summary>Encodes Integer, Real, Boolean and Decimal values for index keys.</summary>
internal static class NumericKey
{
    public const byte NegativeInfinity = 0x10;
    public const byte Negative = 0x11;
    public const byte Zero = 0x12;
    public const byte Positive = 0x13;
    public const byte PositiveInfinity = 0x14;

    /// <summary>The most bytes a number takes: tag, 2 exponent bytes, 24 digits.</summary>
    public const int MaxSize = 27;

    internal const int MaxFractionBits = 161;

    /// <summary>Writes the number at the start of <paramref name="destination"/>; returns the bytes written.</summary>
    public static int Encode(in DbValue value, Span<byte> destination)
    {
        switch (value.Type)
        {
            case DbValueType.Integer:
            case DbValueType.Boolean:
                long l = value.RawBits;
                if (l == 0)
                {
                    destination[0] = Zero;
                    return 1;
                }

                ulong magnitude = l < 0 ? (ulong)(-(l + 1)) + 1 : (ulong)l;
                return EncodeExact(l < 0, magnitude, 0, destination);
            case DbValueType.Real:
                double d = value.AsDouble();
                if (double.IsInfinity(d))
                {
                    destination[0] = d > 0 ? PositiveInfinity : NegativeInfinity;
                    return 1;
                }

                if (d == 0)
                {
                    destination[0] = Zero;
                    return 1;
                }

                NumericParts.SplitDouble(d, out ulong mantissa, out int exponent);
                return EncodeExact(d < 0, mantissa, exponent, destination);
            default:
                return EncodeDecimal(value.AsDecimal(), destination);
        }
    }

    // Integers and reals: at most 64 bits of mantissa. Kept apart from the 128-bit path, and Encode free of UInt128,
    // because a method that uses UInt128 is left out of the package's ReadyToRun images (its layout may change
    // between runtime versions): a fresh process ran Encode at the JIT's first, unoptimized tier for every index key
    // of its first batches.
    private static int EncodeExact(bool negative, ulong mantissa, int exponent, Span<byte> destination)
    {
        // Trailing zero bits would only become zero digits that Finish drops again.
        int zeros = BitOperations.TrailingZeroCount(mantissa);
        mantissa >>= zeros;
        exponent += zeros;
        int length = 64 - BitOperations.LeadingZeroCount(mantissa);
        var digits = new DigitWriter(destination, negative, length - 1 + exponent);
        for (int i = length - 2; i >= 0; i--)
        {
            digits.Add((int)(mantissa >> i) & 1);
        }

        return digits.Finish(inexact: false);
    }

    private static int EncodeExact(bool negative, UInt128 mantissa, int exponent, Span<byte> destination)
    {
        if (mantissa <= ulong.MaxValue)
        {
            return EncodeExact(negative, (ulong)mantissa, exponent, destination);
        }

        int zeros = (int)UInt128.TrailingZeroCount(mantissa);
        mantissa >>= zeros;
        exponent += zeros;
        int length = NumericParts.BitLength(mantissa);
        var digits = new DigitWriter(destination, negative, length - 1 + exponent);
        for (int i = length - 2; i >= 0; i--)
        {
            digits.Add((int)(mantissa >> i) & 1);
        }

        return digits.Finish(inexact: false);
    }

    private static int EncodeDecimal(decimal x, Span<byte> destination)
    {
        if (x == 0)
        {
            destination[0] = Zero;
            return 1;
        }

        bool negative = x < 0;
        NumericParts.SplitDecimal(x, out UInt128 n, out int scale);
        UInt128 denominator = NumericParts.PowerOfTen(scale);
        UInt128 whole = n / denominator;
        UInt128 rest = n % denominator;
        if (rest == 0)
        {
            return EncodeExact(negative, whole, 0, destination);
        }

        int bits = 0;
        DigitWriter digits;
        if (whole > 0)
        {
            int length = NumericParts.BitLength(whole);
            digits = new DigitWriter(destination, negative, length - 1);
            for (int i = length - 2; i >= 0; i--)
            {
                digits.Add((int)(whole >> i) & 1);
                bits++;
            }
        }
        else
        {
            // The leading 1 bit lies in the fraction: find it.
            int exponent = 0;
            do
            {
                rest <<= 1;
                exponent--;
            }
            while (rest < denominator);
            rest -= denominator;
            digits = new DigitWriter(destination, negative, exponent);
        }

        while (rest != 0 && bits < MaxFractionBits)
        {
            rest <<= 1;
            int bit = rest >= denominator ? 1 : 0;
            if (bit == 1)
            {
                rest -= denominator;
            }

            digits.Add(bit);
            bits++;
        }

        return digits.Finish(inexact: rest != 0);
    }

    /// <summary>Packs fraction bits into 7-bit digits after the tag and exponent.</summary>
    private ref struct DigitWriter
    {
        private readonly Span<byte> _destination;
        private readonly bool _negative;
        private int _count;
        private int _accumulator;
        private int _pending;

        public DigitWriter(Span<byte> destination, bool negative, int exponent)
        {
            _destination = destination;
            _negative = negative;
            destination[0] = negative ? Negative : Positive;
            ushort biased = (ushort)(exponent + 0x8000);
            destination[1] = (byte)(biased >> 8);
            destination[2] = (byte)biased;
            _count = 0;
            _accumulator = 0;
            _pending = 0;
        }

        public void Add(int bit)
        {
            _accumulator = (_accumulator << 1) | bit;
            if (++_pending == 7)
            {
                _destination[3 + _count++] = (byte)_accumulator;
                _accumulator = 0;
                _pending = 0;
            }
        }

        public int Finish(bool inexact)
        {
            if (_pending > 0)
            {
                _destination[3 + _count++] = (byte)(_accumulator << (7 - _pending));
            }

            if (inexact)
            {
                _destination[3 + _count++] = 1;
            }
            else
            {
                while (_count > 0 && _destination[3 + _count - 1] == 0)
                {
                    _count--;
                }

                if (_count == 0)
                {
                    _destination[3] = 0;
                    _count = 1;
                }
            }

            for (int i = 0; i < _count; i++)
            {
                int more = i < _count - 1 ? 1 : 0;
                _destination[3 + i] = (byte)((_destination[3 + i] << 1) | more);
            }

            int size = 3 + _count;
            if (_negative)
            {
                for (int i = 1; i < size; i++)
                {
                    _destination[i] = (byte)~_destination[i];
                }
            }

            return size;
        }
    }
}
