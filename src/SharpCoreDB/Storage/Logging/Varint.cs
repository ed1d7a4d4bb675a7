// Unsigned LEB128 integers: seven bits a byte, low bits first, high bit set on
// every byte but the last. Small numbers (page numbers, offsets, lengths) take one
// to three bytes, which keeps commit records small.
namespace SharpCoreDB.Storage.Logging;

/// <summary>Reads and writes unsigned LEB128 integers.</summary>
internal static class Varint
{
    public const int MaxLength = 10;

    public static int Write(Span<byte> destination, ulong value)
    {
        int i = 0;
        while (value >= 0x80)
        {
            destination[i++] = (byte)(value | 0x80);
            value >>= 7;
        }

        destination[i++] = (byte)value;
        return i;
    }

    /// <summary>Reads a value at <paramref name="position"/> and advances it; throws on a truncated or overlong value.</summary>
    public static ulong Read(ReadOnlySpan<byte> source, ref int position)
    {
        ulong value = 0;
        for (int shift = 0; shift < 64; shift += 7)
        {
            if (position >= source.Length)
            {
                throw new FormatException("Truncated varint.");
            }

            byte b = source[position++];
            value |= (ulong)(b & 0x7F) << shift;
            if (b < 0x80)
            {
                return value;
            }
        }

        throw new FormatException("Varint longer than 64 bits.");
    }
}
