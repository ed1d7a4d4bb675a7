// The pages that kept their previous version when a commit installed a new one, in
// commit order, each with the LSN of that commit (PageCache.PruneSuperseded visits them
// again). A ring of two plain arrays rather than a Queue of tuples: a framework generic
// over a tuple is not in the package's ReadyToRun images, and the first commit of a
// fresh process paid for compiling its seven methods (1.5 ms of its first batch).
namespace SharpCoreDB.Storage.Cache;

/// <summary>
/// A first-in, first-out queue of (page, LSN) pairs, bounded: past <paramref name="limit"/> pairs the oldest is dropped
/// (it is only a shortcut; the pass over all chained pages still reaches that page). Two readers that hold snapshots
/// for an hour would otherwise grow it with every commit. Not thread-safe: the cache locks around it.
/// </summary>
internal sealed class SupersededPages(int limit)
{
    private uint[] _pages = new uint[Math.Min(64, limit)];
    private long[] _lsns = new long[Math.Min(64, limit)];
    private int _head;
    private int _count;

    public int Count => _count;

    public void Enqueue(uint page, long lsn)
    {
        if (_count == limit)
        {
            _head = (_head + 1) % _pages.Length;
            _count--;
        }
        else if (_count == _pages.Length)
        {
            Grow();
        }

        int tail = (_head + _count) % _pages.Length;
        _pages[tail] = page;
        _lsns[tail] = lsn;
        _count++;
    }

    /// <summary>Removes the oldest pair if its LSN is at most <paramref name="lsn"/>; returns whether it did.</summary>
    public bool TryDequeueUpTo(long lsn, out uint page)
    {
        if (_count == 0 || _lsns[_head] > lsn)
        {
            page = 0;
            return false;
        }

        page = _pages[_head];
        _head = (_head + 1) % _pages.Length;
        _count--;
        return true;
    }

    private void Grow()
    {
        int length = Math.Min(_pages.Length * 2, limit);
        var pages = new uint[length];
        var lsns = new long[length];
        for (int i = 0; i < _count; i++)
        {
            pages[i] = _pages[(_head + i) % _pages.Length];
            lsns[i] = _lsns[(_head + i) % _lsns.Length];
        }

        _pages = pages;
        _lsns = lsns;
        _head = 0;
    }
}
