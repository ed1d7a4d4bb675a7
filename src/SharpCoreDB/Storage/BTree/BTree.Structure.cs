// The structural changes of the B+tree: splitting a node that overflows,
// merging or redistributing a node that underflows, growing the tree at the root
// and shrinking it there. Each works along the path Descend recorded
// (_pathPages[level], and _pathIndex[level] = the child index of that node in its
// parent), and all of them gather cells in the reusable CellList and deal them
// back out with Distribute, which picks the split point by bytes.
//
// Appends: a node split in half keeps half its page empty for good when keys only
// ever grow (rowids, timestamps, sequence numbers), because nothing is ever
// inserted to the left of the split again. So when the new cell lands at the end
// of a node that is the rightmost child of its parent (or the root), the split
// moves only the smallest tail that satisfies MinFill to the new right node and
// leaves the rest (about 80%) on the left, the way SQLite's balance_quick packs
// appended rows. Ascending inserts then fill pages to ~80–100% instead of 50%:
// fewer pages to log, checkpoint, cache and scan.
using System.Diagnostics;

namespace SharpCoreDB.Storage.BTree;

internal sealed partial class BTree
{
    /// <summary>Inserts a cell into the node at <paramref name="level"/> of the path, splitting it if it is full; true if it split.</summary>
    private bool InsertCell(int level, int slot, ReadOnlySpan<byte> cell)
    {
        uint page = _pathPages[level];
        ReadOnlySpan<byte> node = _pages.Read(page).Span;
        if (BTreeNode.FitsInFreeRun(node, cell.Length))
        {
            // The common insert: a savepoint needs only the node's head to undo it.
            bool inserted = BTreeNode.TryInsertCell(_pages.WriteHead(page, BTreeNode.HeadLength(node)).Span, slot, cell);
            Debug.Assert(inserted, "a cell that fits in the free run always goes in");
            return false;
        }

        Span<byte> body = _pages.Write(page).Span;
        if (BTreeNode.TryInsertCell(body, slot, cell))
        {
            return false;
        }

        SplitNode(level, slot, cell);
        return true;
    }

    /// <summary>Splits the node at <paramref name="level"/>, with <paramref name="cell"/> added at <paramref name="slot"/>, into two.</summary>
    private void SplitNode(int level, int slot, ReadOnlySpan<byte> cell)
    {
        uint page = _pathPages[level];
        Span<byte> body = _pages.Write(page).Span;
        bool leaf = BTreeNode.IsLeaf(body);
        uint rightmost = BTreeNode.RightChild(body);
        CellList cells = Cells();
        cells.Clear();
        cells.AddAll(body);
        cells.Insert(slot, cell);
        Activity.Splits[_leafLevel - level]++;
        bool append = slot == cells.Count - 1 && IsRightEdge(level);

        if (level == 0)
        {
            // The root keeps its page number: its cells move to two new pages below it.
            uint left = _pages.Allocate(PageType);
            uint right = _pages.Allocate(PageType);
            int length = Distribute(cells, leaf, append, rightmost, _pages.Write(left).Span, _pages.Write(right).Span);
            Span<byte> root = _pages.Write(page).Span;
            BTreeNode.Format(root, BTreeNode.InteriorKind, _treeType);
            int cellLength = BTreeNode.WriteInteriorCell(CellBuffer(), left, SeparatorBuffer()[..length]);
            BTreeNode.AppendCell(root, CellBuffer()[..cellLength]);
            BTreeNode.SetRightChild(root, right);
            return;
        }

        uint newRight = _pages.Allocate(PageType);
        int separator = Distribute(cells, leaf, append, rightmost, _pages.Write(page).Span, _pages.Write(newRight).Span);
        InsertSeparator(level - 1, _pathIndex[level], page, newRight, separator);
    }

    // The root, or the rightmost child of its parent on the recorded path.
    private bool IsRightEdge(int level) =>
        level == 0 || _pathIndex[level] == BTreeNode.Count(_pages.Read(_pathPages[level - 1]).Span);

    /// <summary>
    /// After the child at <paramref name="childIndex"/> of the node at <paramref name="level"/> split into
    /// <paramref name="left"/> (its old page) and <paramref name="right"/>, adds the separator between them.
    /// </summary>
    private void InsertSeparator(int level, int childIndex, uint left, uint right, int separatorLength)
    {
        Span<byte> body = _pages.Write(_pathPages[level]).Span;
        BTreeNode.SetChildAt(body, childIndex, right);
        int length = BTreeNode.WriteInteriorCell(CellBuffer(), left, SeparatorBuffer()[..separatorLength]);
        InsertCell(level, childIndex, CellBuffer()[..length]);
    }

    /// <summary>
    /// Deals <paramref name="cells"/> out into two fresh nodes, about half the bytes each (or, for an
    /// <paramref name="append"/>, only the MinFill tail on the right), and leaves the separator between
    /// them in the separator buffer; returns its length. Leaves get the shortest prefix of the right
    /// node's first key that is above the left node's last key; interior nodes promote the middle cell's
    /// key, whose child becomes the left node's rightmost child.
    /// </summary>
    private int Distribute(CellList cells, bool leaf, bool append, uint rightmost, Span<byte> left, Span<byte> right)
    {
        int count = cells.Count;
        int total = cells.NodeBytes;
        byte kind = leaf ? BTreeNode.LeafKind : BTreeNode.InteriorKind;
        BTreeNode.Format(left, kind, _treeType);
        BTreeNode.Format(right, kind, _treeType);
        int split;
        if (append && AppendSplit(cells, leaf) is int tail and > 0)
        {
            split = tail;
        }
        else if (leaf)
        {
            // The smallest split that puts at least half the bytes on the left, keeping a cell on each side.
            split = 0;
            int bytes = 0;
            while (split < count - 1)
            {
                bytes += cells[split].Length + 2;
                split++;
                if (bytes * 2 >= total)
                {
                    break;
                }
            }
        }
        else
        {
            // The middle cell goes up: the first cell at which the left side reaches half the bytes.
            split = 0;
            int bytes = cells[0].Length + 2;
            while (split < count - 2 && bytes * 2 < total)
            {
                split++;
                bytes += cells[split].Length + 2;
            }

            split = Math.Max(split, 1);
        }

        int rightStart = leaf ? split : split + 1;
        if (cells.NodeBytesOf(0, split) > _limits.Capacity || cells.NodeBytesOf(rightStart, count) > _limits.Capacity)
        {
            throw new InvalidOperationException("A B+tree node split left a half that does not fit in a page.");
        }

        for (int i = 0; i < split; i++)
        {
            BTreeNode.AppendCell(left, cells[i]);
        }

        for (int i = rightStart; i < count; i++)
        {
            BTreeNode.AppendCell(right, cells[i]);
        }

        Span<byte> separator = SeparatorBuffer();
        if (leaf)
        {
            ReadOnlySpan<byte> lastLeft = BTreeNode.CellKey(cells[split - 1], true);
            ReadOnlySpan<byte> firstRight = BTreeNode.CellKey(cells[split], true);
            int length = lastLeft.CommonPrefixLength(firstRight) + 1;
            firstRight[..length].CopyTo(separator);
            return length;
        }

        ReadOnlySpan<byte> middle = cells[split];
        BTreeNode.SetRightChild(left, BTreeNode.CellChild(middle));
        BTreeNode.SetRightChild(right, rightmost);
        ReadOnlySpan<byte> key = BTreeNode.CellKey(middle, false);
        key.CopyTo(separator);
        return key.Length;
    }

    /// <summary>
    /// The split index that leaves the right node the shortest tail of at least MinFill bytes (a leaf's
    /// right node starts at the index; an interior node's starts after it, the cell at it going up), or
    /// 0 if there is no such split with a cell on each side.
    /// </summary>
    private int AppendSplit(CellList cells, bool leaf)
    {
        int count = cells.Count;
        int rightBytes = 0;
        for (int start = count - 1; start >= 1; start--)
        {
            rightBytes += cells[start].Length + 2;
            if (rightBytes >= _limits.MinFill)
            {
                // An interior split promotes the cell before the right node's first.
                int split = leaf ? start : start - 1;
                return split >= 1 ? split : 0;
            }
        }

        return 0;
    }

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
            cells.AddInterior(BTreeNode.RightChild(left), BTreeNode.Key(parent, separatorIndex, false));
        }

        cells.AddAll(right);
        uint rightmost = BTreeNode.RightChild(right);

        if (cells.NodeBytes <= _limits.Capacity)
        {
            Activity.Merges[_leafLevel - level]++;

            // Merge: everything fits in the left node; the right node and its separator go.
            BTreeNode.Format(left, leaf ? BTreeNode.LeafKind : BTreeNode.InteriorKind, _treeType);
            for (int i = 0; i < cells.Count; i++)
            {
                BTreeNode.AppendCell(left, cells[i]);
            }

            BTreeNode.SetRightChild(left, rightmost);
            _pages.Free(rightPage);
            BTreeNode.SetChildAt(parent, separatorIndex + 1, leftPage);
            BTreeNode.RemoveCell(parent, separatorIndex, false);
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

        Activity.Redistributions[_leafLevel - level]++;

        // Redistribute: both stay, with the cells shared out evenly and a new separator between them.
        int separatorLength = Distribute(cells, leaf, append: false, rightmost, left, right);
        int cellLength = BTreeNode.WriteInteriorCell(CellBuffer(), leftPage, SeparatorBuffer()[..separatorLength]);
        BTreeNode.RemoveCell(parent, separatorIndex, false);
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
