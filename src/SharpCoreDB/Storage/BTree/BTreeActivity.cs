// Counts of a tree's structural changes by height above the leaves (index 0 is
// the leaf level). Tests use them to prove that splits, merges and
// redistributions happen at every level; they cost one increment each.
namespace SharpCoreDB.Storage.BTree;

/// <summary>How many splits, merges and redistributions a tree instance has made, per height.</summary>
internal sealed class BTreeActivity
{
    public long[] Splits { get; } = new long[BTree.MaxDepth];

    public long[] Merges { get; } = new long[BTree.MaxDepth];

    public long[] Redistributions { get; } = new long[BTree.MaxDepth];
}
