// The file at the log's own path. It names the oldest live segment, because the
// file seam has no directory listing and segments before it have been released.
// It holds two 40-byte slots, at offsets 0 and 512 (different disk sectors); each
// update writes the slot the older generation occupies and fsyncs, so a torn
// update leaves the other slot intact. Open takes the valid slot with the higher
// generation.
//
//   offset  size  field (of a slot)
//   0       8     magic "SCDBWANC" (ASCII)
//   8       8     generation, little-endian, incremented by every update
//   16      8     sequence number of the oldest live segment, little-endian
//   24      8     base LSN of that segment, little-endian (used only if the segment is lost)
//   32      4     CRC32 of bytes 0 .. 31, little-endian
//   36      4     reserved, zero
using System.Buffers.Binary;
using System.IO.Hashing;

namespace SharpCoreDB.Wal.Format;

/// <summary>One slot of the anchor file.</summary>
internal readonly record struct WalAnchor(long Generation, long FirstSequence, long FirstBaseLsn)
{
    public const int SlotSize = 40;
    public const int SlotStride = 512;
    public const int FileSize = SlotStride + SlotSize;

    private static ReadOnlySpan<byte> Magic => "SCDBWANC"u8;

    /// <summary>The file offset this generation is written to.</summary>
    public long Offset => (Generation & 1) == 0 ? 0 : SlotStride;

    public void Write(Span<byte> destination)
    {
        Span<byte> slot = destination[..SlotSize];
        Magic.CopyTo(slot);
        BinaryPrimitives.WriteInt64LittleEndian(slot[8..], Generation);
        BinaryPrimitives.WriteInt64LittleEndian(slot[16..], FirstSequence);
        BinaryPrimitives.WriteInt64LittleEndian(slot[24..], FirstBaseLsn);
        BinaryPrimitives.WriteUInt32LittleEndian(slot[32..], Crc32.HashToUInt32(slot[..32]));
        BinaryPrimitives.WriteUInt32LittleEndian(slot[36..], 0);
    }

    /// <summary>Reads the newest valid slot of an anchor file's bytes; false if neither slot is valid.</summary>
    public static bool TryReadNewest(ReadOnlySpan<byte> file, out WalAnchor anchor)
    {
        bool first = TryReadSlot(file, 0, out var a);
        bool second = TryReadSlot(file, SlotStride, out var b);
        anchor = first && second ? (a.Generation >= b.Generation ? a : b) : first ? a : b;
        return first || second;
    }

    private static bool TryReadSlot(ReadOnlySpan<byte> file, int offset, out WalAnchor anchor)
    {
        anchor = default;
        if (file.Length < offset + SlotSize)
        {
            return false;
        }

        ReadOnlySpan<byte> slot = file.Slice(offset, SlotSize);
        if (!slot[..8].SequenceEqual(Magic) ||
            BinaryPrimitives.ReadUInt32LittleEndian(slot[32..]) != Crc32.HashToUInt32(slot[..32]))
        {
            return false;
        }

        anchor = new WalAnchor(
            BinaryPrimitives.ReadInt64LittleEndian(slot[8..]),
            BinaryPrimitives.ReadInt64LittleEndian(slot[16..]),
            BinaryPrimitives.ReadInt64LittleEndian(slot[24..]));
        return true;
    }
}
