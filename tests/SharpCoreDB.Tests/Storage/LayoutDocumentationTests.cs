// The layout tables of docs/file-format.md against the constants the storage code
// reads and writes its on-disk structures through: page 0's header slots, the page
// header and trailer, the free-list trunk, the commit record, the checkpoint journal,
// B+tree nodes and overflow pages. Each test reads the doc's table and fails when a
// row's offset, size or meaning differs from the code, so neither can change alone.
using System.Numerics;
using System.Text;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.File;
using SharpCoreDB.Storage.Logging;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Storage.Transactions;
using SharpCoreDB.Tests.Support;
using static SharpCoreDB.Tests.Support.ExpectedField;

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
        var rows = LayoutTables.Read(Doc, "Page 0: the header", index: 1);
        const int state = DatabaseHeader.StateOffset;
        const int field = DatabaseState.FieldSize;

        LayoutTables.AssertMatches(
            rows,
            At(DatabaseHeader.MagicOffset, DatabaseHeader.MagicSize, $"magic `{WrittenHeaderMagic()}`"),
            At(DatabaseHeader.VersionOffset, DatabaseHeader.VersionSize, $"format version ({DatabaseHeader.FormatVersion})"),
            At(DatabaseHeader.PageSizeOffset, DatabaseHeader.PageSizeSize, "page size"),
            At(DatabaseHeader.DatabaseIdOffset, DatabaseHeader.DatabaseIdSize, "database id"),
            At(DatabaseHeader.SequenceOffset, DatabaseHeader.SequenceSize, "sequence number"),
            At(DatabaseHeader.CheckpointLsnOffset, DatabaseHeader.CheckpointLsnSize, "checkpoint LSN"),
            At(state + DatabaseState.PageCountOffset, field, "page count"),
            At(state + DatabaseState.FreeListHeadOffset, field, "first free-list trunk page"),
            At(state + DatabaseState.FreePageCountOffset, field, "free page count"),
            At(state + DatabaseState.CatalogRootOffset, field, "catalog root page"),
            At(state + DatabaseState.SchemaVersionOffset, field, "schema version"),
            At(state + DatabaseState.ReservedOffset, field, "reserved"),
            At(DatabaseHeader.FlagsOffset, DatabaseHeader.FlagsSize, "flags: bit 0 = encrypted"),
            At(DatabaseHeader.FilePagesOffset, DatabaseHeader.FilePagesSize, "file pages"),
            At(DatabaseHeader.FlagsReservedOffset, DatabaseHeader.FlagsReservedSize, "reserved, zero"),
            At(DatabaseHeader.KeyBlockOffset, DatabaseHeader.KeyBlockSize, "key block"),
            At(DatabaseHeader.KeyBlockReservedOffset, DatabaseHeader.KeyBlockReservedSize, "reserved, zero"),
            At(DatabaseHeader.ChecksumOffset, DatabaseHeader.ChecksumSize, $"CRC32 of bytes 0..{DatabaseHeader.ChecksumOffset - 1}"));
        Assert.Equal(DatabaseHeader.SlotSize, LayoutTables.AssertContiguous(rows));
        Assert.Equal(DatabaseState.EncodedSize, DatabaseHeader.StateSize);
        Assert.Equal(DatabaseState.EncodedSize, DatabaseState.ReservedOffset + DatabaseState.FieldSize);
    }

    [Fact]
    public void PageHeaderAndTrailerMatchTheDoc()
    {
        var rows = LayoutTables.Read(Doc, "Every other page", index: 0);

        LayoutTables.AssertMatches(
            rows,
            At(PageLayout.TypeOffset, PageLayout.TypeSize, "page type"),
            At(PageLayout.ReservedOffset, PageLayout.ReservedSize, "reserved, zero"),
            At(PageLayout.LsnOffset, PageLayout.LsnSize, "LSN of the commit that last changed the page"),
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
        var rows = LayoutTables.Read(Doc, "Free list", index: 0);

        LayoutTables.AssertMatches(
            rows,
            At(FreeList.NextOffset, FreeList.NextSize, "next trunk page"),
            At(FreeList.CountOffset, FreeList.CountSize, $"entry count n, at most (body size - {FreeList.EntriesOffset}) / {FreeList.EntrySize}"),
            new(Number(FreeList.EntriesOffset), $"{FreeList.EntrySize} x n", "page numbers of n free pages"));
        Assert.Equal(FreeList.EntriesOffset, LayoutTables.AssertContiguous(rows));
    }

    [Fact]
    public void CommitRecordMatchesTheDoc()
    {
        var rows = LayoutTables.Read(Doc, "Commit records (the log's payload)", index: 0);

        LayoutTables.AssertMatches(
            rows,
            Sized(CommitRecordWriter.KindSize, $"kind: {CommitRecordWriter.CommitKind} = commit"),
            Sized(CommitRecordWriter.StateSize, "state: page count, free-list head, free count, catalog root, schema version (uint32 each), 4 reserved"),
            Sized(CommitRecordWriter.PageCountSize, "number of page entries"),
            new("", "per entry: varint", "page number"),
            Sized(CommitRecordWriter.EntryTypeSize, "page type"),
            Sized(CommitRecordWriter.EntryFlagsSize, $"bit {BitOperations.Log2(CommitRecordWriter.FreshFlag)} = fresh"),
            Sized(CommitRecordWriter.EntryRangeCountSize, "number of ranges"),
            new("", "per range: varint, varint, bytes", "offset within the body, length, the new bytes"));
        Assert.Equal(CommitRecordWriter.KindOffset + CommitRecordWriter.KindSize, CommitRecordWriter.StateOffset);
        Assert.Equal(CommitRecordWriter.StateOffset + CommitRecordWriter.StateSize, CommitRecordWriter.PageCountOffset);
        Assert.Equal(DatabaseState.EncodedSize, CommitRecordWriter.StateSize);
    }

    [Fact]
    public void CheckpointJournalHeaderMatchesTheDoc()
    {
        var rows = LayoutTables.Read(Doc, "Checkpoint and recovery", index: 0);

        LayoutTables.AssertMatches(
            rows,
            At(CheckpointJournal.MagicOffset, CheckpointJournal.MagicSize, $"magic `{WrittenJournalMagic()}`"),
            At(CheckpointJournal.DatabaseIdOffset, CheckpointJournal.DatabaseIdSize, "database id"),
            At(CheckpointJournal.CheckpointLsnOffset, CheckpointJournal.CheckpointLsnSize, "checkpoint LSN"),
            At(CheckpointJournal.PageSizeOffset, CheckpointJournal.PageSizeSize, "page size"),
            At(CheckpointJournal.EntryCountOffset, CheckpointJournal.EntryCountSize, "entry count"),
            At(CheckpointJournal.KindOffset, CheckpointJournal.KindSize, $"kind: {(int)JournalKind.Checkpoint} = a checkpoint's, {(int)JournalKind.Commit} = a commit's"),
            At(CheckpointJournal.ReservedOffset, CheckpointJournal.ReservedSize, "reserved, zero"),
            At(CheckpointJournal.ChecksumOffset, CheckpointJournal.ChecksumSize, $"CRC32 of bytes 0..{CheckpointJournal.ChecksumOffset - 1}"));
        Assert.Equal(CheckpointJournal.HeaderSize, LayoutTables.AssertContiguous(rows));
    }

    [Fact]
    public void CheckpointJournalEntryMatchesTheDoc()
    {
        var rows = LayoutTables.Read(Doc, "Checkpoint and recovery", index: 1);

        LayoutTables.AssertMatches(
            rows,
            At(CheckpointJournal.EntryPageNumberOffset, CheckpointJournal.EntryPageNumberSize, "page number"),
            At(CheckpointJournal.EntryReservedOffset, CheckpointJournal.EntryReservedSize, "reserved, zero"),
            new(Number(CheckpointJournal.EntryHeaderSize), "page size", "the page as encoded for disk"));
        Assert.Equal(CheckpointJournal.EntryHeaderSize, LayoutTables.AssertContiguous(rows));
    }

    [Fact]
    public void BTreeNodeHeaderMatchesTheDoc()
    {
        var rows = LayoutTables.Read(Doc, "B+tree pages", index: 0);

        LayoutTables.AssertMatches(
            rows,
            At(BTreeNode.KindOffset, BTreeNode.KindSize, $"kind: {BTreeNode.LeafKind} = leaf, {BTreeNode.InteriorKind} = interior"),
            At(BTreeNode.TreeTypeOffset, BTreeNode.TreeTypeSize, $"page type ({(int)PageType.TableNode} or {(int)PageType.IndexNode})"),
            At(BTreeNode.CountOffset, BTreeNode.CountSize, "cell count"),
            At(BTreeNode.ContentStartOffset, BTreeNode.ContentStartSize, "content start"),
            At(BTreeNode.GarbageOffset, BTreeNode.GarbageSize, "garbage"),
            At(BTreeNode.RightChildOffset, BTreeNode.RightChildSize, "rightmost child page"),
            At(BTreeNode.ReservedOffset, BTreeNode.ReservedSize, "reserved, zero"),
            new(Number(BTreeNode.HeaderSize), $"{BTreeNode.SlotSize} x count", "slot array"));
        Assert.Equal(BTreeNode.HeaderSize, LayoutTables.AssertContiguous(rows));
    }

    [Fact]
    public void OverflowPageMatchesTheDoc()
    {
        var rows = LayoutTables.Read(Doc, "Overflow pages", index: 0);

        LayoutTables.AssertMatches(
            rows,
            At(OverflowChain.NextOffset, OverflowChain.NextSize, "next page of the chain, 0 on the last"),
            new(Number(OverflowChain.DataOffset), $"body size - {OverflowChain.DataOffset}", "the next bytes of the value"));
        Assert.Equal(OverflowChain.DataOffset, LayoutTables.AssertContiguous(rows));
    }

    // The magics as the code writes them, so that the doc's spelling is checked against the bytes.
    private static string WrittenHeaderMagic()
    {
        var slot = new byte[DatabaseHeader.SlotSize];
        new DatabaseHeader { PageSize = 4096, DatabaseId = Guid.NewGuid(), Sequence = 0, CheckpointLsn = 0, State = DatabaseState.Empty }.WriteTo(slot);
        return Encoding.ASCII.GetString(slot, DatabaseHeader.MagicOffset, DatabaseHeader.MagicSize);
    }

    private static string WrittenJournalMagic()
    {
        var header = new byte[CheckpointJournal.HeaderSize];
        CheckpointJournal.WriteHeader(header, Guid.NewGuid(), checkpointLsn: 1, pageSize: 4096, entries: 0, JournalKind.Checkpoint);
        return Encoding.ASCII.GetString(header, CheckpointJournal.MagicOffset, CheckpointJournal.MagicSize);
    }
}
