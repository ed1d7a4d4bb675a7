// The first 32 bytes of every segment file. Frames start right after it.
//
//   offset  size  field
//   0       8     magic "SCDBWSEG" (ASCII)
//   8       8     segment sequence number, little-endian; segments are numbered 1, 2, 3, ...
//   16      8     base LSN, little-endian: the LSN of the last record before this segment,
//                 so the segment's first frame carries base LSN + 1
//   24      2     format version, little-endian, currently 1
//   26      2     reserved, zero
//   28      4     CRC32 of bytes 0 .. 27, little-endian
//
// The base LSN is what keeps LSNs increasing after every record has been released:
// the newest segment is never deleted, so its header always remembers where to go on.
using System.Buffers.Binary;
using System.IO.Hashing;

namespace SharpCoreDB.Wal.Format;

/// <summary>The header of a segment file.</summary>
internal readonly record struct WalSegmentHeader(long Sequence, long BaseLsn)
{
    public const int Size = 32;
    public const ushort Version = 1;

    private static ReadOnlySpan<byte> Magic => "SCDBWSEG"u8;

    public void Write(Span<byte> destination)
    {
        Span<byte> header = destination[..Size];
        Magic.CopyTo(header);
        BinaryPrimitives.WriteInt64LittleEndian(header[8..], Sequence);
        BinaryPrimitives.WriteInt64LittleEndian(header[16..], BaseLsn);
        BinaryPrimitives.WriteUInt16LittleEndian(header[24..], Version);
        BinaryPrimitives.WriteUInt16LittleEndian(header[26..], 0);
        BinaryPrimitives.WriteUInt32LittleEndian(header[28..], Crc32.HashToUInt32(header[..28]));
    }

    /// <summary>Parses a header; false if the magic, version or CRC is wrong.</summary>
    public static bool TryRead(ReadOnlySpan<byte> source, out WalSegmentHeader header)
    {
        header = default;
        if (source.Length < Size || !source[..8].SequenceEqual(Magic))
        {
            return false;
        }

        if (BinaryPrimitives.ReadUInt32LittleEndian(source[28..]) != Crc32.HashToUInt32(source[..28]) ||
            BinaryPrimitives.ReadUInt16LittleEndian(source[24..]) != Version)
        {
            return false;
        }

        header = new WalSegmentHeader(
            BinaryPrimitives.ReadInt64LittleEndian(source[8..]),
            BinaryPrimitives.ReadInt64LittleEndian(source[16..]));
        return true;
    }
}
