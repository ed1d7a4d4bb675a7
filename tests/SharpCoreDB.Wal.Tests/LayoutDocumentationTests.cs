// The layout tables of docs/wal.md against the constants the log reads and writes
// its files through: where the anchor's two slots lie, a slot's fields, the segment
// header and the frame. Each test reads the doc's table and fails when a row's
// offset, size or meaning differs from the code, so neither can change alone.
using System.Text;
using SharpCoreDB.Tests.Support;
using SharpCoreDB.Wal.Format;
using static SharpCoreDB.Tests.Support.ExpectedField;

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
        var rows = LayoutTables.Read(Doc, "Anchor file", index: 1);
        var slot = new byte[WalAnchor.SlotSize];
        new WalAnchor(Generation: 1, FirstSequence: 1, FirstBaseLsn: 0).Write(slot);

        LayoutTables.AssertMatches(
            rows,
            At(WalAnchor.MagicOffset, WalAnchor.MagicSize, $"magic `{Encoding.ASCII.GetString(slot, WalAnchor.MagicOffset, WalAnchor.MagicSize)}`"),
            At(WalAnchor.GenerationOffset, WalAnchor.GenerationSize, $"odd generations live at offset {WalAnchor.OddSlotOffset}, even ones at {WalAnchor.EvenSlotOffset}"),
            At(WalAnchor.FirstSequenceOffset, WalAnchor.FirstSequenceSize, "sequence number of the oldest live segment"),
            At(WalAnchor.FirstBaseLsnOffset, WalAnchor.FirstBaseLsnSize, "base LSN of that segment"),
            At(WalAnchor.ChecksumOffset, WalAnchor.ChecksumSize, $"CRC-32 of bytes 0..{WalAnchor.ChecksumOffset - 1}"),
            At(WalAnchor.ReservedOffset, WalAnchor.ReservedSize, "reserved, 0"));
        Assert.Equal(WalAnchor.SlotSize, LayoutTables.AssertContiguous(rows));
    }

    [Fact]
    public void SegmentHeaderMatchesTheDoc()
    {
        var rows = LayoutTables.Read(Doc, "Segment header", index: 0);
        var header = new byte[WalSegmentHeader.Size];
        new WalSegmentHeader(Sequence: 1, BaseLsn: 0).Write(header);

        LayoutTables.AssertMatches(
            rows,
            At(WalSegmentHeader.MagicOffset, WalSegmentHeader.MagicSize, $"magic `{Encoding.ASCII.GetString(header, WalSegmentHeader.MagicOffset, WalSegmentHeader.MagicSize)}`"),
            At(WalSegmentHeader.SequenceOffset, WalSegmentHeader.SequenceSize, "segment sequence number"),
            At(WalSegmentHeader.BaseLsnOffset, WalSegmentHeader.BaseLsnSize, "base LSN"),
            At(WalSegmentHeader.VersionOffset, WalSegmentHeader.VersionSize, $"format version, {WalSegmentHeader.Version}"),
            At(WalSegmentHeader.ReservedOffset, WalSegmentHeader.ReservedSize, "reserved, 0"),
            At(WalSegmentHeader.ChecksumOffset, WalSegmentHeader.ChecksumSize, $"CRC-32 of bytes 0..{WalSegmentHeader.ChecksumOffset - 1}"));
        Assert.Equal(WalSegmentHeader.Size, LayoutTables.AssertContiguous(rows));
    }

    [Fact]
    public void FrameMatchesTheDoc()
    {
        var rows = LayoutTables.Read(Doc, "Frame", index: 0);

        LayoutTables.AssertMatches(
            rows,
            At(WalFrame.ChecksumOffset, WalFrame.ChecksumSize, $"CRC-32 of bytes {WalFrame.ChecksummedFrom} .. {WalFrame.HeaderSize}+n-1"),
            At(WalFrame.LengthOffset, WalFrame.LengthSize, "payload length n, signed, 0 ≤ n ≤ 2^30"),
            At(WalFrame.LsnOffset, WalFrame.LsnSize, "LSN, exactly one more than the previous frame's"),
            At(WalFrame.DurableAtCopyOffset, WalFrame.DurableAtCopySize, "durable LSN at copy"),
            new(Number(WalFrame.HeaderSize), "n", "payload"));
        Assert.Equal(WalFrame.HeaderSize, LayoutTables.AssertContiguous(rows));
        Assert.Equal(1 << 30, WalFrame.MaxPayloadLength);
    }
}
