// One page a checkpoint writes: its number, the LSN of the version it writes, and
// that version's image, copied out of the cache under the page's stripe lock
// (PageCache.CollectDirty). The checkpoint keeps no reference to the version
// itself: version objects are reused once they leave their chain (SpareObjects).
namespace SharpCoreDB.Storage.Cache;

/// <summary>
/// A dirty page as of a checkpoint's LSN. <see cref="Image"/> may be read only while the checkpoint holds the snapshot
/// that keeps the version (it encodes the pages then); after that only <see cref="Page"/> and <see cref="Lsn"/> count.
/// </summary>
internal readonly record struct DirtyPage(uint Page, long Lsn, byte[] Image);
