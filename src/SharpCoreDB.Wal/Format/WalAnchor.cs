// The file at the log's own path. It names the oldest live segment, so that segments
// before it (released, but left behind by a crash before their deletion) are known
// as orphans. If it is lost, recovery rebuilds it from the segment files.
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
    /// <summary>Bytes 0..7 of a slot: the magic.</summary>
    public const int MagicOffset = 0;

    /// <summary>Bytes 8..15 of a slot: the generation.</summary>
    public const int GenerationOffset = 8;

    /// <summary>Bytes 16..23 of a slot: the sequence number of the oldest live segment.</summary>
    public const int FirstSequenceOffset = 16;

    /// <summary>Bytes 24..31 of a slot: the base LSN of that segment.</summary>
    public const int FirstBaseLsnOffset = 24;

    /// <summary>Bytes 32..35 of a slot: CRC32 of bytes 0..31.</summary>
    public const int ChecksumOffset = 32;

    /// <summary>Bytes 36..39 of a slot: reserved, zero.</summary>
    public const int ReservedOffset = 36;

    public const int SlotSize = 40;
    public const int SlotStride = 512;
    public const int FileSize = SlotStride + SlotSize;

    private const int MagicLength = 8;

    private static ReadOnlySpan<byte> Magic => "SCDBWANC"u8;

    /// <summary>The file offset this generation is written to.</summary>
    public long Offset => (Generation & 1) == 0 ? 0 : SlotStride;

    public void Write(Span<byte> destination)
    {
        Span<byte> slot = destination[..SlotSize];
        Magic.CopyTo(slot[MagicOffset..]);
        BinaryPrimitives.WriteInt64LittleEndian(slot[GenerationOffset..], Generation);
        BinaryPrimitives.WriteInt64LittleEndian(slot[FirstSequenceOffset..], FirstSequence);
        BinaryPrimitives.WriteInt64LittleEndian(slot[FirstBaseLsnOffset..], FirstBaseLsn);
        BinaryPrimitives.WriteUInt32LittleEndian(slot[ChecksumOffset..], Crc32.HashToUInt32(slot[..ChecksumOffset]));
        BinaryPrimitives.WriteUInt32LittleEndian(slot[ReservedOffset..], 0);
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
        if (!slot.Slice(MagicOffset, MagicLength).SequenceEqual(Magic) ||
            BinaryPrimitives.ReadUInt32LittleEndian(slot[ChecksumOffset..]) != Crc32.HashToUInt32(slot[..ChecksumOffset]))
        {
            return false;
        }

        anchor = new WalAnchor(
            BinaryPrimitives.ReadInt64LittleEndian(slot[GenerationOffset..]),
            BinaryPrimitives.ReadInt64LittleEndian(slot[FirstSequenceOffset..]),
            BinaryPrimitives.ReadInt64LittleEndian(slot[FirstBaseLsnOffset..]));
        return true;
    }
}
