// A scratch list of cells copied out of one or two nodes, used while a node is
// split or two siblings are merged or rebalanced: the cells are gathered here in
// key order, the nodes are reformatted, and the cells are dealt back out. Lent out
// by BTreeScratch, so structural changes allocate nothing once a thread has one.
namespace SharpCoreDB.Storage.BTree;

/// <summary>An ordered list of node cells held in one reusable buffer.</summary>
internal sealed class CellList
{
    private readonly byte[] _data;
    private readonly int[] _offsets;
    private readonly int[] _lengths;
    private int _used;

    public CellList(int bodySize)
    {
        // Two full nodes, a separator and one more cell. A cell and its slot take at
        // least 4 bytes, so two nodes hold fewer than bodySize / 2 cells.
        _data = new byte[(3 * bodySize) + 64];
        _offsets = new int[(bodySize / 2) + 8];
        _lengths = new int[(bodySize / 2) + 8];
    }

    public int Count { get; private set; }

    /// <summary>Sum over the cells of their length plus a 2-byte slot: the bytes they take in a node.</summary>
    public int NodeBytes { get; private set; }

    public void Clear()
    {
        Count = 0;
        _used = 0;
        NodeBytes = 0;
    }

    public ReadOnlySpan<byte> this[int index] => _data.AsSpan(_offsets[index], _lengths[index]);

    /// <summary>Bytes the cells [from, to) take in a node.</summary>
    public int NodeBytesOf(int from, int to)
    {
        int sum = 0;
        for (int i = from; i < to; i++)
        {
            sum += _lengths[i] + BTreeNode.SlotSize;
        }

        return sum;
    }

    public void Add(ReadOnlySpan<byte> cell) => Insert(Count, cell);

    /// <summary>Adds every cell of <paramref name="body"/>, in order.</summary>
    public void AddAll(ReadOnlySpan<byte> body)
    {
        bool leaf = BTreeNode.IsLeaf(body);
        int count = BTreeNode.Count(body);
        for (int i = 0; i < count; i++)
        {
            Add(BTreeNode.Cell(body, i, leaf));
        }
    }

    /// <summary>Adds an interior cell made of <paramref name="child"/> and <paramref name="key"/>.</summary>
    public void AddInterior(uint child, ReadOnlySpan<byte> key)
    {
        int length = BTreeNode.WriteInteriorCell(_data.AsSpan(_used), child, key);
        Place(Count, _used, length);
        _used += length;
    }

    public void Insert(int index, ReadOnlySpan<byte> cell)
    {
        cell.CopyTo(_data.AsSpan(_used));
        Place(index, _used, cell.Length);
        _used += cell.Length;
    }

    private void Place(int index, int offset, int length)
    {
        Array.Copy(_offsets, index, _offsets, index + 1, Count - index);
        Array.Copy(_lengths, index, _lengths, index + 1, Count - index);
        _offsets[index] = offset;
        _lengths[index] = length;
        Count++;
        NodeBytes += length + BTreeNode.SlotSize;
    }
}
