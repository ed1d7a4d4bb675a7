// Counts of a tree's structural changes by height above the leaves (height 0 is
// the leaf level). Tests use them to prove that splits, merges and
// redistributions happen at every level; they cost one increment each. Each count
// grows only to the heights it has seen: a tree object is made per statement, and
// arrays sized for the deepest possible tree cost a kilobyte at its first split.
namespace SharpCoreDB.Storage.BTree;

/// <summary>How many splits, merges and redistributions a tree instance has made, per height.</summary>
internal sealed class BTreeActivity
{
    private long[] _splits = [];
    private long[] _merges = [];
    private long[] _redistributions = [];

    public long Splits(int height) => At(_splits, height);

    public long Merges(int height) => At(_merges, height);

    public long Redistributions(int height) => At(_redistributions, height);

    public void CountSplit(int height) => Count(ref _splits, height);

    public void CountMerge(int height) => Count(ref _merges, height);

    public void CountRedistribution(int height) => Count(ref _redistributions, height);

    private static long At(long[] counts, int height) => height < counts.Length ? counts[height] : 0;

    private static void Count(ref long[] counts, int height)
    {
        if (height >= counts.Length)
        {
            Array.Resize(ref counts, height + 1);
        }

        counts[height]++;
    }
}
