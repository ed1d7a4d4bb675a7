// What the cache must keep versions for when it prunes a page's chain: the snapshots
// readers hold and the floor of every snapshot taken from now on. A commit lists them
// once (SnapshotRegistry.ListNeeded) and hands the set to each page it installs, so
// that pruning a chain costs no lock beyond the page's stripe.
namespace SharpCoreDB.Storage.Cache;

/// <summary>The snapshots readers hold (ascending) and the lowest LSN a snapshot taken from now on can have.</summary>
internal readonly record struct SnapshotSet(List<long> Held, long FutureFloor)
{
    private static readonly List<long> NoneHeld = [];

    /// <summary>No snapshot held, and none taken from now on below <paramref name="floor"/> (log replay, tests).</summary>
    public static SnapshotSet From(long floor) => new(NoneHeld, floor);
}
