// A B+tree in a collated order (CollatedKeyOrder: an index whose first key column is
// under an application collation) against a reference list sorted by the same rule
// computed from the decoded values, under seeded random inserts and deletes of index
// keys (a text the comparison calls equal to others of different bytes, NUL bytes
// included, then an integer, then the rowid suffix) until the tree has three levels:
// Verify checks the order and the structure; full scans both ways, prefix seeks (the
// first, the last and the end of a value's run, which memcmp cannot find for values of
// different bytes) and lower-bound seeks of partial keys match the reference; an
// Append copy in scan order is the same tree; and the comparison is never called
// while a node splits or merges (its separators are whole keys).
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Storage.Records;
using SharpCoreDB.Values;

namespace SharpCoreDB.Tests.Storage;

public sealed class CollatedBTreeTests
{
    private const string Letters = "aAbBcC\0é";

    private int _comparisons;

    private sealed record Entry(string Text, long Number, long RowId, byte[] Key);

    [Fact]
    [Trait("Category", "Slow")]
    public void KeysInACollatedOrderMatchAReferenceAndSeekByValue()
    {
        var rng = new Random(2024);
        var order = new CollatedKeyOrder([IgnoreCase, null]);
        var pages = new InMemoryPageAccess(4096);
        BTree tree = BTree.Create(pages, PageType.IndexNode, order);
        var entries = new List<Entry>();
        long rowId = 0;
        for (int op = 0; op < 20_000; op++)
        {
            if (entries.Count > 0 && rng.Next(4) == 0)
            {
                Entry gone = entries[rng.Next(entries.Count)];
                Assert.True(tree.Delete(gone.Key));
                entries.Remove(gone);
                continue;
            }

            string text = new([.. Enumerable.Range(0, rng.Next(0, 120)).Select(_ => Letters[rng.Next(Letters.Length)])]);
            long number = rng.Next(3);
            var entry = new Entry(text, number, ++rowId, Key(text, number, rowId));
            Assert.True(tree.Insert(entry.Key, [], BTreeInsertMode.FailIfExists));
            entries.Add(entry);
        }

        entries.Sort(CompareEntries);
        Assert.True(tree.Verify().Depth >= 3, "the tree should have grown three levels");
        AssertScans(tree, entries);

        BTreeCursor cursor = tree.OpenCursor();
        foreach (Entry probe in entries.Where((_, i) => i % 97 == 0))
        {
            byte[] prefix = Prefix(probe.Text.ToUpperInvariant());
            List<Entry> run = [.. entries.Where(e => IgnoreCase(e.Text, probe.Text) == 0)];
            Assert.True(cursor.SeekPrefixFirst(prefix));
            Assert.Equal(run[0].Key, cursor.Key.ToArray());
            Assert.True(cursor.SeekPrefixLast(prefix));
            Assert.Equal(run[^1].Key, cursor.Key.ToArray());
            int counted = 0;
            for (bool ok = cursor.SeekPrefixFirst(prefix); ok && cursor.KeyStartsWith(prefix); ok = cursor.Next())
            {
                counted++;
            }

            Assert.Equal(run.Count, counted);
            Assert.True(cursor.SeekGE(prefix));
            Assert.Equal(run[0].Key, cursor.Key.ToArray());
        }

        // A copy appended in scan order is the same tree, and no split or merge of either asked the comparison anything.
        BTree copy = BTree.Create(pages, PageType.IndexNode, order);
        _comparisons = 0;
        for (bool ok = cursor.SeekFirst(); ok; ok = cursor.Next())
        {
            copy.Insert(cursor.Key, [], BTreeInsertMode.Append);
        }

        Assert.Equal(0, _comparisons);
        Assert.Equal(entries.Count, copy.Verify().Entries);
        AssertScans(copy, entries);
    }

    [Fact]
    public void APrefixSortsBeforeOrAfterTheKeysItStarts()
    {
        var order = new CollatedKeyOrder([IgnoreCase, null]);
        byte[] key = Key("Abc", 5, 7);
        byte[] prefix = Prefix("aBC");
        Assert.True(order.Compare(key, prefix) > 0);
        Assert.True(order.Compare(key, prefix, PrefixPlacement.AfterExtensions) < 0);
        Assert.True(order.StartsWith(key, prefix));
        Assert.False(order.StartsWith(key, Prefix("abd")));
        Assert.Equal(0, order.Compare(key, Key("ABC", 5, 7)));
        Assert.True(order.Compare(key, Key("abc", 5, 8)) < 0);
        Assert.True(order.Compare(key, Key("abc", 4, 1)) > 0);
        Assert.True(order.Compare(Key("abc\0", 0, 1), Key("ABC", 0, 1)) > 0);
    }

    private void AssertScans(BTree tree, List<Entry> entries)
    {
        BTreeCursor cursor = tree.OpenCursor();
        int i = 0;
        for (bool ok = cursor.SeekFirst(); ok; ok = cursor.Next())
        {
            Assert.Equal(entries[i++].Key, cursor.Key.ToArray());
        }

        Assert.Equal(entries.Count, i);
        for (bool ok = cursor.SeekLast(); ok; ok = cursor.Prev())
        {
            Assert.Equal(entries[--i].Key, cursor.Key.ToArray());
        }
    }

    private int IgnoreCase(string left, string right)
    {
        _comparisons++;
        return string.Compare(left, right, StringComparison.OrdinalIgnoreCase);
    }

    // The reference order, from the values themselves: the text ignoring case, then the number, then the rowid.
    private static int CompareEntries(Entry a, Entry b)
    {
        int c = string.Compare(a.Text, b.Text, StringComparison.OrdinalIgnoreCase);
        if (c == 0)
        {
            c = a.Number.CompareTo(b.Number);
        }

        return c != 0 ? c : a.RowId.CompareTo(b.RowId);
    }

    private static byte[] Key(string text, long number, long rowId)
    {
        DbValue[] values = [DbValue.FromText(text), DbValue.FromInt64(number)];
        byte[] key = new byte[KeyEncoder.GetSize(values) + RowIdKey.MaxSuffixSize];
        return key[..KeyEncoder.EncodeIndexKey(values, rowId, key)];
    }

    // A key prefix of one text value.
    private static byte[] Prefix(string text)
    {
        DbValue value = DbValue.FromText(text);
        byte[] encoded = new byte[KeyEncoder.GetSize(value)];
        KeyEncoder.Encode(value, encoded);
        return encoded;
    }
}
