// The 8-byte order-preserving form of a 64-bit integer: the value XOR 2^63 (which
// maps long.MinValue..long.MaxValue onto 0..2^64-1), big-endian. It is the key of
// every table B+tree row and the suffix of every index key; date-times in index
// keys use it too.
using System.Buffers.Binary;

namespace SharpCoreDB.Storage.Records;

/// <summary>Encodes rowids as 8 memcmp-ordered bytes.</summary>
internal static class RowIdKey
{
    /// <summary>The encoded size of a rowid.</summary>
    public const int Size = 8;

    public static void Write(long rowId, Span<byte> destination) =>
        BinaryPrimitives.WriteUInt64BigEndian(destination, (ulong)rowId ^ 0x8000_0000_0000_0000UL);

    public static long Read(ReadOnlySpan<byte> source) =>
        (long)(BinaryPrimitives.ReadUInt64BigEndian(source) ^ 0x8000_0000_0000_0000UL);
}
