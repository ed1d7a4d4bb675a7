// A table's B+tree seen through rowids: keys are the 8-byte RowIdKey form of a
// 64-bit rowid, values are records. Adds what the executor needs on top of the
// generic tree: lookups by rowid, the largest rowid (to allocate the next one,
// as SQLite does: max + 1) and a row count.
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Storage.Records;

namespace SharpCoreDB.Storage.BTree;

/// <summary>A B+tree of records keyed by 64-bit rowid.</summary>
internal sealed class TableTree
{
    private BTreeCursor? _cursor;

    public TableTree(BTree tree)
    {
        if (tree.PageType != PageType.TableNode)
        {
            throw new ArgumentException("A table tree is made of TableNode pages.", nameof(tree));
        }

        Tree = tree;
    }

    /// <summary>The underlying tree (for cursors, Verify and Drop).</summary>
    public BTree Tree { get; }

    public uint RootPage => Tree.RootPage;

    public static TableTree Create(IPageAccess pages) => new(BTree.Create(pages, PageType.TableNode));

    public static TableTree Open(IPageAccess pages, uint rootPage) => new(BTree.Open(pages, rootPage));

    /// <summary>Reads and writes through <paramref name="pages"/> from now on; see <see cref="BTree.Rebind"/>.</summary>
    public void Rebind(IPageAccess pages) => Tree.Rebind(pages);

    /// <summary>Stores <paramref name="record"/> under <paramref name="rowId"/>; see <see cref="BTree.Insert"/>.</summary>
    public bool Insert(long rowId, ReadOnlySpan<byte> record, BTreeInsertMode mode)
    {
        Span<byte> key = stackalloc byte[RowIdKey.MaxSize];
        return Tree.Insert(key[..RowIdKey.Write(rowId, key)], record, mode);
    }

    public bool TryGet(long rowId, out ReadOnlyMemory<byte> record)
    {
        byte[]? spill = null;
        return TryGet(rowId, ref spill, out record);
    }

    /// <summary>Finds row <paramref name="rowId"/>; a record in an overflow chain is read into <paramref name="spill"/> (see <see cref="BTree.TryGet(ReadOnlySpan{byte}, ref byte[], out ReadOnlyMemory{byte})"/>).</summary>
    public bool TryGet(long rowId, ref byte[]? spill, out ReadOnlyMemory<byte> record)
    {
        Span<byte> key = stackalloc byte[RowIdKey.MaxSize];
        return Tree.TryGet(key[..RowIdKey.Write(rowId, key)], ref spill, out record);
    }

    public bool Contains(long rowId)
    {
        Span<byte> key = stackalloc byte[RowIdKey.MaxSize];
        return Tree.ContainsKey(key[..RowIdKey.Write(rowId, key)]);
    }

    public bool Delete(long rowId)
    {
        Span<byte> key = stackalloc byte[RowIdKey.MaxSize];
        return Tree.Delete(key[..RowIdKey.Write(rowId, key)]);
    }

    /// <summary>The largest rowid in the table, or null if it is empty.</summary>
    public long? MaxRowId()
    {
        _cursor ??= Tree.OpenCursor();
        return _cursor.SeekLast() ? RowIdKey.Read(_cursor.Key) : null;
    }

    /// <summary>The rowid for a new row: one past the largest (1 in an empty table).</summary>
    public long NextRowId()
    {
        long? max = MaxRowId();
        if (max == long.MaxValue)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.ArithmeticOverflow, "The table has used the largest rowid.");
        }

        return max is null ? 1 : max.Value + 1;
    }

    /// <summary>How many rows the table holds.</summary>
    public long Count() => Tree.Count();

    /// <summary>About how many rows the table holds, reading one page per level; see <see cref="BTree.EstimateCount"/>.</summary>
    public long EstimateCount() => Tree.EstimateCount();
}
