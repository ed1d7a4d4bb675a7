// The file at the log's own path. It names the oldest live segment, so that segments
// before it (released, but left behind by a crash before their deletion) are known
// as orphans. If it is lost, recovery rebuilds it from the segment files.
// It holds two 40-byte slots, at offsets 0 and 512 (different disk sectors); each
// update writes the slot the older generation occupies and fsyncs, so a torn
// update leaves the other slot intact. Open takes the valid slot with the higher
// generation. docs/wal.md ("Anchor file") has the same table, and every field is a
// LayoutField below that the code reads and writes through.
//
//   offset  size  field (of a slot)
//   0       8     magic "SCDBWANC" (ASCII)
//   8       8     generation, little-endian, incremented by every update
//   16      8     sequence number of the oldest live segment, little-endian
//   24      8     base LSN of that segment, little-endian (used only if the segment is lost)
//   32      4     CRC32 of bytes 0 .. 31, little-endian
//   36      4     reserved, zero
namespace SharpCoreDB.Wal.Format;

/// <summary>One slot of the anchor file.</summary>
internal readonly record struct WalAnchor(long Generation, long FirstSequence, long FirstBaseLsn)
{
    /// <summary>Bytes 0..7 of a slot: the magic.</summary>
    public static readonly LayoutField MagicField = LayoutField.First(8);

    /// <summary>Bytes 8..15 of a slot: the generation.</summary>
    public static readonly LayoutField GenerationField = MagicField.Next(sizeof(long));

    /// <summary>Bytes 16..23 of a slot: the sequence number of the oldest live segment.</summary>
    public static readonly LayoutField FirstSequenceField = GenerationField.Next(sizeof(long));

    /// <summary>Bytes 24..31 of a slot: the base LSN of that segment.</summary>
    public static readonly LayoutField FirstBaseLsnField = FirstSequenceField.Next(sizeof(long));

    /// <summary>Bytes 32..35 of a slot: CRC32 of bytes 0..31.</summary>
    public static readonly LayoutField ChecksumField = FirstBaseLsnField.Next(sizeof(uint));

    /// <summary>Bytes 36..39 of a slot: reserved, zero.</summary>
    public static readonly LayoutField ReservedField = ChecksumField.Next(sizeof(uint));

    public static readonly int SlotSize = ReservedField.End;

    /// <summary>File bytes 0..39: the slot of even generations.</summary>
    public const int EvenSlotOffset = 0;

    /// <summary>File bytes 512..551: the slot of odd generations (another disk sector).</summary>
    public const int OddSlotOffset = 512;

    public static readonly int FileSize = OddSlotOffset + SlotSize;

    private static ReadOnlySpan<byte> Magic => "SCDBWANC"u8;

    /// <summary>The file offset this generation is written to.</summary>
    public long Offset => (Generation & 1) == 0 ? EvenSlotOffset : OddSlotOffset;

    public void Write(Span<byte> destination)
    {
        Span<byte> slot = destination[..SlotSize];
        Magic.CopyTo(MagicField.Of(slot));
        GenerationField.WriteInt64(slot, Generation);
        FirstSequenceField.WriteInt64(slot, FirstSequence);
        FirstBaseLsnField.WriteInt64(slot, FirstBaseLsn);
        ChecksumField.WriteCrc32OfPreceding(slot);
        ReservedField.WriteUInt32(slot, 0);
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
        if (!MagicField.Of(slot).SequenceEqual(Magic) || !ChecksumField.HoldsCrc32OfPreceding(slot))
        {
            return false;
        }

        anchor = new WalAnchor(GenerationField.ReadInt64(slot), FirstSequenceField.ReadInt64(slot), FirstBaseLsnField.ReadInt64(slot));
        return true;
    }
}
