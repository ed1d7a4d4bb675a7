// The memcmp-ordered, variable-length form of a rowid: the key of every table
// B+tree row, and (with one trailing byte) the suffix of every index key. Rowids
// are small in practice, so a fixed 8 bytes wasted 4 to 6 of them in every row
// and every index entry; this form takes 1 + the bytes the value needs:
//
//   value >= 0    tag 0x80 + n, then the n low bytes of the value, big-endian,
//                 n the fewest that hold it (0 for the value 0): 0x80..0x88
//   value < 0     tag 0x7F - n, then the n low bytes of the value, big-endian,
//                 n the fewest that hold ~value: 0x77..0x7F
//
// A longer positive value has a larger tag, a more negative value a smaller one,
// and equal tags compare their bytes: memcmp orders encodings as the values
// (1 is 81 01, 255 is 81 FF, 256 is 82 01 00, -1 is 7F, -2 is 7E FE). As an index
// key's suffix the encoding is followed by n itself, so that the rowid can be found
// from the key's end; two suffixes that differ already differ before that byte.
using System.Buffers.Binary;
using System.Numerics;

namespace SharpCoreDB.Storage.Records;

/// <summary>Encodes rowids as memcmp-ordered keys of 1 to 9 bytes.</summary>
internal static class RowIdKey
{
    /// <summary>The largest encoding (tag and 8 bytes).</summary>
    public const int MaxSize = 9;

    /// <summary>The largest index-key suffix (the encoding and its length byte).</summary>
    public const int MaxSuffixSize = MaxSize + 1;

    private const byte ZeroTag = 0x80;

    /// <summary>The size of <paramref name="rowId"/>'s encoding.</summary>
    public static int SizeOf(long rowId) => 1 + Magnitude(rowId);

    /// <summary>Writes <paramref name="rowId"/>'s encoding; returns its size.</summary>
    public static int Write(long rowId, Span<byte> destination)
    {
        int n = Magnitude(rowId);
        destination[0] = (byte)(rowId >= 0 ? ZeroTag + n : ZeroTag - 1 - n);
        Span<byte> bytes = stackalloc byte[8];
        BinaryPrimitives.WriteInt64BigEndian(bytes, rowId);
        bytes[(8 - n)..].CopyTo(destination[1..]);
        return 1 + n;
    }

    /// <summary>Reads the rowid encoded at the start of <paramref name="source"/> (a table key).</summary>
    public static long Read(ReadOnlySpan<byte> source)
    {
        int n = LengthOf(source[0]);
        if (n < 0 || source.Length < 1 + n)
        {
            throw Damaged();
        }

        long value = source[0] >= ZeroTag ? 0 : -1;
        foreach (byte b in source.Slice(1, n))
        {
            value = (value << 8) | b;
        }

        return value;
    }

    /// <summary>The size of <paramref name="rowId"/> as an index-key suffix.</summary>
    public static int SuffixSizeOf(long rowId) => SizeOf(rowId) + 1;

    /// <summary>Writes <paramref name="rowId"/> as an index-key suffix; returns its size.</summary>
    public static int WriteSuffix(long rowId, Span<byte> destination)
    {
        int size = Write(rowId, destination);
        destination[size] = (byte)(size - 1);
        return size + 1;
    }

    /// <summary>The size of the rowid suffix that ends <paramref name="indexKey"/>.</summary>
    public static int SuffixSize(ReadOnlySpan<byte> indexKey) => TrySuffixSize(indexKey, out int size) ? size : throw Damaged();

    /// <summary>As <see cref="SuffixSize"/>; false when the key does not end with a well-formed suffix.</summary>
    public static bool TrySuffixSize(ReadOnlySpan<byte> indexKey, out int size)
    {
        size = indexKey.IsEmpty ? -1 : indexKey[^1] + 2;
        return size >= 2 && size <= MaxSuffixSize && size <= indexKey.Length && LengthOf(indexKey[^size]) == size - 2;
    }

    /// <summary>The rowid at the end of <paramref name="indexKey"/>.</summary>
    public static long ReadSuffix(ReadOnlySpan<byte> indexKey) => Read(indexKey[^SuffixSize(indexKey)..]);

    // The bytes after the tag: the fewest that hold the value (or, negative, its complement).
    private static int Magnitude(long rowId)
    {
        ulong bits = (ulong)(rowId >= 0 ? rowId : ~rowId);
        return (71 - BitOperations.LeadingZeroCount(bits)) / 8;
    }

    private static int LengthOf(byte tag) => tag >= ZeroTag ? (tag <= ZeroTag + 8 ? tag - ZeroTag : -1) : (tag >= ZeroTag - 9 ? ZeroTag - 1 - tag : -1);

    private static SharpCoreDBException Damaged() =>
        new(SharpCoreDBErrorCode.Corrupt, "A B+tree key is not a valid rowid: the page holding it is damaged.");
}
