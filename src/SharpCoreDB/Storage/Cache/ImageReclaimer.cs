// Images the cache drops while a transaction may still be reading them: a clean page
// evicted to make room, an image moved to the version spill file or dropped because
// the database file holds it. Any open transaction may have been handed such an image
// before it was dropped, so it cannot go straight back to the PageImagePool (as an
// image of a pruned version can, which no snapshot reads). It waits here until every
// transaction that was open when it was dropped has ended (epoch-based reclamation):
//
//   - the clock is an epoch number G; a transaction (read, write, the checkpointer,
//     recovery) enters in the current epoch and leaves when it ends; counts per
//     epoch say how many are open (three slots: open transactions are always of
//     epoch G or G-1);
//   - an image dropped while the epoch is G (read after it was unlinked from the
//     cache) waits in the list of epoch G;
//   - G advances to G+1 once no transaction of epoch G-1 is open; the list of epoch
//     G-1 then goes to the pool. Whoever could hold one of its images had entered by
//     epoch G-1 (the image was unreachable after that), and none of them is open.
//
// Under a steady load of short transactions the epoch moves on every few commits and
// evicted images feed the next misses and private copies, instead of becoming garbage
// that lived long enough to need a full collection (under sustained load that was
// most of the garbage collector's pauses). A transaction that stays open holds the
// epoch back: the lists then fill up, and what does not fit is left to the garbage
// collector, as before this existed.
namespace SharpCoreDB.Storage.Cache;

/// <summary>Holds dropped images until no transaction that may read them is open, then gives them to the pool.</summary>
internal sealed class ImageReclaimer
{
    private const int Slots = 3;
    private readonly PageImagePool _pool;
    private readonly int[] _open = new int[Slots];
    private readonly List<byte[]>[] _waiting = [[], [], []];
    private readonly int _capacity;
    private readonly Lock _lock = new();
    private long _epoch = Slots;

    /// <param name="pool">Where images go once nobody can read them.</param>
    /// <param name="capacity">At most this many images wait per epoch; the rest are left to the garbage collector.</param>
    public ImageReclaimer(PageImagePool pool, int capacity)
    {
        _pool = pool;
        _capacity = capacity;
    }

    /// <summary>The current epoch (for tests).</summary>
    public long Epoch => Interlocked.Read(ref _epoch);

    /// <summary>Images waiting now (for tests).</summary>
    public int Waiting
    {
        get
        {
            lock (_lock)
            {
                return _waiting[0].Count + _waiting[1].Count + _waiting[2].Count;
            }
        }
    }

    /// <summary>A transaction begins; returns its ticket for <see cref="Exit"/>.</summary>
    public long Enter()
    {
        while (true)
        {
            long epoch = Interlocked.Read(ref _epoch);
            Interlocked.Increment(ref _open[epoch % Slots]);

            // Counted in the epoch that is still current: otherwise the epoch moved on between the two reads, and
            // being counted in an older one could let its images go while this transaction reads them.
            if (Interlocked.Read(ref _epoch) == epoch)
            {
                return epoch;
            }

            Interlocked.Decrement(ref _open[epoch % Slots]);
        }
    }

    /// <summary>The transaction that entered with <paramref name="ticket"/> has ended.</summary>
    public void Exit(long ticket)
    {
        if (Interlocked.Decrement(ref _open[ticket % Slots]) == 0)
        {
            TryAdvance();
        }
    }

    /// <summary>Takes an image the cache dropped (unlinked first, then retired) to reuse once no open transaction can hold it.</summary>
    public void Retire(byte[] image)
    {
        lock (_lock)
        {
            List<byte[]> waiting = _waiting[Interlocked.Read(ref _epoch) % Slots];
            if (waiting.Count < _capacity)
            {
                waiting.Add(image);
            }
        }

        TryAdvance();
    }

    private void TryAdvance()
    {
        long epoch = Interlocked.Read(ref _epoch);
        if (Volatile.Read(ref _open[(epoch - 1) % Slots]) != 0)
        {
            return;
        }

        lock (_lock)
        {
            epoch = Interlocked.Read(ref _epoch);
            if (Volatile.Read(ref _open[(epoch - 1) % Slots]) != 0)
            {
                return;
            }

            // Nobody of epoch G-1 is open: the images dropped in G-1 are free, and G-1's slot becomes G+2's.
            List<byte[]> free = _waiting[(epoch - 1) % Slots];
            foreach (byte[] image in free)
            {
                _pool.Return(image);
            }

            free.Clear();
            Interlocked.Exchange(ref _epoch, epoch + 1);
        }
    }
}
