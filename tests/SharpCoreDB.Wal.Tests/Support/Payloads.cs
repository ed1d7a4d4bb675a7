// Deterministic record payloads of mixed sizes, so that a test can rebuild the exact
// bytes it expects from the record's identity instead of keeping every payload.
using System.Buffers.Binary;

namespace SharpCoreDB.Wal.Tests.Support;

public static class Payloads
{
    /// <summary>A payload of 8 .. ~2 KB (now and then up to 20 KB) that starts with its writer and sequence number.</summary>
    public static byte[] Make(int writer, int index)
    {
        uint mix = Hash((uint)writer * 2654435761u ^ (uint)index * 40503u);
        int length = (mix % 97) == 0 ? 8 + (int)(mix % 20_000) : 8 + (int)(mix % 2_000);
        var payload = new byte[length];
        BinaryPrimitives.WriteInt32LittleEndian(payload, writer);
        BinaryPrimitives.WriteInt32LittleEndian(payload.AsSpan(4), index);
        for (int i = 8; i < length; i++)
        {
            payload[i] = (byte)(mix + (uint)i * 31u);
        }

        return payload;
    }

    /// <summary>A payload of exactly <paramref name="length"/> bytes (at least 8) for a writer and sequence number.</summary>
    public static byte[] Make(int writer, int index, int length)
    {
        var payload = new byte[length];
        BinaryPrimitives.WriteInt32LittleEndian(payload, writer);
        BinaryPrimitives.WriteInt32LittleEndian(payload.AsSpan(4), index);
        uint mix = Hash((uint)writer ^ ((uint)index * 7919u));
        for (int i = 8; i < length; i++)
        {
            payload[i] = (byte)(mix + ((uint)i * 131u));
        }

        return payload;
    }

    /// <summary>Reads back who wrote a payload made by <see cref="Make(int, int)"/>.</summary>
    public static (int Writer, int Index) Identify(ReadOnlySpan<byte> payload) =>
        (BinaryPrimitives.ReadInt32LittleEndian(payload), BinaryPrimitives.ReadInt32LittleEndian(payload[4..]));

    private static uint Hash(uint x)
    {
        x ^= x >> 16;
        x *= 0x7feb352d;
        x ^= x >> 15;
        x *= 0x846ca68b;
        x ^= x >> 16;
        return x;
    }
}
