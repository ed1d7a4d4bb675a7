// The structural changes of the B+tree that shrink it: a node left under MinFill by a
// delete is merged with a sibling, or takes cells from it, along the path Descend
// recorded; a root left with one child is replaced by that child. Cells are gathered
// in the reusable CellList and dealt back out with Distribute (BTree.Structure.cs).
namespace SharpCoreDB.Storage.BTree;

internal sealed partial class BTree
{
    /// <summary>Fixes the underfull non-root node at <paramref name="level"/> by merging it with a sibling or taking cells from it.</summary>
    private void Rebalance(int level)
    {
        int parentLevel = level - 1;
        Span<byte> parent = _pages.Write(_pathPages[parentLevel]).Span;
        int index = _pathIndex[level];
        int separatorIndex = index > 0 ? index - 1 : index;
        uint leftPage = BTreeNode.ChildAt(parent, separatorIndex);
        uint rightPage = BTreeNode.ChildAt(parent, separatorIndex + 1);
        Span<byte> left = _pages.Write(leftPage).Span;
        Span<byte> right = _pages.Write(rightPage).Span;
        bool leaf = BTreeNode.IsLeaf(left);

        CellList cells = Cells();
        cells.Clear();
        cells.AddAll(left);
        if (!leaf)
        {
            cells.AddInterior(BTreeNode.RightChild(left), BTreeNode.Key(parent, separatorIndex, leaf: false));
        }

        cells.AddAll(right);
        uint rightmost = BTreeNode.RightChild(right);

        if (cells.NodeBytes <= _limits.Capacity)
        {
            Activity.CountMerge(_leafLevel - level);

            // Merge: everything fits in the left node; the right node and its separator go.
            BTreeNode.Format(left, leaf ? BTreeNode.LeafKind : BTreeNode.InteriorKind, _treeType);
            for (int i = 0; i < cells.Count; i++)
            {
                BTreeNode.AppendCell(left, cells[i]);
            }

            BTreeNode.SetRightChild(left, rightmost);
            _pages.Free(rightPage);
            BTreeNode.SetChildAt(parent, separatorIndex + 1, leftPage);
            BTreeNode.RemoveCell(parent, separatorIndex, leaf: false);
            if (parentLevel == 0)
            {
                CollapseRoot();
            }
            else if (BTreeNode.UsedBytes(parent) < _limits.MinFill)
            {
                Rebalance(parentLevel);
            }

            return;
        }

        Activity.CountRedistribution(_leafLevel - level);

        // Redistribute: both stay, with the cells shared out evenly and a new separator between them.
        int separatorLength = Distribute(cells, leaf, SplitShape.Halves, newCell: -1, rightmost, left, right);
        int cellLength = BTreeNode.WriteInteriorCell(CellBuffer(), leftPage, SeparatorBuffer()[..separatorLength]);
        BTreeNode.RemoveCell(parent, separatorIndex, leaf: false);
        bool split = InsertCell(parentLevel, separatorIndex, CellBuffer()[..cellLength]);
        if (!split && parentLevel > 0 && BTreeNode.UsedBytes(parent) < _limits.MinFill)
        {
            Rebalance(parentLevel);
        }
    }

    /// <summary>While the root is an interior node with a single child, pulls that child's content up into it.</summary>
    private void CollapseRoot()
    {
        while (true)
        {
            Span<byte> root = _pages.Write(RootPage).Span;
            if (BTreeNode.IsLeaf(root) || BTreeNode.Count(root) > 0)
            {
                return;
            }

            uint child = BTreeNode.RightChild(root);
            _pages.Read(child).Span.CopyTo(root);
            _pages.Free(child);
        }
    }
}

/// <summary>How a node that overflows is split (see the top of BTree.Structure.cs).</summary>
internal enum SplitShape
{
    /// <summary>About half the bytes on each side.</summary>
    Halves,

    /// <summary>The smallest tail of at least MinFill bytes on the right: the new cell was the node's last.</summary>
    MinFillTail,

    /// <summary>Only the new cell on the right: it was the last of a leaf on the tree's right edge.</summary>
    NewCellAlone,

    /// <summary>Everything up to the new cell on the left, the rest on the right: the new cell ends a run (EndsARun).</summary>
    AfterNewCell,
}
