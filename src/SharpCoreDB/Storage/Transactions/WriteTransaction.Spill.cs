// A write transaction larger than memory. Private pages normally stay in memory
// until the commit; past the transaction's share of the cache (ICommittedPages.
// PrivatePageLimit) they are moved out to a page file of the transaction's own (a
// PageSlotFile: encrypted when the database is, deleted with the transaction) and
// read back when touched again. Such a transaction commits whole pages through the
// checkpoint journal instead of differences through the log (StorageEngine.Commit),
// so it keeps no base images either, and its memory stays within the limit however
// much it writes.
//
// When pages move out: only at a safe point (IPageAccess.SafePoint), which a B+tree
// marks at the start of every change, where no body the transaction handed out is
// being written to. Pages not touched since the last sweep go first (second chance).
// A moved-out page's array is not reused at once: the statement that is running may
// still hold a span of it (a record it read, used again after the next change). It
// waits until the next statement begins (BeginSavepoint) or the transaction ends,
// and then goes to the pool the next reload rents from; past a limit the rest are left
// to the garbage collector (an import that thrashes a random index would otherwise
// turn every reload into garbage that lives long enough to need a full collection).
// Every move bumps Epoch: a B+tree's Version includes it, so a cursor kept across
// statements finds its place again through Read before it trusts a body it kept.
using SharpCoreDB.Storage.File;

namespace SharpCoreDB.Storage.Transactions;

internal sealed partial class WriteTransaction
{
    private PageSlotFile? _spill;
    private int _resident;
    private int _hand;

    /// <summary>True once pages were moved out of memory: the transaction then commits through the checkpoint journal.</summary>
    public bool HasSpilled { get; private set; }

    /// <summary>Pages moved out of memory so far (for tests and probes).</summary>
    public long PagesSpilled { get; private set; }

    /// <summary>Private pages in memory now.</summary>
    public int ResidentPages => _resident;

    /// <inheritdoc />
    public long Epoch { get; private set; }

    /// <summary>
    /// A moment when no body handed out is being written to: if more private pages are in memory than the limit,
    /// moves the least recently touched out until a quarter of the limit is free.
    /// </summary>
    public void SafePoint()
    {
        if (_resident <= _committed.PrivatePageLimit || _finished)
        {
            return;
        }

        _spill ??= _committed.CreatePrivatePageFile();
        if (_spill is null)
        {
            return;
        }

        if (!HasSpilled)
        {
            // Whole pages are committed from now on: the base images kept for the differences only pin memory.
            foreach (PrivatePage page in _pages.Values)
            {
                page.BaseImage = null;
            }

            HasSpilled = true;
        }

        int target = _committed.PrivatePageLimit - (_committed.PrivatePageLimit / 4);
        List<uint> clock = _workspace.Clock;
        for (int visited = 0; _resident > target && visited < 2 * clock.Count; visited++)
        {
            if (_hand >= clock.Count)
            {
                _hand = 0;
            }

            uint number = clock[_hand++];
            if (!_pages.TryGetValue(number, out PrivatePage? page) || page.Image is not { } image)
            {
                continue;
            }

            if (page.Referenced)
            {
                page.Referenced = false;
                continue;
            }

            page.SpillSlot = _spill.Write(number, image);
            page.Image = null;
            _resident--;
            PagesSpilled++;
            if (_workspace.MovedOut.Count < _committed.PrivatePageLimit)
            {
                _workspace.MovedOut.Add(image);
            }
        }

        Epoch++;
    }

    // Between statements: the arrays of pages moved out during the last one go to the pool (see the top of this file).
    private void RecycleMovedOut()
    {
        List<byte[]> movedOut = _workspace.MovedOut;
        foreach (byte[] image in movedOut)
        {
            _committed.ReturnImage(image);
        }

        movedOut.Clear();
    }

    /// <summary>The private page's image, read back into memory if it was moved out.</summary>
    private byte[] ImageOf(uint number, PrivatePage page)
    {
        page.Referenced = true;
        if (page.Image is { } image)
        {
            return image;
        }

        image = _committed.RentImage();
        _spill!.ReadInto(number, page.SpillSlot, image);
        _spill.Free(page.SpillSlot);
        page.SpillSlot = -1;
        page.Image = image;
        _resident++;
        return image;
    }

    /// <summary>
    /// The image of every changed page in turn, for a commit of whole pages: in memory, or read into
    /// <paramref name="scratch"/> without taking it back into memory.
    /// </summary>
    public byte[] ImageForCommit(uint number, PrivatePage page, byte[] scratch)
    {
        if (page.Image is { } image)
        {
            return image;
        }

        _spill!.ReadInto(number, page.SpillSlot, scratch);
        return scratch;
    }

    /// <summary>Copies <paramref name="head"/> back over the start of a private page (a savepoint's undo).</summary>
    internal void PutBack(uint number, ReadOnlySpan<byte> head) => head.CopyTo(ImageOf(number, _pages[number]));

    /// <summary>Forgets a page that was not private when a savepoint began (its undo).</summary>
    internal void DropPrivate(uint number)
    {
        if (!_pages.Remove(number, out PrivatePage? page))
        {
            return;
        }

        if (page.Image is not null)
        {
            _resident--;
        }
        else
        {
            _spill!.Free(page.SpillSlot);
        }
    }

    private void AddPrivate(uint number, PrivatePage page)
    {
        _pages.Add(number, page);
        _workspace.Clock.Add(number);
        _resident++;
    }
}
