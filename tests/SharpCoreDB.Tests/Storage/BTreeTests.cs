// Focused B+tree behaviours: the overflow threshold and a 10 MB value, page reuse
// when a table is filled, emptied and refilled, Drop, the key size limit, insert
// modes, reopening by root page, range and prefix scans both ways over encoded
// index keys, the table helpers, other page sizes, and that lookups and scans
// allocate nothing.
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Storage.Records;
using SharpCoreDB.Tests.Support;
using SharpCoreDB.Values;

namespace SharpCoreDB.Tests.Storage;

public class BTreeTests
{
    [Fact]
    public void ValueOneBytePastTheInlineLimitSpillsToOneOverflowPageAndRoundTrips()
    {
        var pages = new InMemoryPageAccess(4096);
        BTree tree = BTree.Create(pages, PageType.TableNode);
        byte[] key = Key(1);
        int limit = tree.Limits.MaxInlineValue(key.Length);
        byte[] inline = Filled(limit, 1);
        byte[] spilled = Filled(limit + 1, 2);

        Assert.True(tree.Insert(key, inline, BTreeInsertMode.FailIfExists));
        Assert.Equal(0, tree.Verify().OverflowPages);
        Assert.False(tree.Insert(key, spilled, BTreeInsertMode.Replace));
        Assert.Equal(1, tree.Verify().OverflowPages);
        Assert.True(tree.TryGet(key, out ReadOnlyMemory<byte> read));
        Assert.Equal(spilled, read.ToArray());

        Assert.True(tree.Delete(key));
        Assert.Equal(1, pages.LivePages);
    }

    [Fact]
    public void TryGetWithASpillBufferReusesItForOverflowValuesOfAnySizeAndSlicesInlineValuesFromThePage()
    {
        var pages = new InMemoryPageAccess(4096);
        var table = TableTree.Create(pages);
        byte[] large = Filled(20_000, 3);
        byte[] medium = Filled(9_000, 4);
        byte[] small = Filled(40, 5);
        table.Insert(1, large, BTreeInsertMode.FailIfExists);
        table.Insert(2, medium, BTreeInsertMode.FailIfExists);
        table.Insert(3, small, BTreeInsertMode.FailIfExists);

        byte[]? spill = null;
        Assert.True(table.TryGet(2, ref spill, out ReadOnlyMemory<byte> read));
        Assert.Equal(medium, read.ToArray());
        byte[] first = spill!;

        // A larger value needs a larger buffer; a smaller one then reuses it and reads only its own bytes.
        Assert.True(table.TryGet(1, ref spill, out read));
        Assert.Equal(large, read.ToArray());
        Assert.NotSame(first, spill);
        byte[] grown = spill!;
        Assert.True(table.TryGet(2, ref spill, out read));
        Assert.Equal(medium, read.ToArray());
        Assert.Same(grown, spill);

        Assert.True(table.TryGet(3, ref spill, out read));
        Assert.Equal(small, read.ToArray());
        Assert.Same(grown, spill);
        Assert.False(table.TryGet(4, ref spill, out read));
        Assert.True(table.Contains(1));
        Assert.False(table.Contains(4));
    }

    [Fact]
    public void TenMegabyteBlobRoundTripsThroughTryGetAndCursorAndIsFreedOnDelete()
    {
        var pages = new InMemoryPageAccess(4096);
        var table = TableTree.Create(pages);
        byte[] blob = new byte[10 * 1024 * 1024];
        new Random(5).NextBytes(blob);
        byte[] record = Record(DbValue.FromInt64(7), DbValue.FromBlob(blob));

        table.Insert(1, record, BTreeInsertMode.FailIfExists);
        table.Insert(2, Record(DbValue.FromText("small")), BTreeInsertMode.FailIfExists);
        BTreeStats stats = table.Tree.Verify();
        Assert.Equal(OverflowChain.PageCount(pages.Layout.BodySize, record.Length), stats.OverflowPages);

        Assert.True(table.TryGet(1, out ReadOnlyMemory<byte> read));
        var reader = new RecordReader(read.Span);
        Assert.Equal(7, reader.GetInt64(0));
        Assert.True(reader.GetBytes(1).SequenceEqual(blob));

        BTreeCursor cursor = table.Tree.OpenCursor();
        Assert.True(cursor.SeekFirst());
        Assert.Equal(record.Length, cursor.ValueLength);
        Assert.True(cursor.Value.SequenceEqual(record));

        Assert.True(table.Delete(1));
        Assert.Equal(0, table.Tree.Verify().OverflowPages);
        Assert.Equal(1, pages.LivePages);
    }

    [Fact]
    public void FillingEmptyingAndRefillingATableDoesNotGrowTheFile()
    {
        var pages = new InMemoryPageAccess(4096);
        var table = TableTree.Create(pages);

        // The same rows both times: the refill must fit in the pages the first fill used.
        void Fill()
        {
            var rng = new Random(9);
            for (long id = 1; id <= 20_000; id++)
            {
                int length = id % 50 == 0 ? 3000 : rng.Next(10, 200);
                table.Insert(id, Filled(length, (byte)id), BTreeInsertMode.FailIfExists);
            }
        }

        Fill();
        int highWater = pages.HighWaterMark;
        Assert.True(table.Tree.Verify().Depth >= 3);

        for (long id = 1; id <= 20_000; id++)
        {
            Assert.True(table.Delete(id));
        }

        Assert.Equal(1, pages.LivePages);
        Assert.Equal(0, table.Count());

        Fill();
        Assert.Equal(20_000, table.Count());
        Assert.True(pages.HighWaterMark <= highWater, $"grew from {highWater} to {pages.HighWaterMark} pages");
        table.Tree.Verify();
    }

    [Fact]
    public void DropFreesEveryPageIncludingOverflowAndRoot()
    {
        var pages = new InMemoryPageAccess(4096);
        BTree tree = BTree.Create(pages, PageType.IndexNode);
        for (int i = 0; i < 5000; i++)
        {
            tree.Insert(Key(i), Filled(i % 97 == 0 ? 5000 : 30, 3), BTreeInsertMode.FailIfExists);
        }

        Assert.True(pages.LivePages > 100);
        tree.Drop();
        Assert.Equal(0, pages.LivePages);
    }

    [Fact]
    public void KeyOverTheLimitIsRejectedWithAClearError()
    {
        var pages = new InMemoryPageAccess(4096);
        BTree tree = BTree.Create(pages, PageType.IndexNode);
        Assert.Equal(1001, tree.MaxKeySize);
        Assert.True(tree.Insert(new byte[tree.MaxKeySize], [1], BTreeInsertMode.FailIfExists));

        var error = Assert.Throws<SharpCoreDBException>(() => tree.Insert(new byte[tree.MaxKeySize + 1], [], BTreeInsertMode.FailIfExists));
        Assert.Equal(SharpCoreDBErrorCode.Misuse, error.ErrorCode);
        Assert.Contains("1001", error.Message);
        Assert.False(tree.Delete(new byte[tree.MaxKeySize + 1]));
    }

    [Fact]
    public void InsertModesFailOrReplace()
    {
        var pages = new InMemoryPageAccess(4096);
        BTree tree = BTree.Create(pages, PageType.TableNode);
        Assert.True(tree.Insert(Key(1), [1], BTreeInsertMode.FailIfExists));
        Assert.False(tree.Insert(Key(1), [2], BTreeInsertMode.FailIfExists));
        Assert.True(tree.TryGet(Key(1), out ReadOnlyMemory<byte> value));
        Assert.Equal([1], value.ToArray());
        Assert.False(tree.Insert(Key(1), [3, 3], BTreeInsertMode.Replace));
        Assert.True(tree.TryGet(Key(1), out value));
        Assert.Equal([3, 3], value.ToArray());
        Assert.True(tree.Insert(Key(2), [], BTreeInsertMode.Replace));
        Assert.Equal(2, tree.Count());
        Assert.False(tree.Delete(Key(3)));
        Assert.True(tree.ContainsKey(Key(2)));
    }

    [Fact]
    public void ReopenedByRootPageTheTreeHoldsTheSameEntries()
    {
        var pages = new InMemoryPageAccess(8192);
        BTree tree = BTree.Create(pages, PageType.TableNode);
        for (int i = 0; i < 3000; i++)
        {
            tree.Insert(Key(i), Filled(i % 300, (byte)i), BTreeInsertMode.FailIfExists);
        }

        uint root = tree.RootPage;
        BTree reopened = BTree.Open(pages, root);
        Assert.Equal(PageType.TableNode, reopened.PageType);
        Assert.Equal(3000, reopened.Verify().Entries);
        for (int i = 0; i < 3000; i += 7)
        {
            Assert.True(reopened.TryGet(Key(i), out ReadOnlyMemory<byte> value));
            Assert.Equal(Filled(i % 300, (byte)i), value.ToArray());
        }

        var error = Assert.Throws<SharpCoreDBException>(() => BTree.Open(pages, pages.Allocate(PageType.Overflow)));
        Assert.Equal(SharpCoreDBErrorCode.Corrupt, error.ErrorCode);
    }

    [Fact]
    public void IndexRangeAndPrefixScansWorkInBothDirections()
    {
        var pages = new InMemoryPageAccess(4096);
        BTree index = BTree.Create(pages, PageType.IndexNode);
        string[] cities = ["Amsterdam", "Berlin", "Bern", "Oslo", "Zurich"];
        long rowId = 0;
        foreach (string city in cities)
        {
            for (int age = 0; age < 400; age++)
            {
                index.Insert(IndexKey(DbValue.FromText(city), DbValue.FromInt64(age), ++rowId), [], BTreeInsertMode.FailIfExists);
            }
        }

        BTreeCursor cursor = index.OpenCursor();

        // Prefix scan on the first column: every Bern row, and no Berlin row, in age order, forwards and backwards.
        byte[] bern = EncodeKey(DbValue.FromText("Bern"));
        var ages = new List<long>();
        for (bool ok = cursor.SeekPrefixFirst(bern); ok; ok = cursor.Next() && cursor.KeyStartsWith(bern))
        {
            ages.Add(KeyEncoder.ReadRowIdSuffix(cursor.Key) - 800);
        }

        Assert.Equal(Enumerable.Range(1, 400).Select(i => (long)i), ages);
        ages.Clear();
        for (bool ok = cursor.SeekPrefixLast(bern); ok; ok = cursor.Prev() && cursor.KeyStartsWith(bern))
        {
            ages.Add(KeyEncoder.ReadRowIdSuffix(cursor.Key) - 800);
        }

        Assert.Equal(Enumerable.Range(1, 400).Reverse().Select(i => (long)i), ages);

        // Range scan: Oslo, 100 <= age <= 150 (the bounds are key prefixes, the rowid suffix follows).
        byte[] low = EncodeKey(DbValue.FromText("Oslo"), DbValue.FromInt64(100));
        byte[] high = EncodeKey(DbValue.FromText("Oslo"), DbValue.FromInt64(151));
        int forward = 0;
        for (bool ok = cursor.SeekGE(low); ok && cursor.CompareKey(high) < 0; ok = cursor.Next())
        {
            forward++;
        }

        int backward = 0;
        for (bool ok = cursor.SeekLT(high); ok && cursor.CompareKey(low) >= 0; ok = cursor.Prev())
        {
            backward++;
        }

        Assert.Equal(51, forward);
        Assert.Equal(51, backward);
        Assert.False(cursor.SeekPrefixFirst(EncodeKey(DbValue.FromText("Paris"))));
        Assert.False(cursor.SeekPrefixLast(EncodeKey(DbValue.FromText("Aachen"))));
        Assert.True(cursor.SeekPrefixLast([]));
        Assert.Equal(2000, KeyEncoder.ReadRowIdSuffix(cursor.Key));
    }

    [Fact]
    public void TableHelpersAllocateRowIdsAndCount()
    {
        var pages = new InMemoryPageAccess(4096);
        var table = TableTree.Create(pages);
        Assert.Null(table.MaxRowId());
        Assert.Equal(1, table.NextRowId());
        table.Insert(-5, [], BTreeInsertMode.FailIfExists);
        Assert.Equal(-4, table.NextRowId());
        table.Insert(41, [], BTreeInsertMode.FailIfExists);
        table.Insert(7, [], BTreeInsertMode.FailIfExists);
        Assert.Equal(41, table.MaxRowId());
        Assert.Equal(42, table.NextRowId());
        Assert.Equal(3, table.Count());
        table.Insert(long.MaxValue, [], BTreeInsertMode.FailIfExists);
        Assert.Equal(SharpCoreDBErrorCode.ArithmeticOverflow, Assert.Throws<SharpCoreDBException>(() => table.NextRowId()).ErrorCode);
        var reopened = TableTree.Open(pages, table.RootPage);
        Assert.Equal(4, reopened.Count());
    }

    [Theory]
    [InlineData(8192, false)]
    [InlineData(65536, false)]
    [InlineData(16384, true)]
    public void OtherPageSizesAndTheEncryptedLayoutWork(int pageSize, bool encrypted)
    {
        var pages = new InMemoryPageAccess(pageSize, encrypted);
        BTree tree = BTree.Create(pages, PageType.TableNode);
        var reference = new SortedDictionary<byte[], byte[]>(ByteArrayComparer.Instance);
        var rng = new Random(pageSize);
        for (int op = 0; op < 20_000; op++)
        {
            byte[] key = Key(rng.Next(4000));
            if (rng.Next(3) > 0)
            {
                byte[] value = Filled(rng.Next(pageSize / 2), (byte)op);
                tree.Insert(key, value, BTreeInsertMode.Replace);
                reference[key] = value;
            }
            else
            {
                Assert.Equal(reference.Remove(key), tree.Delete(key));
            }
        }

        Assert.Equal(reference.Count, tree.Verify().Entries);
        BTreeCursor cursor = tree.OpenCursor();
        bool ok = cursor.SeekFirst();
        foreach ((byte[] key, byte[] value) in reference)
        {
            Assert.True(ok);
            Assert.True(cursor.Key.SequenceEqual(key) && cursor.Value.SequenceEqual(value));
            ok = cursor.Next();
        }

        Assert.False(ok);
    }

    [Fact]
    public void EstimatedCountIsExactForSmallTreesAndCloseForLargeOnes()
    {
        var pages = new InMemoryPageAccess(4096);
        BTree tree = BTree.Create(pages, PageType.TableNode);
        for (int i = 0; i < 50; i++)
        {
            tree.Insert(Key(i), Filled(i % 100, 1), BTreeInsertMode.FailIfExists);
        }

        Assert.Equal(50, tree.EstimateCount());

        for (int i = 50; i < 300; i++)
        {
            tree.Insert(Key(i), Filled(100, 1), BTreeInsertMode.FailIfExists);
        }

        Assert.Equal(300, tree.EstimateCount());

        for (int i = 300; i < 60_000; i++)
        {
            tree.Insert(Key(i), Filled(i % 100, 1), BTreeInsertMode.FailIfExists);
        }

        long estimate = tree.EstimateCount();
        Assert.InRange(estimate, 60_000 / 2, 60_000 * 2);
    }

    [Fact]
    public void LookupsAndScansAllocateNothing()
    {
        var pages = new InMemoryPageAccess(4096);
        BTree tree = BTree.Create(pages, PageType.TableNode);
        for (int i = 0; i < 20_000; i++)
        {
            tree.Insert(Key(i), Filled(i % 100, 1), BTreeInsertMode.FailIfExists);
        }

        BTreeCursor cursor = tree.OpenCursor();
        byte[] buffer = new byte[RowIdKey.MaxSize];
        long Work()
        {
            long sum = 0;
            for (int i = 0; i < 20_000; i += 3)
            {
                ReadOnlySpan<byte> probe = buffer.AsSpan(0, RowIdKey.Write(i, buffer));
                if (tree.TryGet(probe, out ReadOnlyMemory<byte> value))
                {
                    sum += value.Length;
                }

                if (cursor.SeekLE(probe))
                {
                    sum += cursor.Value.Length;
                }
            }

            for (bool ok = cursor.SeekFirst(); ok; ok = cursor.Next())
            {
                sum += cursor.Key[^1] + cursor.Value.Length;
            }

            for (bool ok = cursor.SeekLast(); ok; ok = cursor.Prev())
            {
                sum += cursor.ValueLength;
            }

            return sum;
        }

        long result = 0;
        long allocated = AllocationMeter.FewestBytes(() => result = Work());
        Assert.True(result > 0);
        Assert.Equal(0, allocated);
    }

    [Fact]
    public void InsertsAndDeletesWithSplitsAndMergesAllocateNothingOnceWarm()
    {
        var pages = new InMemoryPageAccess(4096);
        BTree tree = BTree.Create(pages, PageType.TableNode);
        byte[] key = new byte[RowIdKey.MaxSize];
        byte[] value = Filled(300, 4);
        void Work()
        {
            // Enough leaves (about 1,300) that interior nodes split and merge too.
            for (int i = 0; i < 20_000; i++)
            {
                int length = RowIdKey.Write((i * 7919L) % 20_000, key);
                tree.Insert(key.AsSpan(0, length), value, BTreeInsertMode.FailIfExists);
            }

            for (int i = 0; i < 20_000; i++)
            {
                int length = RowIdKey.Write((i * 104_729L) % 20_000, key);
                tree.Delete(key.AsSpan(0, length));
            }
        }

        Assert.Equal(0, AllocationMeter.FewestBytes(Work));
        Assert.True(tree.Activity.Splits(1) > 0 && tree.Activity.Merges(0) > 0);
        Assert.Equal(1, pages.LivePages);
    }

    [Fact]
    public void CursorFindsItsPlaceAgainAfterTheTreeChanges()
    {
        var pages = new InMemoryPageAccess(4096);
        BTree tree = BTree.Create(pages, PageType.TableNode);
        for (int i = 0; i < 2000; i++)
        {
            tree.Insert(Key(i * 2), [(byte)i], BTreeInsertMode.FailIfExists);
        }

        BTreeCursor cursor = tree.OpenCursor();
        Assert.True(cursor.SeekGE(Key(1001)));
        Assert.Equal(1002, RowIdKey.Read(cursor.Key));

        tree.Insert(Key(1002), Filled(5000, 9), BTreeInsertMode.Replace); // now in an overflow chain
        tree.Insert(Key(1003), [1], BTreeInsertMode.FailIfExists);
        Assert.Equal(Filled(5000, 9), cursor.Value.ToArray());
        Assert.True(cursor.Next());
        Assert.Equal(1003, RowIdKey.Read(cursor.Key));

        tree.Delete(Key(1003));
        Assert.Throws<InvalidOperationException>(() => cursor.Value.Length);
        Assert.True(cursor.SeekLE(Key(1003)));
        tree.Delete(Key(1002));
        Assert.True(cursor.Prev());
        Assert.Equal(1000, RowIdKey.Read(cursor.Key));
    }

    [Fact]
    public void VerifyReportsBrokenOrderAndUnderfullNodes()
    {
        var pages = new InMemoryPageAccess(4096);
        BTree tree = BTree.Create(pages, PageType.TableNode);
        for (int i = 0; i < 2000; i++)
        {
            tree.Insert(Key(i), Filled(40, 1), BTreeInsertMode.FailIfExists);
        }

        tree.Verify();

        // Find the first leaf: descend the leftmost edge, then swap its first two slots.
        uint page = tree.RootPage;
        while (!BTreeNode.IsLeaf(pages.Read(page).Span))
        {
            page = BTreeNode.ChildAt(pages.Read(page).Span, 0);
        }

        Span<byte> leaf = pages.Write(page).Span;
        byte[] slots = leaf.Slice(BTreeNode.HeaderSize, 4).ToArray();
        slots.AsSpan(2, 2).CopyTo(leaf[BTreeNode.HeaderSize..]);
        slots.AsSpan(0, 2).CopyTo(leaf[(BTreeNode.HeaderSize + 2)..]);
        var error = Assert.Throws<SharpCoreDBException>(() => tree.Verify());
        Assert.Equal(SharpCoreDBErrorCode.Corrupt, error.ErrorCode);
        Assert.Contains($"page {page}", error.Message);

        // Put the order back, then empty most of the leaf behind the tree's back.
        slots.CopyTo(leaf[BTreeNode.HeaderSize..]);
        tree.Verify();
        while (BTreeNode.Count(leaf) > 1)
        {
            BTreeNode.RemoveCell(leaf, 1, true);
        }

        Assert.Contains("minimum fill", Assert.Throws<SharpCoreDBException>(() => tree.Verify()).Message);
    }

    [Fact]
    public void AscendingDescendingAndShuffledInsertsAllKeepLeavesWellFilled()
    {
        // Rowids, timestamps and sequences only ever grow: a split in half would leave every
        // page half empty for good. Descending inserts always hit the leftmost leaf, and a
        // shuffled order lands anywhere; both share cells with a sibling that has room before
        // they split. All three hold the same entries.
        const int rows = 20_000;
        BTreeStats Fill(IEnumerable<long> order)
        {
            var pages = new InMemoryPageAccess(4096);
            BTree tree = BTree.Create(pages, PageType.TableNode);
            foreach (long id in order)
            {
                Assert.True(tree.Insert(Key(id), Filled(100, (byte)id), BTreeInsertMode.FailIfExists));
            }

            for (long id = 0; id < rows; id += 997)
            {
                Assert.True(tree.TryGet(Key(id), out ReadOnlyMemory<byte> value));
                Assert.Equal(Filled(100, (byte)id), value.ToArray());
            }

            return tree.Verify();
        }

        var ascending = Fill(Enumerable.Range(0, rows).Select(i => (long)i));
        var descending = Fill(Enumerable.Range(0, rows).Select(i => (long)(rows - 1 - i)));
        var shuffled = Fill(Enumerable.Range(0, rows).Select(i => (long)i).OrderBy(_ => Random.Shared.Next()));
        Assert.All([ascending, descending, shuffled], stats => Assert.Equal(rows, stats.Entries));

        // A 4 KB leaf holds 37 of these cells (3-byte keys, 100-byte values). An append at the right
        // edge moves only the new cell to the new right leaf, so ascending leaves end up full; sharing
        // with siblings keeps the others above about 3/4 (halves alone: descending 1/2, shuffled ln 2).
        int full = (rows + 36) / 37;
        Assert.InRange(ascending.LeafPages, full, full * 11 / 10);
        Assert.InRange(descending.LeafPages, full, full * 13 / 10);
        Assert.InRange(shuffled.LeafPages, full, full * 14 / 10);
        Assert.True(ascending.InteriorPages <= descending.InteriorPages, $"ascending {ascending.InteriorPages}, descending {descending.InteriorPages}");
    }

    [Fact]
    public void AnIndexOnFewValuesFilledInRowidOrderKeepsItsLeavesFull()
    {
        // (value, rowid) entries for 40 values, rowids ascending: every value's run grows at its
        // end, inside the tree. Splitting right after a run's new last entry leaves the run at the
        // end of its leaf, whose next entries are then tail splits (about 80% stays); splitting in
        // halves left every full leaf of a run half empty for good. Measured: 219 leaves for 149
        // full ones (68%); 274 (54%) before.
        const int entries = 40_000;
        var pages = new InMemoryPageAccess(4096);
        BTree tree = BTree.Create(pages, PageType.IndexNode);
        var random = new Random(5);
        for (long rowid = 1; rowid <= entries; rowid++)
        {
            byte[] key = new byte[3 + RowIdKey.MaxSuffixSize];
            key[0] = 0x30;
            key[1] = (byte)(64 + random.Next(40));
            int length = 3 + RowIdKey.WriteSuffix(rowid, key.AsSpan(3));
            Assert.True(tree.Insert(key.AsSpan(0, length), [], BTreeInsertMode.FailIfExists));
        }

        BTreeStats stats = tree.Verify();
        Assert.Equal(entries, stats.Entries);

        // A 4 KB leaf (4060 bytes of cells) holds 270 of these 15-byte cells with their slots.
        int full = (entries + 269) / 270;
        Assert.InRange(stats.LeafPages, full, full * 15 / 10);
    }

    private static byte[] Key(long id)
    {
        byte[] key = new byte[RowIdKey.MaxSize];
        return key[..RowIdKey.Write(id, key)];
    }

    private static byte[] Filled(int length, byte fill)
    {
        byte[] bytes = new byte[length];
        bytes.AsSpan().Fill(fill);
        if (length > 0)
        {
            bytes[^1] = (byte)(length * 31);
        }

        return bytes;
    }

    private static byte[] Record(params DbValue[] values)
    {
        byte[] record = new byte[RecordWriter.GetSize(values)];
        RecordWriter.Write(values, record);
        return record;
    }

    private static byte[] EncodeKey(params DbValue[] values)
    {
        byte[] key = new byte[KeyEncoder.GetSize(values)];
        KeyEncoder.Encode(values, key);
        return key;
    }

    private static byte[] IndexKey(DbValue first, DbValue second, long rowId)
    {
        DbValue[] columns = [first, second];
        byte[] key = new byte[KeyEncoder.GetSize(columns) + RowIdKey.MaxSuffixSize];
        return key[..KeyEncoder.EncodeIndexKey(columns, rowId, key)];
    }
}
