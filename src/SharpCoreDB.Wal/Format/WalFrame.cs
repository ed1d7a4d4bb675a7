// One record on disk (segment format version 2). Frames follow each other without
// padding inside a segment. docs/wal.md ("Frame") has the same table, and every
// field is a LayoutField below that the code reads and writes through.
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
using System.IO.Hashing;

namespace SharpCoreDB.Wal.Format;

/// <summary>Encodes and checks log frames.</summary>
internal static class WalFrame
{
    /// <summary>Bytes 0..3: CRC32 of everything from <see cref="LengthField"/> to the end of the payload.</summary>
    public static readonly LayoutField ChecksumField = LayoutField.First(sizeof(uint));

    /// <summary>Bytes 4..7: the payload length.</summary>
    public static readonly LayoutField LengthField = ChecksumField.Next(sizeof(int));

    /// <summary>Bytes 8..15: the LSN.</summary>
    public static readonly LayoutField LsnField = LengthField.Next(sizeof(long));

    /// <summary>Bytes 16..23: the log's durable LSN when the frame was copied into its buffer.</summary>
    public static readonly LayoutField DurableAtCopyField = LsnField.Next(sizeof(long));

    /// <summary>Bytes before the payload (0..23); the payload starts at byte 24.</summary>
    public static readonly int HeaderSize = DurableAtCopyField.End;

    /// <summary>The first byte the CRC covers.</summary>
    public static readonly int ChecksummedFrom = LengthField.Offset;

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
        LengthField.WriteInt32(frame, payload.Length);
        LsnField.WriteInt64(frame, lsn);
        DurableAtCopyField.WriteInt64(frame, durableAtCopy);
        payload.CopyTo(frame[HeaderSize..]);
        ChecksumField.WriteUInt32(frame, Crc32.HashToUInt32(frame[ChecksummedFrom..]));
    }

    /// <summary>Reads the payload length from a frame header; it is not yet checked.</summary>
    public static int ReadLength(ReadOnlySpan<byte> header) => LengthField.ReadInt32(header);

    /// <summary>Reads the LSN from a frame header; it is not yet checked.</summary>
    public static long ReadLsn(ReadOnlySpan<byte> header) => LsnField.ReadInt64(header);

    /// <summary>Reads the durable LSN at copy from a frame header; it is not yet checked.</summary>
    public static long ReadDurableAtCopy(ReadOnlySpan<byte> header) => DurableAtCopyField.ReadInt64(header);

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
        ChecksumField.ReadUInt32(frame) == Crc32.HashToUInt32(frame[ChecksummedFrom..]);
}
