// The fixed 8-byte order-preserving form of a 64-bit integer: the value XOR 2^63
// (which maps long.MinValue..long.MaxValue onto 0..2^64-1), big-endian, so memcmp
// orders the bytes as the integers. Date-times in index keys use it (their ticks);
// rowids use the shorter, variable RowIdKey.
using System.Buffers.Binary;

namespace SharpCoreDB.Storage.Records;

/// <summary>Encodes 64-bit integers as 8 memcmp-ordered bytes.</summary>
internal static class OrderedInt64
{
    public const int Size = 8;

    public static void Write(long value, Span<byte> destination) =>
        BinaryPrimitives.WriteUInt64BigEndian(destination, (ulong)value ^ 0x8000_0000_0000_0000UL);

    public static long Read(ReadOnlySpan<byte> source) =>
        (long)(BinaryPrimitives.ReadUInt64BigEndian(source) ^ 0x8000_0000_0000_0000UL);
}
