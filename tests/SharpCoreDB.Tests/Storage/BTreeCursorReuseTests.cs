// A cursor re-attached to its tree (a rowid range reopened for every outer row of a join)
// keeps the path to the entry it was on as a hint, so that a seek near it searches only
// that leaf. The hint must never give a wrong answer: seeks near and far, up and down,
// past the ends, after the tree changed (also through another B+tree over the same
// pages) or was reopened, all
// land where a fresh cursor lands.
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Storage.Records;

namespace SharpCoreDB.Tests.Storage;

public class BTreeCursorReuseTests
{
    [Fact]
    public void AReattachedCursorSeeksWhereAFreshOneDoes()
    {
        var pages = new InMemoryPageAccess(4096);
        BTree tree = BTree.Create(pages, PageType.TableNode);
        for (int i = 0; i < 6000; i++)
        {
            tree.Insert(Key(i * 3), [(byte)i], BTreeInsertMode.FailIfExists);
        }

        var random = new Random(22);
        BTreeCursor reused = tree.OpenCursor();
        long probe = 0;
        for (int step = 0; step < 20_000; step++)
        {
            // Mostly small steps up (a join's probes in key order), sometimes jumps either way and past both ends.
            probe = random.Next(10) switch
            {
                0 => random.Next(-50, 18_100),
                1 => probe - random.Next(0, 40),
                _ => probe + random.Next(0, 12),
            };

            reused = tree.OpenCursor(reused);
            bool found = reused.SeekGE(Key(probe));
            BTreeCursor fresh = tree.OpenCursor();
            Assert.Equal(fresh.SeekGE(Key(probe)), found);
            if (found)
            {
                Assert.Equal(RowIdKey.Read(fresh.Key), RowIdKey.Read(reused.Key));
                Assert.Equal(fresh.Value.ToArray(), reused.Value.ToArray());
            }

            if (step % 500 == 499)
            {
                // Changes between two uses that split, merge and free leaves: the hint is stale and must not be taken.
                long around = Math.Clamp(probe, 0, 18_000);
                for (long k = around - 900; k < around + 900; k++)
                {
                    tree.Delete(Key(k));
                }

                for (long k = around + 900; k < around + 1500; k++)
                {
                    tree.Insert(Key(k), new byte[1 + (int)(k % 200)], BTreeInsertMode.Replace);
                }
            }
        }
    }

    [Fact]
    public void ACursorReattachedToTheSameRootThroughOtherPagesDescendsAgain()
    {
        (InMemoryPageAccess pages, BTree tree, BTreeCursor cursor) = OnKey1500();
        BTree reopened = BTree.Open(pages, tree.RootPage);
        reopened.Insert(Key(1501), [42], BTreeInsertMode.Replace);
        cursor = reopened.OpenCursor(cursor);
        Assert.True(cursor.SeekGE(Key(1501)));
        Assert.Equal([42], cursor.Value.ToArray());
    }

    [Fact]
    public void WritesThroughAnotherTreeOverTheSamePagesDropTheHint()
    {
        (InMemoryPageAccess pages, BTree tree, BTreeCursor cursor) = OnKey1500();

        // A second tree over the same root (as a foreign key check or a trigger opens one) empties that part of it:
        // the first tree's version does not move, the pages' write count does.
        BTree other = BTree.Open(pages, tree.RootPage);
        for (int i = 1000; i < 2500; i++)
        {
            other.Delete(Key(i));
        }

        cursor = tree.OpenCursor(cursor);
        Assert.True(cursor.SeekGE(Key(1501)));
        Assert.Equal(2500, RowIdKey.Read(cursor.Key));
        Assert.Equal(1500, tree.Verify().Entries);
    }

    // Keys 0 to 2999 in a tree of several leaves, and a cursor that landed on 1500.
    private static (InMemoryPageAccess Pages, BTree Tree, BTreeCursor Cursor) OnKey1500()
    {
        var pages = new InMemoryPageAccess(4096);
        BTree tree = BTree.Create(pages, PageType.TableNode);
        for (int i = 0; i < 3000; i++)
        {
            tree.Insert(Key(i), [(byte)i], BTreeInsertMode.FailIfExists);
        }

        BTreeCursor cursor = tree.OpenCursor();
        Assert.True(cursor.SeekGE(Key(1500)));
        return (pages, tree, cursor);
    }

    private static byte[] Key(long id)
    {
        byte[] key = new byte[RowIdKey.MaxSize];
        return key[..RowIdKey.Write(id, key)];
    }
}
