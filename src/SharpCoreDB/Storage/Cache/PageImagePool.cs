// Page-sized arrays to be used again: the images of committed versions that no
// snapshot can read any more (PageCache drops them from a page's chain of versions)
// and the private pages of a rolled-back write transaction. A write transaction
// takes its private copies from here, so a one-row autocommit that changes a page
// reuses the image its commit makes obsolete instead of allocating 8 KiB that turns
// into garbage one commit later (under sustained load those copies reached gen2
// and made GC pauses a tenth of the run).
//
// Why it is safe to hand an image out again: a page image is read only by a
// transaction that is open (IPageAccess). A committed version leaves its chain only
// when no registered snapshot reads it (PageCache.Versions.cs; the checkpointer
// reads under a snapshot of its own), and never while it is the newest, which is
// all the one writer reads; a result that streams rows checks, before each row,
// that the transaction it reads from is still open (StatementResult), so nothing
// reads a body after its transaction ended. Images the cache drops for other
// reasons (eviction, moved to the spill file, dropped because the file holds them)
// may still be read by an open transaction: they come back through ImageReclaimer,
// once every transaction that was open when they were dropped has ended. A page
// read from the file on a miss is read into an image from here too.
//
// The pool is bounded (PageCache sizes it): beyond that an image is left to the
// garbage collector.
namespace SharpCoreDB.Storage.Cache;

/// <summary>A bounded stack of page images that nobody reads any more.</summary>
internal sealed class PageImagePool
{
    private readonly byte[]?[] _images;
    private readonly int _pageSize;
    private readonly Lock _lock = new();
    private int _count;
    private long _reused;
    private long _missed;

    /// <param name="pageSize">The size of every image.</param>
    /// <param name="capacity">At most this many idle images are kept.</param>
    public PageImagePool(int pageSize, int capacity)
    {
        _pageSize = pageSize;
        _images = new byte[]?[capacity];
    }

    /// <summary>Images handed out again rather than allocated (for tests and probes).</summary>
    public long Reused => Interlocked.Read(ref _reused);

    /// <summary>Idle images held now.</summary>
    public int Idle => Volatile.Read(ref _count);

    /// <summary>Rents the pool could not serve (a new array was allocated).</summary>
    public long Missed => Interlocked.Read(ref _missed);

    /// <summary>A page-sized array whose content is whatever it last held: the caller overwrites all of it.</summary>
    public byte[] Rent()
    {
        lock (_lock)
        {
            if (_count > 0)
            {
                byte[] image = _images[--_count]!;
                _images[_count] = null;
                _reused++;
                return image;
            }
        }

        Interlocked.Increment(ref _missed);
        return GC.AllocateUninitializedArray<byte>(_pageSize);
    }

    /// <summary>Takes back an image nothing reads any more (see the top of this file); kept if there is room.</summary>
    public void Return(byte[] image)
    {
        if (image.Length != _pageSize)
        {
            return;
        }

        lock (_lock)
        {
            if (_count < _images.Length)
            {
                _images[_count++] = image;
            }
        }
    }
}
