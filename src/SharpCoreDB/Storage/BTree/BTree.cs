// One generic B+tree of (key bytes, value bytes) pairs ordered by memcmp of the
// keys, stored in slotted pages (BTreeNode) through a transaction's IPageAccess.
// Tables use it with 8-byte rowid keys and record values, indexes with encoded
// (key columns, rowid) keys and empty values. An index with a column under an
// application collation is opened with a KeyOrder (Records/CollatedKeyOrder), which
// then orders its keys instead of memcmp; every other tree has none and searches
// by memcmp exactly as before (one null test per node visited).
//
// The root page never moves (the catalog stores it): a root split moves the
// root's cells into two new pages, and a root left with one child takes that
// child's content. Values too big for a cell go to overflow chains. Deletes merge
// or redistribute underfull nodes at every level, so a tree that is emptied gives
// all its pages but the root back to the free list.
//
// An instance belongs to one transaction and one thread at a time. Its path arrays
// and scratch buffers are reused, so lookups, inserts and deletes that do not spill
// to overflow allocate nothing. A prepared statement keeps its trees from one
// execution to the next and points them at the next transaction with Rebind (the
// tree holds no page content between operations, only its root page number).
using System.Buffers.Binary;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Storage.Records;

namespace SharpCoreDB.Storage.BTree;

/// <summary>A B+tree of byte keys and byte values.</summary>
internal sealed partial class BTree
{
    /// <summary>Deeper than any tree of 2^32 pages with at least two children per interior node.</summary>
    internal const int MaxDepth = 40;

    /// <summary>Trees of two levels with fewer children than this are counted exactly by <see cref="EstimateCount"/>.</summary>
    private const int ExactCountFanOut = 64;

    private IPageAccess _pages;
    private BTreeLimits _limits;
    private readonly byte _treeType;
    private readonly CollatedKeyOrder? _keyOrder;
    private readonly uint[] _pathPages = new uint[MaxDepth];
    private readonly int[] _pathIndex = new int[MaxDepth];
    private BTreeActivity? _activity;
    private BTreeScratch? _scratch;
    private int _leafLevel;

    private BTree(IPageAccess pages, uint rootPage, byte treeType, CollatedKeyOrder? keyOrder)
    {
        _pages = pages;
        _limits = new BTreeLimits(pages.Layout.BodySize);
        _treeType = treeType;
        _keyOrder = keyOrder;
        RootPage = rootPage;
    }

    /// <summary>The root page; it stays the same for the life of the tree.</summary>
    public uint RootPage { get; }

    /// <summary>TableNode or IndexNode: the type of this tree's pages.</summary>
    public PageType PageType => (PageType)_treeType;

    /// <summary>The longest key this tree accepts (1001 bytes with 4 KiB pages).</summary>
    public int MaxKeySize => _limits.MaxKeySize;

    internal BTreeLimits Limits => _limits;

    internal IPageAccess Pages => _pages;

    /// <summary>Structural changes so far, by height above the leaves (0 = leaf level), for tests and diagnostics.</summary>
    /// <remarks>Created at the first change: every statement opens its trees anew, and most never split.</remarks>
    internal BTreeActivity Activity => _activity ??= new();

    /// <summary>
    /// Changes with every insert and delete, and when the pages move out of memory (IPageAccess.Epoch), so cursors
    /// can notice and find their place again.
    /// </summary>
    internal long Version => _changes + _pages.Epoch;

    // Inserts and deletes (and rebinds) so far: the tree's part of Version.
    private long _changes;

    /// <summary>Allocates the root page of a new, empty tree, ordered by <paramref name="keyOrder"/> (null: memcmp).</summary>
    public static BTree Create(IPageAccess pages, PageType type, CollatedKeyOrder? keyOrder = null)
    {
        if (type is not (PageType.TableNode or PageType.IndexNode))
        {
            throw new ArgumentOutOfRangeException(nameof(type), "A B+tree is made of TableNode or IndexNode pages.");
        }

        uint root = pages.Allocate(type);
        BTreeNode.Format(pages.Write(root).Span, BTreeNode.LeafKind, (byte)type);
        return new BTree(pages, root, (byte)type, keyOrder);
    }

    /// <summary>
    /// Opens the tree whose root is <paramref name="rootPage"/>, ordered by <paramref name="keyOrder"/> (null: memcmp),
    /// which must be the order it was built in.
    /// </summary>
    public static BTree Open(IPageAccess pages, uint rootPage, CollatedKeyOrder? keyOrder = null) => new(pages, rootPage, RootType(pages, rootPage), keyOrder);

    /// <summary>
    /// Makes this tree read and write through <paramref name="pages"/> (another transaction or snapshot of the
    /// same database) from now on, as a new <see cref="Open"/> of the same root would, without allocating.
    /// The caller guarantees the root page still roots this tree there (the same catalog).
    /// </summary>
    public void Rebind(IPageAccess pages)
    {
        if (ReferenceEquals(pages, _pages))
        {
            return;
        }

        if (RootType(pages, RootPage) != _treeType)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Corrupt, $"Page {RootPage} is no longer the root of this B+tree.");
        }

        if (pages.Layout.BodySize != _limits.BodySize)
        {
            _limits = new BTreeLimits(pages.Layout.BodySize);
        }

        // Version must only grow: the old access's epoch is carried over, since the new one's starts again.
        _changes += _pages.Epoch + 1;
        _pages = pages;
        _activity = null;
    }

    private static byte RootType(IPageAccess pages, uint rootPage)
    {
        ReadOnlySpan<byte> body = pages.Read(rootPage).Span;
        byte type = BTreeNode.TreeType(body);
        if (BTreeNode.Kind(body) is not (BTreeNode.LeafKind or BTreeNode.InteriorKind)
            || (PageType)type is not (PageType.TableNode or PageType.IndexNode))
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Corrupt, $"Page {rootPage} is not the root of a B+tree.");
        }

        return type;
    }

    /// <summary>A new cursor over this tree, positioned nowhere.</summary>
    public BTreeCursor OpenCursor() => new(this);

    /// <summary>A cursor over this tree: <paramref name="recycled"/> (a cursor no longer in use) re-attached, or a new one.</summary>
    public BTreeCursor OpenCursor(BTreeCursor? recycled)
    {
        if (recycled is null)
        {
            return new BTreeCursor(this);
        }

        recycled.Attach(this);
        return recycled;
    }

    /// <summary>
    /// Finds <paramref name="key"/>. An inline value is a slice of the page, valid until the tree changes;
    /// a value from an overflow chain is a new array.
    /// </summary>
    public bool TryGet(ReadOnlySpan<byte> key, out ReadOnlyMemory<byte> value)
    {
        byte[]? spill = null;
        return TryGet(key, ref spill, out value);
    }

    /// <summary>
    /// Finds <paramref name="key"/> as <see cref="TryGet(ReadOnlySpan{byte}, out ReadOnlyMemory{byte})"/> does,
    /// but reads a value from an overflow chain into <paramref name="spill"/> (replaced by a larger array when
    /// too small), so that a caller decoding one record at a time copies each large value once, not twice.
    /// Such a value is valid until <paramref name="spill"/> is used again.
    /// </summary>
    public bool TryGet(ReadOnlySpan<byte> key, ref byte[]? spill, out ReadOnlyMemory<byte> value)
    {
        int level = Descend(key);
        ReadOnlyMemory<byte> memory = _pages.Read(_pathPages[level]);
        int slot = Search(memory.Span, key, leaf: true, out bool exact);
        if (!exact)
        {
            value = default;
            return false;
        }

        value = ReadValue(memory, slot, ref spill);
        return true;
    }

    public bool ContainsKey(ReadOnlySpan<byte> key)
    {
        int level = Descend(key);
        Search(_pages.Read(_pathPages[level]).Span, key, leaf: true, out bool exact);
        return exact;
    }

    /// <summary>
    /// Adds (<paramref name="key"/>, <paramref name="value"/>). Returns true if the key was new; false if it
    /// existed, in which case the tree is unchanged (FailIfExists) or the value was replaced (Replace). With
    /// Append the entry goes after every entry without a comparison (the caller copies a tree in its order).
    /// </summary>
    public bool Insert(ReadOnlySpan<byte> key, ReadOnlySpan<byte> value, BTreeInsertMode mode)
    {
        _pages.SafePoint();
        if (key.Length > _limits.MaxKeySize)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Misuse,
                $"A key of {key.Length} bytes is longer than the {_limits.MaxKeySize} bytes a B+tree key may take with {_pages.Layout.PageSize}-byte pages.");
        }

        int level, slot;
        bool exact;
        if (mode == BTreeInsertMode.Append)
        {
            level = Descend(key, rightEdge: true);
            slot = BTreeNode.Count(_pages.Read(_pathPages[level]).Span);
            exact = false;
        }
        else
        {
            level = Descend(key);
            slot = Search(_pages.Read(_pathPages[level]).Span, key, leaf: true, out exact);
        }

        if (exact && mode == BTreeInsertMode.FailIfExists)
        {
            return false;
        }

        _changes++;
        try
        {
            return InsertAt(level, slot, exact, key, value);
        }
        finally
        {
            ReleaseScratch();
        }
    }

    private bool InsertAt(int level, int slot, bool exact, ReadOnlySpan<byte> key, ReadOnlySpan<byte> value)
    {
        uint leafPage = _pathPages[level];
        Span<byte> cell = CellBuffer();
        int length;
        if (_limits.FitsInline(key.Length, value.Length))
        {
            length = BTreeNode.WriteLeafCell(cell, key, value.Length, overflow: false, value);
        }
        else
        {
            Span<byte> pointer = stackalloc byte[BTreeNode.OverflowPointerSize];
            BinaryPrimitives.WriteUInt32LittleEndian(pointer, OverflowChain.Write(_pages, value));
            length = BTreeNode.WriteLeafCell(cell, key, value.Length, overflow: true, pointer);
        }

        if (!exact)
        {
            InsertCell(level, slot, cell[..length]);
            return true;
        }

        Span<byte> body = WriteForRemoval(leafPage);
        FreeValue(body, slot);
        BTreeNode.RemoveCell(body, slot, leaf: true);
        bool split = InsertCell(level, slot, cell[..length]);
        if (!split && level > 0 && BTreeNode.UsedBytes(body) < _limits.MinFill)
        {
            Rebalance(level);
        }

        return false;
    }

    // The leaf a cell is about to be removed from, writable. Removing any cell but the last
    // changes only the node's head (the last one resets the content area, which later cells
    // would overwrite), so a savepoint needs only the head to undo it.
    private Span<byte> WriteForRemoval(uint leafPage)
    {
        ReadOnlySpan<byte> node = _pages.Read(leafPage).Span;
        return BTreeNode.Count(node) > 1
            ? _pages.WriteHead(leafPage, BTreeNode.HeadLength(node)).Span
            : _pages.Write(leafPage).Span;
    }

    /// <summary>Removes <paramref name="key"/> and its value; false if it was not there.</summary>
    public bool Delete(ReadOnlySpan<byte> key)
    {
        _pages.SafePoint();
        if (key.Length > _limits.MaxKeySize)
        {
            return false;
        }

        int level = Descend(key);
        uint leafPage = _pathPages[level];
        int slot = Search(_pages.Read(leafPage).Span, key, leaf: true, out bool exact);
        if (!exact)
        {
            return false;
        }

        _changes++;
        Span<byte> body = WriteForRemoval(leafPage);
        FreeValue(body, slot);
        BTreeNode.RemoveCell(body, slot, leaf: true);
        if (level > 0 && BTreeNode.UsedBytes(body) < _limits.MinFill)
        {
            try
            {
                Rebalance(level);
            }
            finally
            {
                ReleaseScratch();
            }
        }

        return true;
    }

    /// <summary>Reads the value in <paramref name="slot"/> of the leaf <paramref name="leaf"/>; an overflow value goes into <paramref name="spill"/>.</summary>
    private ReadOnlyMemory<byte> ReadValue(ReadOnlyMemory<byte> leaf, int slot, ref byte[]? spill)
    {
        BTreeNode.LeafValue(leaf.Span, slot, out int local, out int length, out bool overflow);
        if (!overflow)
        {
            return leaf.Slice(local, length);
        }

        if (spill is null || spill.Length < length)
        {
            spill = new byte[length];
        }

        Memory<byte> value = spill.AsMemory(0, length);
        OverflowChain.Read(_pages, BinaryPrimitives.ReadUInt32LittleEndian(leaf.Span[local..]), value.Span);
        return value;
    }

    private SharpCoreDBException TooDeep() =>
        new(SharpCoreDBErrorCode.Corrupt, $"The B+tree rooted at page {RootPage} is deeper than {MaxDepth} levels.");

    private void FreeValue(ReadOnlySpan<byte> leaf, int slot)
    {
        BTreeNode.LeafValue(leaf, slot, out int local, out int length, out bool overflow);
        if (overflow)
        {
            OverflowChain.Free(_pages, BinaryPrimitives.ReadUInt32LittleEndian(leaf[local..]), length);
        }
    }

    private void CheckNode(ReadOnlySpan<byte> body, uint page, int depth)
    {
        if (BTreeNode.Kind(body) is not (BTreeNode.LeafKind or BTreeNode.InteriorKind) || depth >= MaxDepth)
        {
            throw NotANode(page);
        }
    }

    private Span<byte> CellBuffer() => Scratch().Cell;

    private Span<byte> SeparatorBuffer() => Scratch().Separator;

    private CellList Cells() => Scratch().Cells;

    private BTreeScratch Scratch() => _scratch ??= BTreeScratch.Rent(_limits);

    /// <summary>Gives the scratch buffers back to the thread at the end of an operation.</summary>
    private void ReleaseScratch()
    {
        if (_scratch is not null)
        {
            BTreeScratch.Return(_scratch);
            _scratch = null;
        }
    }

    internal static SharpCoreDBException NotANode(uint page) =>
        new(SharpCoreDBErrorCode.Corrupt, $"Page {page} should be a B+tree node but is not.");
}
