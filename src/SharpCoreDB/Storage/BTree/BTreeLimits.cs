// The size rules of B+tree nodes for one body size, chosen so that the split,
// merge and redistribute arithmetic always works out (docs/file-format.md,
// "B+tree pages"):
//
//   capacity   = body size - 16 (the node header)
//   max cell   = capacity / 4 - 2, so that a cell and its slot take at most a
//                quarter of a node: any overflowing node splits into two halves
//                of at least a quarter each, and an interior split, which also
//                promotes one cell, still leaves each half a quarter.
//   max key    = max cell - 12: a leaf cell with the longest key and an overflow
//                pointer, or an interior cell with it, still fits.
//   min fill   = capacity / 5: a non-root node using fewer bytes is merged with
//                or refilled from a sibling.
//   a value is stored in its cell when the whole cell fits in max cell;
//   otherwise it goes to an overflow chain and the cell keeps a 4-byte pointer.
using SharpCoreDB.Storage.Records;

namespace SharpCoreDB.Storage.BTree;

/// <summary>Node capacity, fill and cell-size limits for one page body size.</summary>
internal readonly struct BTreeLimits
{
    public BTreeLimits(int bodySize)
    {
        if (bodySize < 1024 || bodySize > ushort.MaxValue)
        {
            throw new ArgumentOutOfRangeException(nameof(bodySize));
        }

        BodySize = bodySize;
        Capacity = bodySize - BTreeNode.HeaderSize;
        MaxCellSize = (Capacity / 4) - BTreeNode.SlotSize;
        MaxKeySize = MaxCellSize - 12;
        MinFill = Capacity / 5;
    }

    public int BodySize { get; }

    /// <summary>Bytes for slots and cells in one node.</summary>
    public int Capacity { get; }

    /// <summary>The largest cell, in bytes, not counting its 2-byte slot.</summary>
    public int MaxCellSize { get; }

    /// <summary>The longest key a tree accepts.</summary>
    public int MaxKeySize { get; }

    /// <summary>A non-root node using fewer bytes than this is rebalanced.</summary>
    public int MinFill { get; }

    /// <summary>True when a value of <paramref name="valueLength"/> bytes under a key of <paramref name="keyLength"/> bytes fits in its cell.</summary>
    public bool FitsInline(int keyLength, int valueLength) =>
        Varint.SizeOf((ulong)keyLength) + Varint.SizeOf((ulong)valueLength << 1) + (long)keyLength + valueLength <= MaxCellSize;

    /// <summary>The longest value stored inline under a key of <paramref name="keyLength"/> bytes.</summary>
    public int MaxInlineValue(int keyLength)
    {
        int value = MaxCellSize - keyLength - Varint.SizeOf((ulong)keyLength) - 1;
        while (value > 0 && !FitsInline(keyLength, value))
        {
            value--;
        }

        return value;
    }
}
