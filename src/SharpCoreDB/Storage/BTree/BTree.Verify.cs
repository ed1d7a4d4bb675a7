// The structural check of a B+tree, for tests and the integrity check: every
// node is well formed (slots inside the body, cells not overlapping, the byte
// accounting exact), keys are strictly ascending (in the tree's key order) and inside the bounds their
// ancestors' separators give, every leaf is at the same depth, every non-root
// node is at least MinFill full (but a leaf on the right edge, which an append
// split may leave holding only the appended cell), the root has two children if
// it is interior,
// no page is reachable twice, and every overflow chain is as long as its value.
// It reads every page and allocates freely: it is not a hot path.
using System.Buffers.Binary;

namespace SharpCoreDB.Storage.BTree;

internal sealed partial class BTree
{
    /// <summary>Checks the whole tree; throws a Corrupt SharpCoreDBException naming the first bad page.</summary>
    public BTreeStats Verify()
    {
        var state = new VerifyState();
        VerifyNode(RootPage, 0, null, null, state);
        return new BTreeStats(state.LeafDepth + 1, state.Leaves, state.Interiors, state.OverflowPages, state.Entries);
    }

    private void VerifyNode(uint page, int depth, byte[]? lower, byte[]? upper, VerifyState state)
    {
        if (page == 0 || !state.Seen.Add(page))
        {
            throw Bad(page, "is reached twice or is page 0");
        }

        if (depth >= MaxDepth)
        {
            throw Bad(page, "is too deep");
        }

        ReadOnlySpan<byte> body = _pages.Read(page).Span;
        byte kind = BTreeNode.Kind(body);
        if (kind is not (BTreeNode.LeafKind or BTreeNode.InteriorKind) || BTreeNode.TreeType(body) != _treeType)
        {
            throw Bad(page, "is not a node of this tree");
        }

        bool leaf = kind == BTreeNode.LeafKind;
        int count = BTreeNode.Count(body);
        VerifyLayout(page, body, leaf, count);
        if (page != RootPage && BTreeNode.UsedBytes(body) < _limits.MinFill && !(leaf && upper is null))
        {
            throw Bad(page, $"uses {BTreeNode.UsedBytes(body)} bytes, under the minimum fill of {_limits.MinFill}");
        }

        ReadOnlySpan<byte> previous = default;
        for (int i = 0; i < count; i++)
        {
            ReadOnlySpan<byte> key = BTreeNode.Key(body, i, leaf);
            if (key.Length > _limits.MaxKeySize)
            {
                throw Bad(page, $"has a key of {key.Length} bytes, over the limit");
            }

            bool outOfOrder = i == 0
                ? lower is not null && CompareKeys(key, lower) < 0
                : CompareKeys(key, previous) <= 0;
            if (outOfOrder || (upper is not null && CompareKeys(key, upper) >= 0))
            {
                throw Bad(page, $"has key {i} out of order or outside its parent's bounds");
            }

            previous = key;
        }

        if (leaf)
        {
            if (state.LeafDepth < 0)
            {
                state.LeafDepth = depth;
            }
            else if (state.LeafDepth != depth)
            {
                throw Bad(page, $"is a leaf at depth {depth}, others are at {state.LeafDepth}");
            }

            state.Leaves++;
            state.Entries += count;
            for (int i = 0; i < count; i++)
            {
                VerifyValue(page, body, i, state);
            }

            return;
        }

        if (count == 0)
        {
            throw Bad(page, "is an interior node without separators");
        }

        state.Interiors++;
        for (int i = 0; i <= count; i++)
        {
            byte[]? childLower = i == 0 ? lower : BTreeNode.Key(body, i - 1, leaf: false).ToArray();
            byte[]? childUpper = i == count ? upper : BTreeNode.Key(body, i, leaf: false).ToArray();
            VerifyNode(BTreeNode.ChildAt(body, i), depth + 1, childLower, childUpper, state);
        }
    }

    private static void VerifyLayout(uint page, ReadOnlySpan<byte> body, bool leaf, int count)
    {
        int contentStart = BTreeNode.ContentStart(body);
        if (HeaderAndSlots(count) > contentStart || contentStart > body.Length)
        {
            throw Bad(page, "has a slot array overlapping its cells");
        }

        var extents = new List<(int Start, int End)>(count);
        long live = 0;
        for (int i = 0; i < count; i++)
        {
            int offset = BTreeNode.SlotOffset(body, i);
            int length = offset < contentStart || offset >= body.Length ? -1 : BTreeNode.CellLength(body, offset, leaf);
            if (length <= 0 || offset + length > body.Length)
            {
                throw Bad(page, $"has cell {i} outside its content area");
            }

            extents.Add((offset, offset + length));
            live += length;
        }

        extents.Sort();
        for (int i = 1; i < extents.Count; i++)
        {
            if (extents[i].Start < extents[i - 1].End)
            {
                throw Bad(page, "has overlapping cells");
            }
        }

        if (live + BTreeNode.Garbage(body) != body.Length - contentStart)
        {
            throw Bad(page, "has a garbage count that does not match its cells");
        }
    }

    private static int HeaderAndSlots(int count) => BTreeNode.SlotAt(count);

    private void VerifyValue(uint page, ReadOnlySpan<byte> body, int slot, VerifyState state)
    {
        BTreeNode.LeafValue(body, slot, out int local, out int length, out bool overflow);
        int keyLength = BTreeNode.Key(body, slot, leaf: true).Length;
        if (overflow == _limits.FitsInline(keyLength, length))
        {
            throw Bad(page, $"stores value {slot} {(overflow ? "in overflow pages though it fits" : "inline though it does not fit")}");
        }

        if (overflow)
        {
            uint first = BinaryPrimitives.ReadUInt32LittleEndian(body[local..]);
            OverflowChain.Walk(_pages, first, length, p =>
            {
                if (p == 0 || !state.Seen.Add(p))
                {
                    throw Bad(p, "is reached twice");
                }

                state.OverflowPages++;
            });
        }
    }

    private static SharpCoreDBException Bad(uint page, string problem) =>
        new(SharpCoreDBErrorCode.Corrupt, $"B+tree page {page} {problem}.");

    private sealed class VerifyState
    {
        public HashSet<uint> Seen { get; } = [];

        public int LeafDepth { get; set; } = -1;

        public int Leaves { get; set; }

        public int Interiors { get; set; }

        public int OverflowPages { get; set; }

        public long Entries { get; set; }
    }
}
