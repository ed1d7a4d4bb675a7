// The working buffers of an insert or delete that changes the tree's structure:
// the cell list for splits and merges, the buffer a new cell is built in, and the
// buffer a separator is built in. They are sized by the page body (up to ~260 KB
// with 64 KiB pages), so rather than give every BTree instance (one per tree per
// transaction) its own, each thread keeps one set and lends it to the operation
// running on it.
namespace SharpCoreDB.Storage.BTree;

/// <summary>Per-thread reusable buffers for B+tree changes.</summary>
internal sealed class BTreeScratch
{
    [ThreadStatic]
    private static BTreeScratch? _cached;

    private BTreeScratch(BTreeLimits limits)
    {
        BodySize = limits.BodySize;
        Cells = new CellList(limits.BodySize);
        Cell = new byte[limits.MaxCellSize + 16];
        Separator = new byte[limits.MaxKeySize + 16];
    }

    public int BodySize { get; }

    /// <summary>Cells gathered from the nodes being split, merged or redistributed.</summary>
    public CellList Cells { get; }

    /// <summary>Where a new leaf or interior cell is built before it goes into a node.</summary>
    public byte[] Cell { get; }

    /// <summary>Where the separator produced by a split or redistribution is kept.</summary>
    public byte[] Separator { get; }

    /// <summary>This thread's buffers for pages of <paramref name="limits"/>' body size (new ones if they are lent out or of another size).</summary>
    public static BTreeScratch Rent(BTreeLimits limits)
    {
        BTreeScratch? scratch = _cached;
        if (scratch is not null && scratch.BodySize == limits.BodySize)
        {
            _cached = null;
            return scratch;
        }

        return new BTreeScratch(limits);
    }

    /// <summary>Gives the buffers back for the next operation on this thread.</summary>
    public static void Return(BTreeScratch scratch) => _cached = scratch;
}
