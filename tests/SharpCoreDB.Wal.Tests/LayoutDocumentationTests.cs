// The layout tables of docs/wal.md against the fields the log reads and writes its
// files through: where the anchor's two slots lie, a slot's fields, the segment
// header and the frame. Each test reads the doc's table and fails when a row's
// offset, size or meaning differs from the code, so neither can change alone.
using SharpCoreDB.Wal.Format;
using static SharpCoreDB.TestSupport.ExpectedField;

namespace SharpCoreDB.Wal.Tests;

public sealed class LayoutDocumentationTests
{
    private const string Doc = "wal.md";

    [Fact]
    public void AnchorSlotsLieWhereTheDocSays()
    {
        var rows = LayoutTables.Read(Doc, "Anchor file", index: 0);

        LayoutTables.AssertMatches(
            rows,
            At(WalAnchor.EvenSlotOffset, WalAnchor.SlotSize, "the slot of even generations"),
            At(WalAnchor.OddSlotOffset, WalAnchor.SlotSize, "the slot of odd generations"));
        Assert.Equal(WalAnchor.EvenSlotOffset, new WalAnchor(Generation: 2, FirstSequence: 1, FirstBaseLsn: 0).Offset);
        Assert.Equal(WalAnchor.OddSlotOffset, new WalAnchor(Generation: 3, FirstSequence: 1, FirstBaseLsn: 0).Offset);
        Assert.Equal(WalAnchor.FileSize, WalAnchor.OddSlotOffset + WalAnchor.SlotSize);
    }

    [Fact]
    public void AnchorSlotFieldsMatchTheDoc()
    {
        var slot = new byte[WalAnchor.SlotSize];
        new WalAnchor(Generation: 1, FirstSequence: 1, FirstBaseLsn: 0).Write(slot);

        LayoutTables.AssertStructure(
            Doc,
            "Anchor file",
            index: 1,
            WalAnchor.SlotSize,
            Magic(WalAnchor.MagicField, slot),
            At(WalAnchor.GenerationField, $"odd generations live at offset {WalAnchor.OddSlotOffset}, even ones at {WalAnchor.EvenSlotOffset}"),
            At(WalAnchor.FirstSequenceField, "sequence number of the oldest live segment"),
            At(WalAnchor.FirstBaseLsnField, "base LSN of that segment"),
            Crc32OfPreceding(WalAnchor.ChecksumField, "CRC-32"),
            At(WalAnchor.ReservedField, "reserved, 0"));
    }

    [Fact]
    public void SegmentHeaderMatchesTheDoc()
    {
        var header = new byte[WalSegmentHeader.Size];
        new WalSegmentHeader(Sequence: 1, BaseLsn: 0).Write(header);

        LayoutTables.AssertStructure(
            Doc,
            "Segment header",
            index: 0,
            WalSegmentHeader.Size,
            Magic(WalSegmentHeader.MagicField, header),
            At(WalSegmentHeader.SequenceField, "segment sequence number"),
            At(WalSegmentHeader.BaseLsnField, "base LSN"),
            At(WalSegmentHeader.VersionField, $"format version, {WalSegmentHeader.Version}"),
            At(WalSegmentHeader.ReservedField, "reserved, 0"),
            Crc32OfPreceding(WalSegmentHeader.ChecksumField, "CRC-32"));
    }

    [Fact]
    public void FrameMatchesTheDoc()
    {
        LayoutTables.AssertStructure(
            Doc,
            "Frame",
            index: 0,
            WalFrame.HeaderSize,
            At(WalFrame.ChecksumField, $"CRC-32 of bytes {WalFrame.ChecksummedFrom} .. {WalFrame.HeaderSize}+n-1"),
            At(WalFrame.LengthField, "payload length n, signed, 0 ≤ n ≤ 2^30"),
            At(WalFrame.LsnField, "LSN, exactly one more than the previous frame's"),
            At(WalFrame.DurableAtCopyField, "durable LSN at copy"),
            new(Number(WalFrame.HeaderSize), "n", "payload"));
        Assert.Equal(1 << 30, WalFrame.MaxPayloadLength);
    }
}
