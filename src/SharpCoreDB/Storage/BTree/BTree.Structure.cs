// The structural changes of the B+tree that grow it: splitting a node that
// overflows and growing the tree at the root (merging and shrinking are in
// BTree.Rebalance.cs). Each works along the path Descend recorded
// (_pathPages[level], and _pathIndex[level] = the child index of that node in its
// parent), and all of them gather cells in the reusable CellList and deal them
// back out with Distribute, which picks the split point by bytes.
//
// Appends: a node split in half keeps half its page empty for good when keys only
// ever grow, because nothing is ever inserted to the left of the split again. That
// happens at the right edge of the tree (rowids, timestamps, sequence numbers) and
// inside it (an index on (category, rowid) grows at the end of every category's
// run). So the shape of a split follows where the new cell lands (SplitShape):
//   new cell last in a leaf on the tree's right edge  -> it goes alone to the new
//        right node, the left node stays full (SQLite's balance_quick); the right
//        edge is the one place a node may be under MinFill (BTree.Verify)
//   new cell last in any other node                   -> the smallest tail that
//        satisfies MinFill goes right, about 80% stays left
//   anywhere else                                     -> halves by bytes
// Ascending inserts then fill pages to ~95% at the right edge and ~80% inside,
// instead of 50%: fewer pages to log, checkpoint, cache, scan and store.
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

        bool leafNode = BTreeNode.IsLeaf(body);
        if (leafNode && EndsARun(body, slot, cell))
        {
            SplitNode(level, slot, cell, SplitShape.AfterNewCell);
            return true;
        }

        if (slot < BTreeNode.Count(body) && level > 0 && leafNode && TryShareWithSibling(level, slot, cell))
        {
            return false;
        }

        SplitNode(level, slot, cell, shape: null);
        return true;
    }

    // True when a new index entry lengthens a run of entries with equal indexed values (its key minus the
    // rowid suffix equals its left neighbour's) that the next entry does not belong to: an index on a
    // column with few distinct values, filled in rowid order, grows like this at the end of every run.
    // Splitting right after the new entry leaves the run at the end of its node, so that its next entries
    // are appends there.
    private bool EndsARun(ReadOnlySpan<byte> body, int slot, ReadOnlySpan<byte> cell)
    {
        if (_treeType != (byte)Storage.Pages.PageType.IndexNode || slot == 0 || slot >= BTreeNode.Count(body))
        {
            return false;
        }

        ReadOnlySpan<byte> key = BTreeNode.CellKey(cell, leaf: true);
        return Values(key, out ReadOnlySpan<byte> values)
            && Values(BTreeNode.Key(body, slot - 1, leaf: true), out ReadOnlySpan<byte> before) && before.SequenceEqual(values)
            && !(Values(BTreeNode.Key(body, slot, leaf: true), out ReadOnlySpan<byte> after) && after.SequenceEqual(values));

        // An index key without its rowid suffix (false for a key that has none: a tree of other keys).
        static bool Values(ReadOnlySpan<byte> indexKey, out ReadOnlySpan<byte> values)
        {
            bool ok = Records.RowIdKey.TrySuffixSize(indexKey, out int suffix);
            values = ok ? indexKey[..^suffix] : default;
            return ok;
        }
    }

    // A full leaf whose new cell does not go at its end (a split there would be in halves, leaving both
    // halves half empty until inserts happen to land there) first tries to share its cells with a sibling
    // that has room, B*-tree style: the two nodes get the cells in halves and the parent a new separator.
    // Random inserts then keep leaves about 80% full instead of 2/3, and inserts that grow a run inside the
    // tree (an index on (category, rowid)) push the following run into the sibling, so that the growing run
    // soon ends at the node's end and gets append splits. True when the cell went in this way.
    private bool TryShareWithSibling(int level, int slot, ReadOnlySpan<byte> cell)
    {
        int parentLevel = level - 1;
        ReadOnlySpan<byte> parentNode = _pages.Read(_pathPages[parentLevel]).Span;
        int index = _pathIndex[level];
        int siblings = BTreeNode.Count(parentNode) + 1;
        if (siblings < 2)
        {
            return false;
        }

        // Of the two siblings (one at either end of the parent), the one with more room; the node and it share
        // the separator between them. Worth it only when both end up with room to spare (about 6% each): sharing
        // two nearly full nodes would move cells back and forth at every insert.
        uint page = _pathPages[level];
        int separatorIndex = -1, room = 0;
        foreach (int candidate in (ReadOnlySpan<int>)[index, index - 1])
        {
            if (candidate >= 0 && candidate + 1 < siblings)
            {
                uint sibling = BTreeNode.ChildAt(parentNode, candidate == index ? index + 1 : index - 1);
                int free = (2 * _limits.Capacity) - BTreeNode.UsedBytes(_pages.Read(sibling).Span) - BTreeNode.UsedBytes(_pages.Read(page).Span);
                if (free > room)
                {
                    (separatorIndex, room) = (candidate, free);
                }
            }
        }

        if (separatorIndex < 0 || room < (_limits.Capacity / 8) + cell.Length + BTreeNode.SlotSize)
        {
            return false;
        }

        uint leftPage = BTreeNode.ChildAt(parentNode, separatorIndex);
        uint rightPage = BTreeNode.ChildAt(parentNode, separatorIndex + 1);
        CellList cells = Cells();
        cells.Clear();
        cells.AddAll(_pages.Read(leftPage).Span);
        int offset = leftPage == page ? 0 : cells.Count;
        cells.AddAll(_pages.Read(rightPage).Span);
        cells.Insert(offset + slot, cell);
        int split = LeafHalves(cells);
        if (cells.NodeBytesOf(0, split) > _limits.Capacity || cells.NodeBytesOf(split, cells.Count) > _limits.Capacity)
        {
            return false;
        }

        Activity.CountRedistribution(_leafLevel - level);
        Span<byte> parent = _pages.Write(_pathPages[parentLevel]).Span;
        int separatorLength = Distribute(cells, leaf: true, SplitShape.Halves, newCell: -1, rightmost: 0, _pages.Write(leftPage).Span, _pages.Write(rightPage).Span);
        int cellLength = BTreeNode.WriteInteriorCell(CellBuffer(), leftPage, SeparatorBuffer()[..separatorLength]);
        BTreeNode.RemoveCell(parent, separatorIndex, leaf: false);
        InsertCell(parentLevel, separatorIndex, CellBuffer()[..cellLength]);
        return true;
    }

    /// <summary>
    /// Splits the node at <paramref name="level"/>, with <paramref name="cell"/> added at <paramref name="slot"/>, into two,
    /// in <paramref name="shape"/>, or in the shape where the new cell lands calls for when it is null.
    /// </summary>
    private void SplitNode(int level, int slot, ReadOnlySpan<byte> cell, SplitShape? shape)
    {
        uint page = _pathPages[level];
        Span<byte> body = _pages.Write(page).Span;
        bool leaf = BTreeNode.IsLeaf(body);
        uint rightmost = BTreeNode.RightChild(body);
        CellList cells = Cells();
        cells.Clear();
        cells.AddAll(body);
        cells.Insert(slot, cell);
        Activity.CountSplit(_leafLevel - level);
        shape ??= slot != cells.Count - 1 ? SplitShape.Halves
            : leaf && IsOnRightEdge(level) ? SplitShape.NewCellAlone
            : SplitShape.MinFillTail;

        if (level == 0)
        {
            // The root keeps its page number: its cells move to two new pages below it.
            uint left = _pages.Allocate(PageType);
            uint right = _pages.Allocate(PageType);
            int length = Distribute(cells, leaf, shape.Value, slot, rightmost, _pages.Write(left).Span, _pages.Write(right).Span);
            Span<byte> root = _pages.Write(page).Span;
            BTreeNode.Format(root, BTreeNode.InteriorKind, _treeType);
            int cellLength = BTreeNode.WriteInteriorCell(CellBuffer(), left, SeparatorBuffer()[..length]);
            BTreeNode.AppendCell(root, CellBuffer()[..cellLength]);
            BTreeNode.SetRightChild(root, right);
            return;
        }

        uint newRight = _pages.Allocate(PageType);
        int separator = Distribute(cells, leaf, shape.Value, slot, rightmost, _pages.Write(page).Span, _pages.Write(newRight).Span);
        InsertSeparator(level - 1, _pathIndex[level], page, newRight, separator);
    }

    // The root, or a node reached through the rightmost child at every level of the recorded path:
    // no key in the tree is above its keys.
    private bool IsOnRightEdge(int level)
    {
        for (int l = level; l > 0; l--)
        {
            if (_pathIndex[l] != BTreeNode.Count(_pages.Read(_pathPages[l - 1]).Span))
            {
                return false;
            }
        }

        return true;
    }

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
    /// Deals <paramref name="cells"/> out into two fresh nodes as <paramref name="shape"/> says (halves by
    /// bytes, the MinFill tail on the right, the last cell alone on the right, or everything up to the new
    /// cell at <paramref name="newCell"/> on the left), and leaves the separator
    /// between them in the separator buffer; returns its length. Leaves get the shortest prefix of the right
    /// node's first key that is above the left node's last key (in a collated order, the whole first key,
    /// so that splits never compare); interior nodes promote the middle cell's
    /// key, whose child becomes the left node's rightmost child.
    /// </summary>
    private int Distribute(CellList cells, bool leaf, SplitShape shape, int newCell, uint rightmost, Span<byte> left, Span<byte> right)
    {
        int count = cells.Count;
        int total = cells.NodeBytes;
        byte kind = leaf ? BTreeNode.LeafKind : BTreeNode.InteriorKind;
        BTreeNode.Format(left, kind, _treeType);
        BTreeNode.Format(right, kind, _treeType);
        int split;
        if (shape == SplitShape.NewCellAlone && leaf && count >= 2)
        {
            split = count - 1;
        }
        else if (shape == SplitShape.AfterNewCell && leaf && newCell + 1 < count
            && Fits(cells.NodeBytesOf(0, newCell + 1)) && Fits(cells.NodeBytesOf(newCell + 1, count)))
        {
            split = newCell + 1;
        }
        else if (shape is SplitShape.MinFillTail or SplitShape.NewCellAlone && AppendSplit(cells, leaf) is int tail and > 0)
        {
            split = tail;
        }
        else if (leaf)
        {
            split = LeafHalves(cells);
        }
        else
        {
            // The middle cell goes up: the first cell at which the left side reaches half the bytes.
            split = 0;
            int bytes = cells[0].Length + BTreeNode.SlotSize;
            while (split < count - 2 && bytes * 2 < total)
            {
                split++;
                bytes += cells[split].Length + BTreeNode.SlotSize;
            }

            split = Math.Max(split, 1);
        }

        int rightStart = leaf ? split : split + 1;
        if (cells.NodeBytesOf(0, split) > _limits.Capacity || cells.NodeBytesOf(rightStart, count) > _limits.Capacity)
        {
            throw new InvalidOperationException($"A B+tree node split ({shape}) left a half that does not fit in a page.");
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
            ReadOnlySpan<byte> lastLeft = BTreeNode.CellKey(cells[split - 1], leaf: true);
            ReadOnlySpan<byte> firstRight = BTreeNode.CellKey(cells[split], leaf: true);

            // A tree in a collated order takes the whole key: a byte prefix may end inside a value, which its
            // order cannot read, and finding the shortest value prefix would call the application's comparison.
            int length = _keyOrder is null ? lastLeft.CommonPrefixLength(firstRight) + 1 : firstRight.Length;
            firstRight[..length].CopyTo(separator);
            return length;
        }

        ReadOnlySpan<byte> middle = cells[split];
        BTreeNode.SetRightChild(left, BTreeNode.CellChild(middle));
        BTreeNode.SetRightChild(right, rightmost);
        ReadOnlySpan<byte> key = BTreeNode.CellKey(middle, leaf: false);
        key.CopyTo(separator);
        return key.Length;
    }

    // A non-root node of this many bytes is neither under MinFill nor over a page.
    private bool Fits(int nodeBytes) => nodeBytes >= _limits.MinFill && nodeBytes <= _limits.Capacity;

    // The smallest leaf split that puts at least half the bytes on the left, keeping a cell on each side.
    private static int LeafHalves(CellList cells)
    {
        int split = 0, bytes = 0;
        while (split < cells.Count - 1)
        {
            bytes += cells[split].Length + BTreeNode.SlotSize;
            split++;
            if (bytes * 2 >= cells.NodeBytes)
            {
                break;
            }
        }

        return split;
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
            rightBytes += cells[start].Length + BTreeNode.SlotSize;
            if (rightBytes >= _limits.MinFill)
            {
                // An interior split promotes the cell before the right node's first.
                int split = leaf ? start : start - 1;
                return split >= 1 ? split : 0;
            }
        }

        return 0;
    }
}
