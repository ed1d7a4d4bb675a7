// The searches of BTreeCursor: the prefix seeks, the search inside the current leaf
// that lets probes in key order skip the descent, and the descent from the root. Every
// comparison is in the tree's key order: memcmp, or an index's collated order
// (CollatedKeyOrder), where a prefix is a prefix of values and its end is found by
// placing the probe after the keys that start with it rather than by incrementing its
// last byte.
using System.Runtime.CompilerServices;
using SharpCoreDB.Storage.Records;

namespace SharpCoreDB.Storage.BTree;

internal sealed partial class BTreeCursor
{
    /// <summary>Moves to the first key starting with <paramref name="prefix"/>; false if there is none.</summary>
    public bool SeekPrefixFirst(ReadOnlySpan<byte> prefix) => SeekGE(prefix) && KeyStartsWith(prefix);

    /// <summary>Moves to the last key starting with <paramref name="prefix"/>; false if there is none.</summary>
    public bool SeekPrefixLast(ReadOnlySpan<byte> prefix) => SeekPrefixEnd(prefix) && KeyStartsWith(prefix);

    /// <summary>
    /// Moves to the largest key below every key past the range of <paramref name="prefix"/>: the last key starting
    /// with it, or, when none does, the last key before where they would be (the start of a backward scan of all
    /// keys &lt;= the prefix range). False when there is no such key.
    /// </summary>
    public bool SeekPrefixEnd(ReadOnlySpan<byte> prefix)
    {
        if (_tree.KeyOrder is not null)
        {
            // The order places the prefix after the keys that start with it; the key before that place is the end.
            DescendTo(prefix, PrefixPlacement.AfterExtensions);
            _indexes[_leafLevel]--;
            return LandOrBackward();
        }

        // The first key past the prefix range is the prefix with its trailing FF bytes dropped and its last byte + 1.
        int length = prefix.Length;
        while (length > 0 && prefix[length - 1] == 0xFF)
        {
            length--;
        }

        if (length == 0)
        {
            return SeekLast();
        }

        Span<byte> successor = Scratch(length);
        prefix[..length].CopyTo(successor);
        successor[length - 1]++;
        return SeekLT(successor);
    }

    /// <summary>
    /// When the cursor is on an entry of an unchanged tree (or was, before it was re-attached to it: Attach) and <paramref name="key"/> lies between the first and last
    /// keys of its leaf, puts the leaf index at the key's lower bound there (the path above stays valid) and returns true.
    /// </summary>
    private bool SeekInLeaf(ReadOnlySpan<byte> key)
    {
        if ((!IsValid && !_pathHint) || _version != _tree.Version)
        {
            return false;
        }

        _pathHint = false;

        ReadOnlySpan<byte> leaf = _bodies[_leafLevel].Span;
        int count = BTreeNode.Count(leaf);
        int current = _indexes[_leafLevel];

        // Probes in key order usually want the entry under the cursor or the next one: try those first.
        int c = CompareProbe(key, BTreeNode.Key(leaf, current, leaf: true));
        if (c == 0 || (c < 0 && current > 0 && CompareProbe(key, BTreeNode.Key(leaf, current - 1, leaf: true)) > 0))
        {
            return true;
        }

        if (c > 0 && current + 1 < count && CompareProbe(key, BTreeNode.Key(leaf, current + 1, leaf: true)) <= 0)
        {
            _indexes[_leafLevel] = current + 1;
            return true;
        }

        if ((c < 0 && CompareProbe(key, BTreeNode.Key(leaf, 0, leaf: true)) < 0)
            || (c > 0 && CompareProbe(key, BTreeNode.Key(leaf, count - 1, leaf: true)) > 0))
        {
            return false;
        }

        _indexes[_leafLevel] = _tree.Search(leaf, key, leaf: true, out _);
        return true;
    }

    // The probe against a stored key in the tree's order: memcmp, or the collated order (which takes the stored key first).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int CompareProbe(ReadOnlySpan<byte> probe, ReadOnlySpan<byte> stored) =>
        _tree.KeyOrder is { } order ? -order.Compare(stored, probe) : probe.SequenceCompareTo(stored);

    /// <summary>
    /// Walks from the root towards <paramref name="key"/>; leaves the leaf index at its lower bound; true if equal. In a
    /// collated order, <paramref name="placement"/> says where a key that is a prefix of stored keys goes among them.
    /// </summary>
    private bool DescendTo(ReadOnlySpan<byte> key, PrefixPlacement placement = PrefixPlacement.BeforeExtensions)
    {
        _pathHint = false;
        uint page = _tree.RootPage;
        for (int level = 0; level < BTree.MaxDepth; level++)
        {
            ReadOnlyMemory<byte> memory = _tree.Pages.Read(page);
            _pages[level] = page;
            _bodies[level] = memory;
            ReadOnlySpan<byte> body = memory.Span;
            bool leaf = CheckKind(body, page);
            bool exact;
            int index = _tree.KeyOrder is { } order
                ? BTreeNode.LowerBound(body, key, leaf, order, placement, out exact)
                : BTreeNode.LowerBound(body, key, leaf, out exact);
            if (leaf)
            {
                _leafLevel = level;
                _indexes[level] = index;
                return exact;
            }

            int child = exact ? index + 1 : index;
            _indexes[level] = child;
            page = BTreeNode.ChildAt(body, child);
        }

        throw BTree.NotANode(page);
    }
}
