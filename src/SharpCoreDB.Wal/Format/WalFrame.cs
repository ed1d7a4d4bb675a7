// One record on disk. Frames follow each other without padding inside a segment.
//
//   offset  size  field
//   0       4     CRC32 (IEEE 802.3, System.IO.Hashing.Crc32), little-endian, of bytes 4 .. 16+length-1
//   4       4     payload length in bytes, little-endian signed, 0 .. MaxPayloadLength
//   8       8     LSN, little-endian signed; exactly one more than the previous frame's LSN
//   16      n     payload
//
// The CRC sits first so that it covers the rest of the header and the payload as one
// contiguous span. A torn write, a zeroed or stale tail and a flipped bit all fail
// either the length bound, the CRC or the LSN sequence check during recovery.
using System.Buffers.Binary;
using System.IO.Hashing;

namespace SharpCoreDB.Wal.Format;

/// <summary>Encodes and checks log frames.</summary>
internal static class WalFrame
{
    /// <summary>Bytes before the payload.</summary>
    public const int HeaderSize = 16;

    /// <summary>The largest payload a frame may carry (1 GiB); larger lengths mark garbage.</summary>
    public const int MaxPayloadLength = 1 << 30;

    /// <summary>The frame size of a payload of <paramref name="payloadLength"/> bytes.</summary>
    public static int SizeOf(int payloadLength) => HeaderSize + payloadLength;

    /// <summary>Writes a complete frame into <paramref name="destination"/>, which is exactly SizeOf(payload.Length) bytes long or longer.</summary>
    public static void Write(Span<byte> destination, long lsn, ReadOnlySpan<byte> payload)
    {
        int size = HeaderSize + payload.Length;
        Span<byte> frame = destination[..size];
        BinaryPrimitives.WriteInt32LittleEndian(frame[4..], payload.Length);
        BinaryPrimitives.WriteInt64LittleEndian(frame[8..], lsn);
        payload.CopyTo(frame[HeaderSize..]);
        BinaryPrimitives.WriteUInt32LittleEndian(frame, Crc32.HashToUInt32(frame[4..]));
    }

    /// <summary>Reads the payload length from a frame header; it is not yet checked.</summary>
    public static int ReadLength(ReadOnlySpan<byte> header) => BinaryPrimitives.ReadInt32LittleEndian(header[4..]);

    /// <summary>Reads the LSN from a frame header; it is not yet checked.</summary>
    public static long ReadLsn(ReadOnlySpan<byte> header) => BinaryPrimitives.ReadInt64LittleEndian(header[8..]);

    /// <summary>True if the CRC of the complete <paramref name="frame"/> (header and payload) matches.</summary>
    public static bool HasValidChecksum(ReadOnlySpan<byte> frame) =>
        BinaryPrimitives.ReadUInt32LittleEndian(frame) == Crc32.HashToUInt32(frame[4..]);
}
