// The operations of a B+tree that visit the whole tree or a path through its middle:
// dropping it (every page back to the free list), counting its entries exactly, and
// estimating their number for the planner from one page per level.
namespace SharpCoreDB.Storage.BTree;

internal sealed partial class BTree
{
    /// <summary>Frees every page of the tree, root and overflow chains included. The tree is unusable afterwards.</summary>
    public void Drop()
    {
        _pages.SafePoint();
        _changes++;
        DropNode(RootPage, 0);
    }

    /// <summary>How many entries the tree holds, counted by visiting every leaf.</summary>
    public long Count() => CountNode(RootPage, 0);

    /// <summary>
    /// About how many entries the tree holds, for the planner's cost model, reading one page per level:
    /// a root that is a leaf, or whose children are at most <see cref="ExactCountFanOut"/> leaves, is
    /// counted exactly; a larger tree is estimated from the path through the middle child of each level
    /// (fan-out of each interior node on the path times the entries of the leaf it ends in). Counting
    /// every leaf instead would read the whole table from disk on the first query after an open.
    /// </summary>
    public long EstimateCount()
    {
        ReadOnlySpan<byte> body = _pages.Read(RootPage).Span;
        CheckNode(body, RootPage, 0);
        if (BTreeNode.IsLeaf(body))
        {
            return BTreeNode.Count(body);
        }

        uint middle = BTreeNode.ChildAt(body, BTreeNode.Count(body) / 2);
        if (BTreeNode.Count(body) < ExactCountFanOut && BTreeNode.IsLeaf(_pages.Read(middle).Span))
        {
            return CountNode(RootPage, 0);
        }

        long estimate = 1;
        uint page = RootPage;
        for (int depth = 0; depth < MaxDepth; depth++)
        {
            body = _pages.Read(page).Span;
            CheckNode(body, page, depth);
            int count = BTreeNode.Count(body);
            if (BTreeNode.IsLeaf(body))
            {
                return estimate * Math.Max(count, 1);
            }

            estimate *= count + 1;
            page = BTreeNode.ChildAt(body, count / 2);
        }

        throw NotANode(page);
    }

    private void DropNode(uint page, int depth)
    {
        ReadOnlySpan<byte> body = _pages.Read(page).Span;
        CheckNode(body, page, depth);
        int count = BTreeNode.Count(body);
        if (BTreeNode.IsLeaf(body))
        {
            for (int i = 0; i < count; i++)
            {
                FreeValue(body, i);
            }
        }
        else
        {
            for (int i = 0; i <= count; i++)
            {
                DropNode(BTreeNode.ChildAt(body, i), depth + 1);
            }
        }

        _pages.Free(page);
    }

    private long CountNode(uint page, int depth)
    {
        ReadOnlySpan<byte> body = _pages.Read(page).Span;
        CheckNode(body, page, depth);
        int count = BTreeNode.Count(body);
        if (BTreeNode.IsLeaf(body))
        {
            return count;
        }

        long sum = 0;
        for (int i = 0; i <= count; i++)
        {
            sum += CountNode(BTreeNode.ChildAt(body, i), depth + 1);
        }

        return sum;
    }
}
