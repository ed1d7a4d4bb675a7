// Unsigned LEB128 varints: 7 bits per byte, least significant group first, the
// high bit set on every byte but the last. Records and B+tree cells use them for
// lengths and type codes, so small numbers take one byte.
using System.Runtime.CompilerServices;

namespace SharpCoreDB.Storage.Records;

/// <summary>Reads and writes unsigned LEB128 varints (1 to 10 bytes).</summary>
internal static class Varint
{
    /// <summary>The most bytes a 64-bit varint takes.</summary>
    public const int MaxLength = 10;

    /// <summary>How many bytes <paramref name="value"/> takes.</summary>
    public static int SizeOf(ulong value)
    {
        int size = 1;
        while (value >= 0x80)
        {
            value >>= 7;
            size++;
        }

        return size;
    }

    /// <summary>Writes <paramref name="value"/> at the start of <paramref name="destination"/>; returns the bytes written.</summary>
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

    /// <summary>Reads a varint from the start of <paramref name="source"/>; returns the bytes read, or 0 if it is cut off or too long.</summary>
    // Inlined: a B+tree search reads two varints per key it compares (the cell's key and value lengths), which
    // made this call a twelfth of a bulk load's time before the one-byte case was inlined into its callers.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Read(ReadOnlySpan<byte> source, out ulong value)
    {
        // Type codes of fixed-size columns and short lengths take one byte: the common case by far.
        if (!source.IsEmpty && source[0] < 0x80)
        {
            value = source[0];
            return 1;
        }

        return ReadLonger(source, out value);
    }

    private static int ReadLonger(ReadOnlySpan<byte> source, out ulong value)
    {
        value = 0;
        int shift = 0;
        for (int i = 0; i < source.Length && i < MaxLength; i++)
        {
            byte b = source[i];
            value |= (ulong)(b & 0x7F) << shift;
            if (b < 0x80)
            {
                return i + 1;
            }

            shift += 7;
        }

        value = 0;
        return 0;
    }
}
