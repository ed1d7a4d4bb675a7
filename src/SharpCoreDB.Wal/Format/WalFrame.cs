// One record on disk (segment format version 2). Frames follow each other without
// padding inside a segment. docs/wal.md ("Frame") has the same table, and every
// field's offset and size is a constant below that the code reads and writes through.
//
//   offset  size  field
//   0       4     CRC32 (IEEE 802.3, System.IO.Hashing.Crc32), little-endian, of bytes 4 .. 24+length-1
//   4       4     payload length in bytes, little-endian signed, 0 .. MaxPayloadLength
//   8       8     LSN, little-endian signed; exactly one more than the previous frame's LSN
//   16      8     durable LSN at copy, little-endian signed: the log's durable LSN when the frame was
//                 copied into its buffer, so 0 <= value < LSN
//   24      n     payload
//
// The CRC sits first so that it covers the rest of the header and the payload as one
// contiguous span. A torn write, a zeroed or stale tail and a flipped bit all fail
// either the length bound, the CRC or the LSN check during recovery.
//
// The durable LSN at copy is the log's evidence of what had been acknowledged: every
// record up to it was fsynced before this frame was written. Recovery uses it to tell
// damage (a hole whose records a later frame proves durable) from a torn tail (a write
// the crash interrupted, which nothing after it proves).
using System.Buffers.Binary;
using System.IO.Hashing;

namespace SharpCoreDB.Wal.Format;

/// <summary>Encodes and checks log frames.</summary>
internal static class WalFrame
{
    /// <summary>Bytes 0..3: CRC32 of everything from <see cref="LengthOffset"/> to the end of the payload.</summary>
    public const int ChecksumOffset = 0; // [0-3]
    public const int ChecksumSize = sizeof(uint);

    /// <summary>Bytes 4..7: the payload length.</summary>
    public const int LengthOffset = 4; // [4-7]
    public const int LengthSize = sizeof(int);

    /// <summary>Bytes 8..15: the LSN.</summary>
    public const int LsnOffset = 8; // [8-15]
    public const int LsnSize = sizeof(long);

    /// <summary>Bytes 16..23: the log's durable LSN when the frame was copied into its buffer.</summary>
    public const int DurableAtCopyOffset = 16; // [16-23]
    public const int DurableAtCopySize = sizeof(long);

    /// <summary>Bytes before the payload (0..23); the payload starts at byte 24.</summary>
    public const int HeaderSize = DurableAtCopyOffset + DurableAtCopySize;

    /// <summary>The first byte the CRC covers.</summary>
    public const int ChecksummedFrom = LengthOffset;

    /// <summary>The largest payload a frame may carry (1 GiB); larger lengths mark garbage.</summary>
    public const int MaxPayloadLength = 1 << 30;

    /// <summary>The frame size of a payload of <paramref name="payloadLength"/> bytes.</summary>
    public static int SizeOf(int payloadLength) => HeaderSize + payloadLength;

    /// <summary>
    /// Writes a complete frame into <paramref name="destination"/>, which is SizeOf(payload.Length)
    /// bytes long or longer. <paramref name="durableAtCopy"/> is the log's durable LSN right now.
    /// </summary>
    public static void Write(Span<byte> destination, long lsn, long durableAtCopy, ReadOnlySpan<byte> payload)
    {
        int size = HeaderSize + payload.Length;
        Span<byte> frame = destination[..size];
        BinaryPrimitives.WriteInt32LittleEndian(frame[LengthOffset..], payload.Length);
        BinaryPrimitives.WriteInt64LittleEndian(frame[LsnOffset..], lsn);
        BinaryPrimitives.WriteInt64LittleEndian(frame[DurableAtCopyOffset..], durableAtCopy);
        payload.CopyTo(frame[HeaderSize..]);
        BinaryPrimitives.WriteUInt32LittleEndian(frame[ChecksumOffset..], Crc32.HashToUInt32(frame[ChecksummedFrom..]));
    }

    /// <summary>Reads the payload length from a frame header; it is not yet checked.</summary>
    public static int ReadLength(ReadOnlySpan<byte> header) => BinaryPrimitives.ReadInt32LittleEndian(header[LengthOffset..]);

    /// <summary>Reads the LSN from a frame header; it is not yet checked.</summary>
    public static long ReadLsn(ReadOnlySpan<byte> header) => BinaryPrimitives.ReadInt64LittleEndian(header[LsnOffset..]);

    /// <summary>Reads the durable LSN at copy from a frame header; it is not yet checked.</summary>
    public static long ReadDurableAtCopy(ReadOnlySpan<byte> header) =>
        BinaryPrimitives.ReadInt64LittleEndian(header[DurableAtCopyOffset..]);

    /// <summary>
    /// True if a header's fields are plausible for a frame carrying <paramref name="lsn"/> that may extend
    /// over at most <paramref name="available"/> bytes: the length is in range and fits, and the durable
    /// LSN at copy lies below the LSN. The CRC is checked separately, once the payload is at hand.
    /// </summary>
    public static bool HasPlausibleHeader(ReadOnlySpan<byte> header, long lsn, long available)
    {
        int length = ReadLength(header);
        if (length < 0 || length > MaxPayloadLength || available - HeaderSize < length)
        {
            return false;
        }

        long durableAtCopy = ReadDurableAtCopy(header);
        return durableAtCopy >= 0 && durableAtCopy < lsn;
    }

    /// <summary>True if the CRC of the complete <paramref name="frame"/> (header and payload) matches.</summary>
    public static bool HasValidChecksum(ReadOnlySpan<byte> frame) =>
        BinaryPrimitives.ReadUInt32LittleEndian(frame[ChecksumOffset..]) == Crc32.HashToUInt32(frame[ChecksummedFrom..]);
}
