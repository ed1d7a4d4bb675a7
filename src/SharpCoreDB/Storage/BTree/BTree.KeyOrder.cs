// How a B+tree compares keys: by memcmp, or, for an index with a column under an
// application collation, by the CollatedKeyOrder it was opened with (every search of
// BTree and BTreeCursor goes through Search or CompareKeys, so a tree without one pays
// a null test and nothing else); and the descent from the root that every change
// starts with, which searches each node in that order, or, for an Append insert,
// keeps to the right edge and compares nothing at all.
using System.Runtime.CompilerServices;
using SharpCoreDB.Storage.Records;

namespace SharpCoreDB.Storage.BTree;

internal sealed partial class BTree
{
    /// <summary>The order of the keys when it is not memcmp (an index under an application collation); null for memcmp.</summary>
    public CollatedKeyOrder? KeyOrder => _keyOrder;

    /// <summary>
    /// Walks from the root to the leaf that holds or would hold <paramref name="key"/>, or, with <paramref name="rightEdge"/>,
    /// to the rightmost leaf (where an appended key goes, found without a comparison); records the path and returns the
    /// leaf's level.
    /// </summary>
    private int Descend(ReadOnlySpan<byte> key, bool rightEdge = false)
    {
        uint page = RootPage;
        for (int level = 0; level < MaxDepth; level++)
        {
            _pathPages[level] = page;
            ReadOnlySpan<byte> body = _pages.Read(page).Span;
            byte kind = BTreeNode.Kind(body);
            if (kind == BTreeNode.LeafKind)
            {
                _leafLevel = level;
                return level;
            }

            if (kind != BTreeNode.InteriorKind)
            {
                throw NotANode(page);
            }

            int child;
            if (rightEdge)
            {
                child = BTreeNode.Count(body);
            }
            else
            {
                int index = Search(body, key, leaf: false, out bool exact);
                child = exact ? index + 1 : index;
            }

            _pathIndex[level + 1] = child;
            page = BTreeNode.ChildAt(body, child);
        }

        throw TooDeep();
    }

    /// <summary>The lower bound of <paramref name="key"/> in a node, in this tree's key order.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal int Search(ReadOnlySpan<byte> body, ReadOnlySpan<byte> key, bool leaf, out bool exact) =>
        _keyOrder is null
            ? BTreeNode.LowerBound(body, key, leaf, out exact)
            : BTreeNode.LowerBound(body, key, leaf, _keyOrder, PrefixPlacement.BeforeExtensions, out exact);

    /// <summary>Negative, zero or positive as the stored <paramref name="key"/> sorts before, with or after <paramref name="probe"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal int CompareKeys(ReadOnlySpan<byte> key, ReadOnlySpan<byte> probe) =>
        _keyOrder is null ? key.SequenceCompareTo(probe) : _keyOrder.Compare(key, probe);
}
