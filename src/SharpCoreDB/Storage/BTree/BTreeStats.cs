// What BTree.Verify found while checking a tree: its shape and size, for the
// integrity check's report and for tests that watch depth and page use.
namespace SharpCoreDB.Storage.BTree;

/// <summary>The shape of a verified B+tree.</summary>
internal readonly record struct BTreeStats(
    int Depth,
    int LeafPages,
    int InteriorPages,
    int OverflowPages,
    long Entries)
{
    /// <summary>Every page the tree owns: nodes and overflow pages.</summary>
    public int TotalPages => LeafPages + InteriorPages + OverflowPages;
}
