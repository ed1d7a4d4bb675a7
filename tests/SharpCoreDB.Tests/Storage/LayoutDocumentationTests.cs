// The layout tables of docs/file-format.md against the fields the storage code
// reads and writes its on-disk structures through: page 0's header slots, the page
// header and trailer, the free-list trunk, the commit record, the checkpoint journal,
// B+tree nodes and overflow pages. Each test reads the doc's table and fails when a
// row's offset, size or meaning differs from the code, so neither can change alone.
using System.Numerics;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.File;
using SharpCoreDB.Storage.Logging;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Storage.Transactions;
using static SharpCoreDB.TestSupport.ExpectedField;

namespace SharpCoreDB.Tests.Storage;

public sealed class LayoutDocumentationTests
{
    private const string Doc = "file-format.md";

    [Fact]
    public void HeaderSlotsLieInPageZeroWhereTheDocSays()
    {
        var rows = LayoutTables.Read(Doc, "Page 0: the header", index: 0);

        LayoutTables.AssertMatches(
            rows,
            At(DatabaseHeader.SlotAOffset, DatabaseHeader.SlotSize, "slot A: written first by a header write with an even sequence number"),
            At(DatabaseHeader.SlotBOffset, DatabaseHeader.SlotSize, "slot B: written first by a header write with an odd sequence number"));
        Assert.Equal(DatabaseHeader.SlotAOffset, DatabaseHeader.SlotOffset(sequence: 2));
        Assert.Equal(DatabaseHeader.SlotBOffset, DatabaseHeader.SlotOffset(sequence: 3));
    }

    [Fact]
    public void HeaderSlotFieldsMatchTheDoc()
    {
        LayoutTables.AssertStructure(
            Doc,
            "Page 0: the header",
            index: 1,
            DatabaseHeader.SlotSize,
            Magic(DatabaseHeader.MagicField, WrittenHeaderSlot()),
            At(DatabaseHeader.VersionField, $"format version ({DatabaseHeader.FormatVersion})"),
            At(DatabaseHeader.PageSizeField, "page size"),
            At(DatabaseHeader.DatabaseIdField, "database id"),
            At(DatabaseHeader.SequenceField, "sequence number"),
            At(DatabaseHeader.CheckpointLsnField, "checkpoint LSN"),
            At(DatabaseState.PageCountField.Within(DatabaseHeader.StateField), "page count"),
            At(DatabaseState.FreeListHeadField.Within(DatabaseHeader.StateField), "first free-list trunk page"),
            At(DatabaseState.FreePageCountField.Within(DatabaseHeader.StateField), "free page count"),
            At(DatabaseState.CatalogRootField.Within(DatabaseHeader.StateField), "catalog root page"),
            At(DatabaseState.SchemaVersionField.Within(DatabaseHeader.StateField), "schema version"),
            At(DatabaseState.ReservedField.Within(DatabaseHeader.StateField), "reserved"),
            At(DatabaseHeader.FlagsField, "flags: bit 0 = encrypted"),
            At(DatabaseHeader.FilePagesField, "file pages"),
            At(DatabaseHeader.FlagsReservedField, "reserved, zero"),
            At(DatabaseHeader.KeyBlockField, "key block"),
            At(DatabaseHeader.KeyBlockReservedField, "reserved, zero"),
            Crc32OfPreceding(DatabaseHeader.ChecksumField, "CRC32"));
        Assert.Equal(DatabaseState.EncodedSize, DatabaseHeader.StateField.Size);
        Assert.Equal(DatabaseState.EncodedSize, DatabaseState.ReservedField.End);
    }

    [Fact]
    public void PageHeaderAndTrailerMatchTheDoc()
    {
        var rows = LayoutTables.Read(Doc, "Every other page", index: 0);

        LayoutTables.AssertMatches(
            rows,
            At(PageLayout.TypeField, "page type"),
            At(PageLayout.ReservedField, "reserved, zero"),
            At(PageLayout.LsnField, "LSN of the commit that last changed the page"),
            new(Number(PageLayout.HeaderSize), $"P-{PageLayout.HeaderSize}-T", "body"),
            new("P-T", "T", $"(T = {PageLayout.ChecksumTrailerSize})"));
        Assert.Equal(PageLayout.HeaderSize, LayoutTables.AssertContiguous(rows.Take(3).ToList()));
        Assert.Contains($"(T = {PageLayout.EncryptedTrailerSize})", rows[^1].Field, StringComparison.Ordinal);
        Assert.Contains($"followed by bytes 0..P-{PageLayout.ChecksumTrailerSize + 1}", rows[^1].Field, StringComparison.Ordinal);
        foreach (var (type, name) in new[] { (PageType.Free, "free-list trunk"), (PageType.TableNode, "table B+tree node"), (PageType.IndexNode, "index B+tree node"), (PageType.Overflow, "overflow") })
        {
            Assert.Contains($"{(int)type} {name}", rows[0].Field, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void FreeListTrunkMatchesTheDoc()
    {
        LayoutTables.AssertStructure(
            Doc,
            "Free list",
            index: 0,
            FreeList.EntriesOffset,
            At(FreeList.NextField, "next trunk page"),
            At(FreeList.CountField, $"entry count n, at most (body size - {FreeList.EntriesOffset}) / {FreeList.EntrySize}"),
            new(Number(FreeList.EntriesOffset), $"{FreeList.EntrySize} x n", "page numbers of n free pages"));
    }

    [Fact]
    public void CommitRecordMatchesTheDoc()
    {
        var rows = LayoutTables.Read(Doc, "Commit records (the log's payload)", index: 0);

        LayoutTables.AssertMatches(
            rows,
            Sized(CommitRecordWriter.KindField.Size, $"kind: {CommitRecordWriter.CommitKind} = commit"),
            Sized(CommitRecordWriter.StateField.Size, "state: page count, free-list head, free count, catalog root, schema version (uint32 each), 4 reserved"),
            Sized(CommitRecordWriter.PageCountField.Size, "number of page entries"),
            new("", "per entry: varint", "page number"),
            Sized(CommitRecordWriter.EntryTypeSize, "page type"),
            Sized(CommitRecordWriter.EntryFlagsSize, $"bit {BitOperations.Log2(CommitRecordWriter.FreshFlag)} = fresh"),
            Sized(CommitRecordWriter.EntryRangeCountSize, "number of ranges"),
            new("", "per range: varint, varint, bytes", "offset within the body, length, the new bytes"));
        Assert.Equal(CommitRecordWriter.KindField.End, CommitRecordWriter.StateField.Offset);
        Assert.Equal(CommitRecordWriter.StateField.End, CommitRecordWriter.PageCountField.Offset);
        Assert.Equal(DatabaseState.EncodedSize, CommitRecordWriter.StateField.Size);
    }

    [Fact]
    public void CheckpointJournalHeaderMatchesTheDoc()
    {
        LayoutTables.AssertStructure(
            Doc,
            "Checkpoint and recovery",
            index: 0,
            CheckpointJournal.HeaderSize,
            Magic(CheckpointJournal.MagicField, WrittenJournalHeader()),
            At(CheckpointJournal.DatabaseIdField, "database id"),
            At(CheckpointJournal.CheckpointLsnField, "checkpoint LSN"),
            At(CheckpointJournal.PageSizeField, "page size"),
            At(CheckpointJournal.EntryCountField, "entry count"),
            At(CheckpointJournal.KindField, $"kind: {(int)JournalKind.Checkpoint} = a checkpoint's, {(int)JournalKind.Commit} = a commit's"),
            At(CheckpointJournal.ReservedField, "reserved, zero"),
            Crc32OfPreceding(CheckpointJournal.ChecksumField, "CRC32"));
    }

    [Fact]
    public void CheckpointJournalEntryMatchesTheDoc()
    {
        LayoutTables.AssertStructure(
            Doc,
            "Checkpoint and recovery",
            index: 1,
            CheckpointJournal.EntryHeaderSize,
            At(CheckpointJournal.EntryPageNumberField, "page number"),
            At(CheckpointJournal.EntryReservedField, "reserved, zero"),
            new(Number(CheckpointJournal.EntryHeaderSize), "page size", "the page as encoded for disk"));
    }

    [Fact]
    public void BTreeNodeHeaderMatchesTheDoc()
    {
        LayoutTables.AssertStructure(
            Doc,
            "B+tree pages",
            index: 0,
            BTreeNode.HeaderSize,
            At(BTreeNode.KindField, $"kind: {BTreeNode.LeafKind} = leaf, {BTreeNode.InteriorKind} = interior"),
            At(BTreeNode.TreeTypeField, $"page type ({(int)PageType.TableNode} or {(int)PageType.IndexNode})"),
            At(BTreeNode.CountField, "cell count"),
            At(BTreeNode.ContentStartField, "content start"),
            At(BTreeNode.GarbageField, "garbage"),
            At(BTreeNode.RightChildField, "rightmost child page"),
            At(BTreeNode.ReservedField, "reserved, zero"),
            new(Number(BTreeNode.HeaderSize), $"{BTreeNode.SlotSize} x count", "slot array"));
    }

    [Fact]
    public void OverflowPageMatchesTheDoc()
    {
        LayoutTables.AssertStructure(
            Doc,
            "Overflow pages",
            index: 0,
            OverflowChain.DataOffset,
            At(OverflowChain.NextField, "next page of the chain, 0 on the last"),
            new(Number(OverflowChain.DataOffset), $"body size - {OverflowChain.DataOffset}", "the next bytes of the value"));
    }

    // Structures as the code writes them, so that the doc's spelling of their magics is checked against the bytes.
    private static byte[] WrittenHeaderSlot()
    {
        var slot = new byte[DatabaseHeader.SlotSize];
        new DatabaseHeader { PageSize = 4096, DatabaseId = Guid.NewGuid(), Sequence = 0, CheckpointLsn = 0, State = DatabaseState.Empty }.WriteTo(slot);
        return slot;
    }

    private static byte[] WrittenJournalHeader()
    {
        var header = new byte[CheckpointJournal.HeaderSize];
        CheckpointJournal.WriteHeader(header, Guid.NewGuid(), checkpointLsn: 1, pageSize: 4096, entries: 0, JournalKind.Checkpoint);
        return header;
    }
}
