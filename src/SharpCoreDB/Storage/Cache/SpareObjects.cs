// Cache objects that left the cache, kept by each cache stripe for the next page
// or version it takes in (used only under the stripe's lock): page versions that
// left their page's chain, and the entries of evicted pages.
//
// Why: every commit gives each page it changed a new version, and the version it
// replaces is usually dropped at once (no snapshot reads it); every miss of a
// table larger than the cache makes a new entry and version while eviction drops
// another. A new object lives as long as its page goes unwritten or stays cached,
// long enough to survive young collections, and it hangs from an old entry or map,
// so every young collection had to find it through a card and copy it: in the
// sustained-load probe (16 writers over a table with a random-key index) about a
// megabyte promoted per young collection, most of it versions, and the pauses that
// stop every writer grew with it. A reused object is already old: storing it in an
// old one gives the collector nothing to trace.
//
// Safe because nothing holds a version or an entry outside its stripe's lock:
// readers take the image, not the version (PageCache.Resolve), and a checkpoint
// copies each dirty version's page, LSN and image (DirtyPage) while it holds it.
namespace SharpCoreDB.Storage.Cache;

/// <summary>A stripe's spare objects of one kind, at most <see cref="Limit"/>.</summary>
internal sealed class SpareObjects<T>
    where T : class
{
    // Enough for what one commit's pages or one eviction sweep in a stripe give back, and a few more: 64 stripes hold
    // at most 4,096 of each kind (about 200 KiB of versions). More are left to the collector (a long reader let go of
    // many versions at once).
    internal const int Limit = 64;

    private readonly T?[] _items = new T?[Limit];
    private int _count;

    /// <summary>Spare objects held.</summary>
    public int Count => _count;

    /// <summary>A spare object, or null when there is none.</summary>
    public T? Take()
    {
        if (_count == 0)
        {
            return null;
        }

        T? item = _items[--_count];
        _items[_count] = null;
        return item;
    }

    /// <summary>Keeps an object nothing else holds any more, unless <see cref="Limit"/> are kept already.</summary>
    public void Keep(T item)
    {
        if (_count < Limit)
        {
            _items[_count++] = item;
        }
    }
}
