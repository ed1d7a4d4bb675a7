// The file at the log's own path. It names the oldest live segment, so that segments
// before it (released, but left behind by a crash before their deletion) are known
// as orphans. If it is lost, recovery rebuilds it from the segment files.
// It holds two 40-byte slots, at offsets 0 and 512 (different disk sectors); each
// update writes the slot the older generation occupies and fsyncs, so a torn
// update leaves the other slot intact. Open takes the valid slot with the higher
// generation. docs/wal.md ("Anchor file") has the same table, and every field's
// offset and size is a constant below that the code reads and writes through.
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
    public const int MagicOffset = 0; // [0-7]
    public const int MagicSize = 8;

    /// <summary>Bytes 8..15 of a slot: the generation.</summary>
    public const int GenerationOffset = 8; // [8-15]
    public const int GenerationSize = sizeof(long);

    /// <summary>Bytes 16..23 of a slot: the sequence number of the oldest live segment.</summary>
    public const int FirstSequenceOffset = 16; // [16-23]
    public const int FirstSequenceSize = sizeof(long);

    /// <summary>Bytes 24..31 of a slot: the base LSN of that segment.</summary>
    public const int FirstBaseLsnOffset = 24; // [24-31]
    public const int FirstBaseLsnSize = sizeof(long);

    /// <summary>Bytes 32..35 of a slot: CRC32 of bytes 0..31.</summary>
    public const int ChecksumOffset = 32; // [32-35]
    public const int ChecksumSize = sizeof(uint);

    /// <summary>Bytes 36..39 of a slot: reserved, zero.</summary>
    public const int ReservedOffset = 36; // [36-39]
    public const int ReservedSize = sizeof(uint);

    public const int SlotSize = ReservedOffset + ReservedSize;

    /// <summary>File bytes 0..39: the slot of even generations.</summary>
    public const int EvenSlotOffset = 0;

    /// <summary>File bytes 512..551: the slot of odd generations (another disk sector).</summary>
    public const int OddSlotOffset = 512;

    public const int FileSize = OddSlotOffset + SlotSize;

    private static ReadOnlySpan<byte> Magic => "SCDBWANC"u8;

    /// <summary>The file offset this generation is written to.</summary>
    public long Offset => (Generation & 1) == 0 ? EvenSlotOffset : OddSlotOffset;

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
        bool first = TryReadSlot(file, EvenSlotOffset, out var a);
        bool second = TryReadSlot(file, OddSlotOffset, out var b);
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
        if (!slot.Slice(MagicOffset, MagicSize).SequenceEqual(Magic) ||
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
