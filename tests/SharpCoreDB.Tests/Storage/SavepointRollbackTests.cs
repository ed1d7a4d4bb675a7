// Savepoints keep only a node's head (header and slot array) for a cell added into
// its free run or a cell removed, and widen it to the whole page before any other
// change (a compaction, a split, a merge, the last cell going). These tests drive a
// B+tree inside one write transaction through seeded random inserts, replaces and
// deletes under nested savepoints that are begun, released and rolled back at
// random, and after every rollback compare the whole tree with a reference and
// check its structure; values of random length make replaces leave garbage, so
// later inserts compact and split pages whose head an outer savepoint still holds.
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Storage.Transactions;

namespace SharpCoreDB.Tests.Storage;

public sealed class SavepointRollbackTests
{

    /// <summary>SCDB_LONG_TESTS=1 runs ten times the operations (see docs/testing.md).</summary>
    private static readonly int Scale = Environment.GetEnvironmentVariable("SCDB_LONG_TESTS") == "1" ? 10 : 1;

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public void RollingBackRestoresTheTreeAsItWasWhenTheSavepointBegan(int seed)
    {
        var rng = new Random(seed);
        using var engine = StorageEngine.Open(new StorageOptions { Path = null, PageSize = 4096 });
        var reference = new SortedDictionary<byte[], byte[]>(ByteArrayComparer.Instance);
        uint root;
        using (var setup = engine.BeginWrite(TestTimeouts.WriteLock))
        {
            BTree tree = BTree.Create(setup, PageType.IndexNode);
            root = tree.RootPage;
            for (int i = 0; i < 600; i++)
            {
                Put(tree, reference, NewKey(rng), NewValue(rng));
            }

            setup.Commit();
        }

        using (var tx = engine.BeginWrite(TestTimeouts.WriteLock))
        {
            var open = new List<(Savepoint Savepoint, SortedDictionary<byte[], byte[]> Reference)>();
            BTree tree = BTree.Open(tx, root);
            int rollbacks = 0;
            for (int op = 0; op < 12_000 * Scale; op++)
            {
                int dice = rng.Next(100);
                if (dice < 4)
                {
                    open.Add((tx.BeginSavepoint(), Copy(reference)));
                }
                else if (dice < 6 && open.Count > 0)
                {
                    tx.Release(open[^1].Savepoint);
                    open.RemoveAt(open.Count - 1);
                }
                else if (dice < 9 && open.Count > 0)
                {
                    int target = rng.Next(open.Count);
                    tx.RollbackTo(open[target].Savepoint);
                    open.RemoveRange(target + 1, open.Count - target - 1);
                    reference = Copy(open[target].Reference);
                    tree = BTree.Open(tx, root);
                    AssertSame(reference, tree);
                    rollbacks++;
                }
                else if (dice < 70 || reference.Count == 0)
                {
                    byte[] key = reference.Count > 0 && rng.Next(3) == 0 ? Existing(rng, reference) : NewKey(rng);
                    Put(tree, reference, key, NewValue(rng));
                }
                else
                {
                    byte[] key = Existing(rng, reference);
                    Assert.True(tree.Delete(key));
                    reference.Remove(key);
                }
            }

            Assert.True(rollbacks > 100, $"only {rollbacks} rollbacks ran");
            if (open.Count > 0)
            {
                tx.RollbackTo(open[0].Savepoint);
                reference = open[0].Reference;
                tx.Release(open[0].Savepoint);
            }

            AssertSame(reference, BTree.Open(tx, root));
            tx.Commit();
        }

        using var read = engine.BeginRead();
        AssertSame(reference, BTree.Open(read, root));
    }

    [Fact]
    public void AnOuterSavepointGetsBackAPageThatFilledAndSplitUnderAnInnerOne()
    {
        using var engine = StorageEngine.Open(new StorageOptions { Path = null, PageSize = 4096 });
        var reference = new SortedDictionary<byte[], byte[]>(ByteArrayComparer.Instance);
        var rng = new Random(7);
        using var tx = engine.BeginWrite(TestTimeouts.WriteLock);
        BTree tree = BTree.Create(tx, PageType.IndexNode);
        for (int i = 0; i < 10; i++)
        {
            Put(tree, reference, NewKey(rng), NewValue(rng));
        }

        // The outer savepoint keeps the root leaf's head; the inner one, begun after more
        // cells went in, keeps a longer head; then the leaf fills, compacts and splits.
        Savepoint outer = tx.BeginSavepoint("outer");
        SortedDictionary<byte[], byte[]> atOuter = Copy(reference);
        for (int i = 0; i < 5; i++)
        {
            Put(tree, reference, NewKey(rng), NewValue(rng));
        }

        Savepoint inner = tx.BeginSavepoint("inner");
        Put(tree, reference, Existing(rng, reference), NewValue(rng));
        for (int i = 0; i < 400; i++)
        {
            Put(tree, reference, NewKey(rng), NewValue(rng));
        }

        Assert.True(tree.Verify().Depth > 0, "the root leaf never split");
        tx.Release(inner);
        tx.RollbackTo(outer);

        AssertSame(atOuter, BTree.Open(tx, tree.RootPage));
    }

    [Fact]
    public void RemovingTheOnlyCellOfALeafAndAddingAnotherRollsBack()
    {
        using var engine = StorageEngine.Open(new StorageOptions { Path = null, PageSize = 4096 });
        var reference = new SortedDictionary<byte[], byte[]>(ByteArrayComparer.Instance);
        using var tx = engine.BeginWrite(TestTimeouts.WriteLock);
        BTree tree = BTree.Create(tx, PageType.IndexNode);
        Put(tree, reference, [1, 1, 1, 1], [10, 10]);

        // With one cell left, removing it empties the content area, so the next cell is
        // written where the removed one was: the head alone could not bring that one back.
        Savepoint savepoint = tx.BeginSavepoint();
        Assert.True(tree.Delete([1, 1, 1, 1]));
        Assert.True(tree.Insert([2, 2, 2, 2], [20, 20], BTreeInsertMode.FailIfExists));
        tx.RollbackTo(savepoint);

        AssertSame(reference, BTree.Open(tx, tree.RootPage));
    }

    private static void Put(BTree tree, SortedDictionary<byte[], byte[]> reference, byte[] key, byte[] value)
    {
        Assert.Equal(!reference.ContainsKey(key), tree.Insert(key, value, BTreeInsertMode.Replace));
        reference[key] = value;
    }

    private static void AssertSame(SortedDictionary<byte[], byte[]> reference, BTree tree)
    {
        tree.Verify();
        BTreeCursor cursor = tree.OpenCursor();
        int seen = 0;
        using var expected = reference.GetEnumerator();
        for (bool ok = cursor.SeekFirst(); ok; ok = cursor.Next())
        {
            Assert.True(expected.MoveNext(), "the tree holds more entries than the reference");
            Assert.Equal(expected.Current.Key, cursor.Key.ToArray());
            Assert.Equal(expected.Current.Value, cursor.Value.ToArray());
            seen++;
        }

        Assert.Equal(reference.Count, seen);
    }

    private static SortedDictionary<byte[], byte[]> Copy(SortedDictionary<byte[], byte[]> reference) =>
        new(reference, ByteArrayComparer.Instance);

    private static byte[] Existing(Random rng, SortedDictionary<byte[], byte[]> reference) =>
        reference.Keys.ElementAt(rng.Next(reference.Count));

    private static byte[] NewKey(Random rng)
    {
        var key = new byte[rng.Next(4, 24)];
        rng.NextBytes(key);
        return key;
    }

    private static byte[] NewValue(Random rng)
    {
        var value = new byte[rng.Next(0, 90)];
        rng.NextBytes(value);
        return value;
    }
}
