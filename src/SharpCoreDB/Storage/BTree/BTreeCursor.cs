// A position in a B+tree, kept as the stack of nodes from the root to a leaf
// (page, body and child index at each level), so Next and Prev move along the
// leaves in either direction without sibling links: the leaves carry none, which
// keeps a split from touching a third page.
//
// Range scans: SeekGE(low) then Next while CompareKey(high) <= 0, or SeekLE(high)
// then Prev while CompareKey(low) >= 0. Prefix scans: SeekPrefixFirst /
// SeekPrefixLast, then Next / Prev while KeyStartsWith(prefix). Comparisons,
// prefixes included, are in the tree's key order (memcmp, or an index's collated
// order, where a prefix is a prefix of values compared as that order does).
//
// The cursor keeps a copy of its current key. If the tree changes under it (its
// Version moves), Next and Prev find their place again from that key (so a scan
// may delete the rows it visits), and Value finds the entry again or throws if
// it is gone. Moving allocates nothing; buffers grow once and are reused; reading
// a value that spilled to overflow pages copies it into a reused buffer.
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using SharpCoreDB.Storage.Pages;

namespace SharpCoreDB.Storage.BTree;

/// <summary>Moves over a B+tree's entries in key order, both ways.</summary>
internal sealed partial class BTreeCursor
{
    private BTree _tree;
    private readonly uint[] _pages = new uint[BTree.MaxDepth];
    private readonly int[] _indexes = new int[BTree.MaxDepth];
    private readonly ReadOnlyMemory<byte>[] _bodies = new ReadOnlyMemory<byte>[BTree.MaxDepth];
    private int _leafLevel;
    private long _version;
    private IPageAccess? _landedPages;
    private long _landedChanges;
    private bool _pathHint;
    private byte[] _key = new byte[64];
    private int _keyLength;
    private byte[] _scratch = new byte[64];
    private byte[] _value = [];
    private int _valueLength = -1;

    internal BTreeCursor(BTree tree) => _tree = tree;

    /// <summary>
    /// Points this cursor at <paramref name="tree"/> (another instance, e.g. the same root in a later snapshot),
    /// positioned nowhere, keeping its buffers: a statement reopened with new parameters allocates no new cursor.
    /// </summary>
    internal void Attach(BTree tree)
    {
        // Re-attached to the same tree, read through the same pages, and with nothing written since it landed (by any
        // B+tree over those pages: IPageAccess.WriteCount), the cursor keeps the path to the entry it was on as a hint for
        // SeekInLeaf: a rowid range reopened for each outer row of a join, in key order, then searches the leaf it
        // stopped on instead of descending from the root. Otherwise the path is forgotten.
        _pathHint = IsValid && ReferenceEquals(tree, _tree) && ReferenceEquals(tree.Pages, _landedPages) && _version == tree.Version
            && tree.Pages.WriteCount == _landedChanges;
        _tree = tree;
        IsValid = false;
        _valueLength = -1;
        if (!_pathHint)
        {
            Array.Clear(_bodies);
        }
    }

    /// <summary>True when the cursor is on an entry.</summary>
    public bool IsValid { get; private set; }

    /// <summary>The current key (a copy owned by the cursor, valid until it moves).</summary>
    public ReadOnlySpan<byte> Key => IsValid ? _key.AsSpan(0, _keyLength) : throw NotOnEntry();

    /// <summary>The current value: in place for an inline value, else copied into a buffer the cursor reuses.</summary>
    public ReadOnlySpan<byte> Value
    {
        get
        {
            LoadValue(out ReadOnlySpan<byte> value);
            return value;
        }
    }

    /// <summary>The current value's length in bytes, without reading an overflow chain.</summary>
    public int ValueLength
    {
        get
        {
            Relocate();
            BTreeNode.LeafValue(_bodies[_leafLevel].Span, _indexes[_leafLevel], out _, out int length, out _);
            return length;
        }
    }

    /// <summary>The current key against <paramref name="other"/> in the tree's order: negative, zero or positive.</summary>
    public int CompareKey(ReadOnlySpan<byte> other) => _tree.CompareKeys(Key, other);

    /// <summary>Whether the current key starts with <paramref name="prefix"/> (with its values, in a collated order).</summary>
    public bool KeyStartsWith(ReadOnlySpan<byte> prefix) =>
        IsValid && (_tree.KeyOrder is { } order ? order.StartsWith(Key, prefix) : Key.StartsWith(prefix));

    /// <summary>Moves to the smallest key; false if the tree is empty.</summary>
    public bool SeekFirst()
    {
        DescendEdge(0, _tree.RootPage, first: true);
        return Land();
    }

    /// <summary>Moves to the largest key; false if the tree is empty.</summary>
    public bool SeekLast()
    {
        DescendEdge(0, _tree.RootPage, first: false);
        return Land();
    }

    /// <summary>
    /// Moves to the smallest key &gt;= <paramref name="key"/>. When the cursor is on an entry and the key falls within
    /// its leaf's first and last keys, only that leaf is searched: the probes of an index nested loop, which come in
    /// key order, then read no page at all.
    /// </summary>
    public bool SeekGE(ReadOnlySpan<byte> key)
    {
        if (!SeekInLeaf(key))
        {
            DescendTo(key);
        }

        return LandOrForward();
    }

    /// <summary>Moves to <paramref name="key"/> itself; false (and not on an entry) when the tree does not hold it.</summary>
    public bool SeekExact(ReadOnlySpan<byte> key)
    {
        if (SeekGE(key) && _tree.CompareKeys(Key, key) == 0)
        {
            return true;
        }

        IsValid = false;
        return false;
    }

    /// <summary>Moves to the smallest key &gt; <paramref name="key"/>.</summary>
    public bool SeekGT(ReadOnlySpan<byte> key)
    {
        if (DescendTo(key))
        {
            _indexes[_leafLevel]++;
        }

        return LandOrForward();
    }

    /// <summary>Moves to the largest key &lt;= <paramref name="key"/>.</summary>
    public bool SeekLE(ReadOnlySpan<byte> key)
    {
        if (!DescendTo(key))
        {
            _indexes[_leafLevel]--;
        }

        return LandOrBackward();
    }

    /// <summary>Moves to the largest key &lt; <paramref name="key"/>.</summary>
    public bool SeekLT(ReadOnlySpan<byte> key)
    {
        DescendTo(key);
        _indexes[_leafLevel]--;
        return LandOrBackward();
    }

    /// <summary>Moves to the next key; false past the last.</summary>
    public bool Next() => Step(forward: true);

    /// <summary>Moves to the previous key; false before the first.</summary>
    public bool Prev() => Step(forward: false);

    // Inlined into Next and Prev, so each keeps only its own direction's branch.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool Step(bool forward)
    {
        if (!IsValid)
        {
            return false;
        }

        if (_version != _tree.Version)
        {
            // The tree changed since the cursor landed: find its key again and step past it from there.
            Span<byte> key = Scratch(_keyLength);
            _key.AsSpan(0, _keyLength).CopyTo(key);
            return forward ? SeekGT(key) : SeekLT(key);
        }

        if (forward)
        {
            _indexes[_leafLevel]++;
            return LandOrForward();
        }

        _indexes[_leafLevel]--;
        return LandOrBackward();
    }

    /// <summary>From <paramref name="page"/> at <paramref name="level"/>, goes down the leftmost or rightmost edge to a leaf.</summary>
    private void DescendEdge(int level, uint page, bool first)
    {
        for (; level < BTree.MaxDepth; level++)
        {
            ReadOnlyMemory<byte> memory = _tree.Pages.Read(page);
            _pages[level] = page;
            _bodies[level] = memory;
            ReadOnlySpan<byte> body = memory.Span;
            int count = BTreeNode.Count(body);
            if (CheckKind(body, page))
            {
                _leafLevel = level;
                _indexes[level] = first ? 0 : count - 1;
                return;
            }

            int child = first ? 0 : count;
            _indexes[level] = child;
            page = BTreeNode.ChildAt(body, child);
        }

        throw BTree.NotANode(page);
    }

    private bool LandOrForward()
    {
        while (_indexes[_leafLevel] >= BTreeNode.Count(_bodies[_leafLevel].Span))
        {
            int level = _leafLevel - 1;
            while (level >= 0 && _indexes[level] >= BTreeNode.Count(_bodies[level].Span))
            {
                level--;
            }

            if (level < 0)
            {
                IsValid = false;
                return false;
            }

            int child = ++_indexes[level];
            DescendEdge(level + 1, BTreeNode.ChildAt(_bodies[level].Span, child), first: true);
        }

        return Land();
    }

    private bool LandOrBackward()
    {
        while (_indexes[_leafLevel] < 0)
        {
            int level = _leafLevel - 1;
            while (level >= 0 && _indexes[level] == 0)
            {
                level--;
            }

            if (level < 0)
            {
                IsValid = false;
                return false;
            }

            int child = --_indexes[level];
            DescendEdge(level + 1, BTreeNode.ChildAt(_bodies[level].Span, child), first: false);
        }

        return Land();
    }

    /// <summary>Takes the leaf index as the current entry if it is one; copies its key.</summary>
    private bool Land()
    {
        _pathHint = false;
        ReadOnlySpan<byte> leaf = _bodies[_leafLevel].Span;
        int index = _indexes[_leafLevel];
        if (index < 0 || index >= BTreeNode.Count(leaf))
        {
            IsValid = false;
            return false;
        }

        ReadOnlySpan<byte> key = BTreeNode.Key(leaf, index, leaf: true);
        if (_key.Length < key.Length)
        {
            _key = new byte[Math.Max(key.Length, _key.Length * 2)];
        }

        key.CopyTo(_key);
        _keyLength = key.Length;
        _version = _tree.Version;
        _landedPages = _tree.Pages;
        _landedChanges = _landedPages.WriteCount;
        _valueLength = -1;
        IsValid = true;
        return true;
    }

    /// <summary>After a change to the tree, finds the current key again.</summary>
    private void Relocate()
    {
        if (!IsValid)
        {
            throw NotOnEntry();
        }

        if (_version == _tree.Version)
        {
            return;
        }

        Span<byte> key = Scratch(_keyLength);
        _key.AsSpan(0, _keyLength).CopyTo(key);
        if (!SeekGE(key) || !Key.SequenceEqual(key))
        {
            IsValid = false;
            throw new InvalidOperationException("The entry under the cursor was deleted.");
        }
    }

    private void LoadValue(out ReadOnlySpan<byte> value)
    {
        Relocate();
        ReadOnlySpan<byte> leaf = _bodies[_leafLevel].Span;
        BTreeNode.LeafValue(leaf, _indexes[_leafLevel], out int local, out int length, out bool overflow);
        if (!overflow)
        {
            value = leaf.Slice(local, length);
            return;
        }

        if (_valueLength < 0)
        {
            if (_value.Length < length)
            {
                _value = new byte[length];
            }

            OverflowChain.Read(_tree.Pages, BinaryPrimitives.ReadUInt32LittleEndian(leaf[local..]), _value.AsSpan(0, length));
            _valueLength = length;
        }

        value = _value.AsSpan(0, _valueLength);
    }

    private Span<byte> Scratch(int length)
    {
        if (_scratch.Length < length)
        {
            _scratch = new byte[Math.Max(length, _scratch.Length * 2)];
        }

        return _scratch.AsSpan(0, length);
    }

    private static bool CheckKind(ReadOnlySpan<byte> body, uint page) => BTreeNode.Kind(body) switch
    {
        BTreeNode.LeafKind => true,
        BTreeNode.InteriorKind => false,
        _ => throw BTree.NotANode(page),
    };

    private static InvalidOperationException NotOnEntry() => new("The cursor is not on an entry.");
}
