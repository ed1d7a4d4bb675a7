// The B+tree against a reference SortedDictionary under hundreds of thousands of
// seeded random inserts (fail-if-exists and replace), updates and deletes, with
// 4 KiB pages: the tree grows to depth 3 (table-shaped keys) and 5 (long keys with
// long shared prefixes, so separators are long and interior nodes split and merge
// too), or grows runs of equal index values in rowid order inside the tree (so
// splits after a run's new last entry, tail splits and sharing with siblings all
// happen), then is emptied back to a lone root leaf, which only merges reaching the
// root can do. Along the way Verify checks the structure and fill, and full scans
// both ways and random seeks are compared with the reference.
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Storage.Records;

namespace SharpCoreDB.Tests.Storage;

[Trait("Category", "Slow")]
public class BTreeRandomTests
{
    public enum KeyShape
    {
        /// <summary>8-byte rowid keys, random.</summary>
        RowIds,

        /// <summary>Long keys with a 250-byte shared prefix, random.</summary>
        LongPrefixes,

        /// <summary>Index keys of one of 12 values followed by an ascending rowid: runs that grow at their end.</summary>
        ValueRuns,
    }

    private long _nextRowId;

    /// <summary>SCDB_LONG_TESTS=1 runs ten times the operations (see docs/testing.md).</summary>
    private static readonly int Scale = Environment.GetEnvironmentVariable("SCDB_LONG_TESTS") == "1" ? 10 : 1;

    [Fact]
    public void TableShapedKeysMatchReference()
    {
        int maxDepth = Run(seed: 11, operations: 160_000 * Scale, KeyShape.RowIds, PageType.TableNode, redistributedLevels: 1);
        Assert.True(maxDepth >= 3, $"depth reached only {maxDepth}");
    }

    [Fact]
    public void LongKeysSplitAndMergeAtEveryLevel()
    {
        int maxDepth = Run(seed: 23, operations: 120_000 * Scale, KeyShape.LongPrefixes, PageType.IndexNode, redistributedLevels: 3);
        Assert.True(maxDepth >= 4, $"depth reached only {maxDepth}");
    }

    [Fact]
    public void RunsOfEqualIndexValuesMatchReference()
    {
        int maxDepth = Run(seed: 37, operations: 160_000 * Scale, KeyShape.ValueRuns, PageType.IndexNode, redistributedLevels: 1);
        Assert.True(maxDepth >= 2, $"depth reached only {maxDepth}");
    }

    private int Run(int seed, int operations, KeyShape shape, PageType type, int redistributedLevels)
    {
        var rng = new Random(seed);
        var pages = new InMemoryPageAccess(4096);
        BTree tree = BTree.Create(pages, type);
        uint root = tree.RootPage;
        var reference = new SortedDictionary<byte[], byte[]>(ByteArrayComparer.Instance);
        var keys = new List<byte[]>();
        var positions = new Dictionary<byte[], int>(ByteArrayComparer.Instance);
        int maxDepth = 0;

        for (int op = 0; op < operations; op++)
        {
            if (op % 1500 == 1499 && op > operations / 5)
            {
                DeleteRun(tree, reference, keys, positions, NewKey(rng, shape), rng.Next(20, 400));
                continue;
            }

            double insertShare = op < operations * 4 / 10 ? 0.75 : op < operations * 7 / 10 ? 0.5 : 0.2;
            if (rng.NextDouble() < insertShare)
            {
                byte[] key = keys.Count > 0 && rng.Next(4) == 0 ? keys[rng.Next(keys.Count)] : NewKey(rng, shape);
                byte[] value = NewValue(rng, shape);
                BTreeInsertMode mode = rng.Next(2) == 0 ? BTreeInsertMode.FailIfExists : BTreeInsertMode.Replace;
                bool existed = reference.ContainsKey(key);
                Assert.Equal(!existed, tree.Insert(key, value, mode));
                if (!existed)
                {
                    positions[key] = keys.Count;
                    keys.Add(key);
                }

                if (!existed || mode == BTreeInsertMode.Replace)
                {
                    reference[key] = value;
                }
            }
            else
            {
                byte[] key = keys.Count > 0 && rng.Next(5) != 0 ? keys[rng.Next(keys.Count)] : NewKey(rng, shape);
                bool existed = reference.Remove(key);
                Assert.Equal(existed, tree.Delete(key));
                if (existed)
                {
                    RemoveKey(keys, positions, key);
                }
            }

            if (op % 4000 == 0)
            {
                BTreeStats stats = tree.Verify();
                Assert.Equal(reference.Count, stats.Entries);
                maxDepth = Math.Max(maxDepth, stats.Depth);
            }

            if (op % 20000 == 0)
            {
                CheckAgainstReference(tree, reference, rng, shape);
            }
        }

        maxDepth = Math.Max(maxDepth, tree.Verify().Depth);
        CheckAgainstReference(tree, reference, rng, shape);

        // Empty it: every page but the root comes back, and the root is a leaf again.
        foreach (byte[] key in keys)
        {
            Assert.True(tree.Delete(key));
        }

        BTreeStats empty = tree.Verify();
        Assert.Equal(0, empty.Entries);
        Assert.Equal(1, empty.Depth);
        Assert.Equal(1, pages.LivePages);
        Assert.Equal(root, tree.RootPage);

        // Every level below the root split and merged at some point; nodes were refilled from siblings
        // (redistributed) at the lower levels, where there are enough nodes for it to come up.
        for (int height = 0; height < redistributedLevels; height++)
        {
            Assert.True(tree.Activity.Redistributions(height) > 0, $"no redistribution at height {height}");
        }

        for (int height = 0; height < maxDepth - 1; height++)
        {
            Assert.True(tree.Activity.Splits(height) > 0, $"no split at height {height}");
            Assert.True(tree.Activity.Merges(height) > 0, $"no merge at height {height}");
        }

        return maxDepth;
    }

    /// <summary>Deletes up to <paramref name="count"/> consecutive keys from the first at or after <paramref name="start"/>, as a scan that deletes what it visits.</summary>
    private void DeleteRun(
        BTree tree, SortedDictionary<byte[], byte[]> reference, List<byte[]> keys, Dictionary<byte[], int> positions, byte[] start, int count)
    {
        BTreeCursor cursor = tree.OpenCursor();
        for (bool ok = cursor.SeekGE(start); ok && count > 0; ok = cursor.Next(), count--)
        {
            byte[] key = cursor.Key.ToArray();
            Assert.True(reference.Remove(key));
            Assert.True(tree.Delete(key));
            RemoveKey(keys, positions, key);
        }
    }

    private void CheckAgainstReference(BTree tree, SortedDictionary<byte[], byte[]> reference, Random rng, KeyShape shape)
    {
        byte[][] sortedKeys = [.. reference.Keys];
        BTreeCursor cursor = tree.OpenCursor();
        int i = 0;
        for (bool ok = cursor.SeekFirst(); ok; ok = cursor.Next())
        {
            AssertEntry(cursor, sortedKeys[i], reference[sortedKeys[i]]);
            i++;
        }

        Assert.Equal(sortedKeys.Length, i);
        for (bool ok = cursor.SeekLast(); ok; ok = cursor.Prev())
        {
            i--;
            AssertEntry(cursor, sortedKeys[i], reference[sortedKeys[i]]);
        }

        Assert.Equal(0, i);
        Assert.Equal(sortedKeys.Length, tree.Count());

        for (int probe = 0; probe < 300; probe++)
        {
            byte[] key = sortedKeys.Length > 0 && probe % 2 == 0 ? sortedKeys[rng.Next(sortedKeys.Length)] : NewKey(rng, shape);
            int index = Array.BinarySearch(sortedKeys, key, ByteArrayComparer.Instance);
            bool found = index >= 0;
            int lower = found ? index : ~index; // first >= key
            AssertSeek(cursor.SeekGE(key), cursor, sortedKeys, lower);
            AssertSeek(cursor.SeekGT(key), cursor, sortedKeys, found ? lower + 1 : lower);
            AssertSeek(cursor.SeekLE(key), cursor, sortedKeys, found ? lower : lower - 1);
            AssertSeek(cursor.SeekLT(key), cursor, sortedKeys, lower - 1);
            Assert.Equal(found, tree.TryGet(key, out ReadOnlyMemory<byte> value));
            if (found && !value.Span.SequenceEqual(reference[key]))
            {
                Assert.Fail("TryGet returned the wrong value.");
            }
        }

        // Probes in key order, as an index nested loop makes them: SeekGE and SeekExact start from wherever the
        // previous probe (and sometimes a Next) left the cursor, which takes the search-the-current-leaf path.
        for (int k = 0; k < sortedKeys.Length; k += 1 + rng.Next(3))
        {
            byte[] key = rng.Next(4) == 0 ? NewKey(rng, shape) : sortedKeys[k];
            int index = Array.BinarySearch(sortedKeys, key, ByteArrayComparer.Instance);
            int lower = index >= 0 ? index : ~index;
            AssertSeek(cursor.SeekGE(key), cursor, sortedKeys, lower);
            if (rng.Next(2) == 0)
            {
                cursor.Next();
            }

            Assert.Equal(index >= 0, cursor.SeekExact(key));
            Assert.Equal(index >= 0, cursor.IsValid);
            if (index >= 0 && !cursor.Value.SequenceEqual(reference[key]))
            {
                Assert.Fail("SeekExact landed on the wrong entry.");
            }
        }
    }

    private static void AssertSeek(bool positioned, BTreeCursor cursor, byte[][] sortedKeys, int expectedIndex)
    {
        bool expected = expectedIndex >= 0 && expectedIndex < sortedKeys.Length;
        Assert.Equal(expected, positioned);
        if (expected && !cursor.Key.SequenceEqual(sortedKeys[expectedIndex]))
        {
            Assert.Fail("A seek landed on the wrong key.");
        }
    }

    private static void AssertEntry(BTreeCursor cursor, byte[] key, byte[] value)
    {
        if (!cursor.Key.SequenceEqual(key) || !cursor.Value.SequenceEqual(value))
        {
            Assert.Fail($"Scan mismatch at key {Convert.ToHexString(key)}.");
        }
    }

    private static void RemoveKey(List<byte[]> keys, Dictionary<byte[], int> positions, byte[] key)
    {
        int at = positions[key];
        byte[] last = keys[^1];
        keys[at] = last;
        positions[last] = at;
        keys.RemoveAt(keys.Count - 1);
        positions.Remove(key);
    }

    private byte[] NewKey(Random rng, KeyShape shape)
    {
        if (shape == KeyShape.RowIds)
        {
            byte[] rowKey = new byte[RowIdKey.MaxSize];
            return rowKey[..RowIdKey.Write(rng.NextInt64(-60_000, 60_000), rowKey)];
        }

        if (shape == KeyShape.ValueRuns)
        {
            // Like an index on a column with few values, filled in rowid order: (value, rowid).
            byte[] entry = new byte[3 + RowIdKey.MaxSuffixSize];
            entry[0] = 0x30;
            entry[1] = (byte)('a' + rng.Next(12));
            entry[2] = 0;
            return entry[..(3 + RowIdKey.WriteSuffix(++_nextRowId, entry.AsSpan(3)))];
        }

        // A 250-byte shared prefix, a 4-byte id, then 0..150 random bytes: separators stay ~255 bytes long.
        byte[] key = new byte[254 + rng.Next(151)];
        key.AsSpan(0, 250).Fill((byte)'k');
        System.Buffers.Binary.BinaryPrimitives.WriteInt32BigEndian(key.AsSpan(250), rng.Next(200_000));
        rng.NextBytes(key.AsSpan(254));
        return key;
    }

    private static byte[] NewValue(Random rng, KeyShape shape)
    {
        int roll = rng.Next(100);
        int length = shape == KeyShape.ValueRuns ? 0 : shape == KeyShape.LongPrefixes
            ? roll < 90 ? rng.Next(0, 200) : rng.Next(600, 2500)
            : roll < 70 ? rng.Next(0, 60) : roll < 95 ? rng.Next(60, 900) : rng.Next(900, 9000);
        byte[] value = new byte[length];
        rng.NextBytes(value);
        return value;
    }
}
