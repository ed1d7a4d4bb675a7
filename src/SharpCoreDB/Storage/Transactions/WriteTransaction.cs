// The one write transaction a database allows at a time. It holds the writer
// lock from its start to its commit or rollback. Pages it changes are private
// copies (copy-on-write): readers keep seeing the committed images, and rollback
// is simply forgetting the copies. Commit turns the copies into the newest
// committed versions and logs their differences (see StorageEngine.Commit).
using SharpCoreDB.Storage.Collections;
using SharpCoreDB.Storage.File;
using SharpCoreDB.Storage.Pages;

namespace SharpCoreDB.Storage.Transactions;

/// <summary>A transaction that may change pages; at most one per database at a time.</summary>
internal sealed partial class WriteTransaction : IPageAccess, IDisposable
{
    private long _pageChanges;

    /// <inheritdoc />
    public long WriteCount => _pageChanges;

    private readonly ICommittedPages _committed;
    private readonly IWriterHost _host;
    // Lent by the database for this transaction's lifetime (WriterWorkspace): private pages,
    // open and released savepoints, and the pages some open savepoint keeps only the head of.
    private readonly WriterWorkspace _workspace;
    private readonly Dictionary<uint, PrivatePage> _pages;
    private readonly List<Savepoint> _savepoints;
    private readonly Stack<Savepoint> _spareSavepoints;
    private readonly PageSet _headsKept;

    // This transaction's ticket in the cache's image reclamation (ICommittedPages.EnterEpoch).
    private readonly long _epoch;
    private bool _finished;

    // Set once the commit starts handing the private copies to the cache: from then on they are not ours to reuse.
    private bool _publishing;

    public WriteTransaction(ICommittedPages committed, IWriterHost host, DatabaseState state, WriterWorkspace workspace)
    {
        _committed = committed;
        _host = host;
        _workspace = workspace;
        _pages = workspace.Pages;
        _savepoints = workspace.Savepoints;
        _spareSavepoints = workspace.SpareSavepoints;
        _headsKept = workspace.HeadsKept;
        _epoch = committed.EnterEpoch();
        State = state;
        StartState = state;
    }

    /// <summary>The database state as this transaction has changed it so far.</summary>
    public DatabaseState State { get; set; }

    /// <summary>The database state when the transaction began.</summary>
    public DatabaseState StartState { get; }

    public PageLayout Layout => _committed.Layout;

    /// <summary>The pages changed so far, by page number (read only; the concrete type so that commit enumerates without boxing).</summary>
    public Dictionary<uint, PrivatePage> ChangedPages => _pages;

    public bool IsFinished => _finished;

    /// <inheritdoc />
    public bool IsOpen => !_finished;

    /// <summary>The rows this transaction changed, recorded while somebody listens for changes; null otherwise.</summary>
    public ChangeJournal? Changes { get; set; }

    /// <summary>
    /// Changes whenever pages go back to older images (ROLLBACK TO). Objects that cache what they
    /// learned from this transaction's pages (a prepared statement's open trees) compare it to
    /// know they are still current.
    /// </summary>
    public long Generation { get; private set; }

    public ReadOnlyMemory<byte> Read(uint pageNumber)
    {
        EnsureActive();
        if (_pages.TryGetValue(pageNumber, out var page))
        {
            return ImageOf(pageNumber, page).AsMemory(PageLayout.HeaderSize, Layout.BodySize);
        }

        PageNumbers.Check(pageNumber, State.PageCount);
        return _committed.Committed(pageNumber, long.MaxValue).AsMemory(PageLayout.HeaderSize, Layout.BodySize);
    }

    public Memory<byte> Write(uint pageNumber)
    {
        _pageChanges++;
        EnsureActive();
        _pages.TryGetValue(pageNumber, out var page);
        byte[]? image = page is null ? null : ImageOf(pageNumber, page);
        if (page is null || NeedsRemembering(pageNumber) || (_headsKept.Count > 0 && _headsKept.Contains(pageNumber)))
        {
            PageNumbers.Check(pageNumber, State.PageCount);
            WidenHeads(pageNumber, page);
            RememberForSavepoint(pageNumber, page, Layout.PageSize);
            image ??= MakePrivate(pageNumber);
        }

        return image.AsMemory(PageLayout.HeaderSize, Layout.BodySize);
    }

    /// <summary>
    /// As <see cref="Write"/>, for a change that putting back the body's first <paramref name="headLength"/>
    /// bytes undoes: an open savepoint keeps only the page's head rather than a copy of the whole page.
    /// </summary>
    public Memory<byte> WriteHead(uint pageNumber, int headLength)
    {
        _pageChanges++;
        EnsureActive();
        _pages.TryGetValue(pageNumber, out var page);
        byte[]? image = page is null ? null : ImageOf(pageNumber, page);
        if (page is null || NeedsRemembering(pageNumber))
        {
            PageNumbers.Check(pageNumber, State.PageCount);
            RememberForSavepoint(pageNumber, page, PageLayout.HeaderSize + headLength);
            if (page is null)
            {
                image = MakePrivate(pageNumber);
            }
            else if (_savepoints.Count > 0)
            {
                _headsKept.Add(pageNumber);
            }
        }

        return image.AsMemory(PageLayout.HeaderSize, Layout.BodySize);
    }

    public uint Allocate(PageType type)
    {
        _pageChanges++;
        EnsureActive();
        uint page = FreeList.Pop(this);
        if (page == 0)
        {
            page = State.PageCount;
            if (page == uint.MaxValue)
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.DiskFull, "The database has reached its largest page count.");
            }

            State = State with { PageCount = page + 1 };
        }

        Reinitialize(page, type);
        return page;
    }

    public void Free(uint pageNumber)
    {
        _pageChanges++;
        EnsureActive();
        PageNumbers.Check(pageNumber, State.PageCount);
        FreeList.Push(this, pageNumber);
    }

    /// <summary>Makes <paramref name="pageNumber"/> a zeroed private page of <paramref name="type"/> without reading its old content.</summary>
    public Memory<byte> Reinitialize(uint pageNumber, PageType type)
    {
        _pages.TryGetValue(pageNumber, out var page);
        byte[] image = page is null ? _committed.RentImage() : ImageOf(pageNumber, page);
        WidenHeads(pageNumber, page);
        RememberForSavepoint(pageNumber, page, Layout.PageSize);
        if (page is null)
        {
            AddPrivate(pageNumber, _workspace.NewPage(image, baseImage: null));
        }

        Array.Clear(image);
        PageHeader.SetType(image, type);
        return image.AsMemory(PageLayout.HeaderSize, Layout.BodySize);
    }

    /// <summary>Starts a savepoint; statements run in one so that a failure undoes the statement alone.</summary>
    public Savepoint BeginSavepoint(string? name = null)
    {
        EnsureActive();

        // A statement begins: no body of a page the last one moved out is in use any more (WriteTransaction.Spill.cs).
        RecycleMovedOut();

        // A statement inside an explicit transaction opens and releases one savepoint each time:
        // released ones are kept (their emptied dictionaries with them) and handed out again.
        Savepoint savepoint;
        if (_spareSavepoints.Count > 0)
        {
            savepoint = _spareSavepoints.Pop();
            savepoint.Start(name, State);
        }
        else
        {
            savepoint = new Savepoint(name, State);
        }

        savepoint.ChangeMark = Changes?.Count ?? 0;
        _savepoints.Add(savepoint);
        return savepoint;
    }

    /// <summary>Undoes everything since <paramref name="savepoint"/> began; the savepoint stays open.</summary>
    public void RollbackTo(Savepoint savepoint)
    {
        EnsureActive();
        int index = IndexOf(savepoint);

        // Oldest first: a page changed under several inner savepoints must get back the image
        // it had when the outermost of them began, which only that savepoint remembers.
        for (int i = index + 1; i < _savepoints.Count; i++)
        {
            _savepoints[i].MergeInto(savepoint);
        }

        for (int i = index + 1; i < _savepoints.Count; i++)
        {
            _spareSavepoints.Push(_savepoints[i]);
        }

        _savepoints.RemoveRange(index + 1, _savepoints.Count - index - 1);
        savepoint.Restore(this);
        savepoint.Dispose();
        Changes?.TruncateTo(savepoint.ChangeMark);
        State = savepoint.State;
        Generation++;
    }

    /// <summary>Keeps everything since <paramref name="savepoint"/> and closes it (and any inside it).</summary>
    public void Release(Savepoint savepoint)
    {
        EnsureActive();
        int index = IndexOf(savepoint);
        for (int i = _savepoints.Count - 1; i >= index; i--)
        {
            if (i > 0)
            {
                _savepoints[i].MergeInto(_savepoints[i - 1]);
            }

            _savepoints[i].Dispose();
            _spareSavepoints.Push(_savepoints[i]);
            _savepoints.RemoveAt(i);
        }

        if (_savepoints.Count == 0)
        {
            _headsKept.Clear();
        }
    }

    /// <summary>The open savepoint with this name, innermost first; null if none.</summary>
    public Savepoint? FindSavepoint(string name)
    {
        EnsureActive();
        for (int i = _savepoints.Count - 1; i >= 0; i--)
        {
            if (string.Equals(_savepoints[i].Name, name, StringComparison.OrdinalIgnoreCase))
            {
                return _savepoints[i];
            }
        }

        return null;
    }

    /// <summary>Makes the changes durable according to the durability mode and visible to new readers.</summary>
    public void Commit()
    {
        long lsn = CommitChanges();
        _host.WaitForCommit(lsn);
    }

    /// <summary>As <see cref="Commit"/>, awaiting the log's fsync without blocking a thread.</summary>
    public async ValueTask CommitAsync(CancellationToken cancellationToken = default)
    {
        long lsn = CommitChanges();
        await _host.WaitForCommitAsync(lsn, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Forgets every change and releases the writer lock.</summary>
    public void Rollback()
    {
        if (!_finished)
        {
            // Nothing reads a private copy once its transaction has ended (results streaming from it stop:
            // IPageAccess.IsOpen), so the copies can be used again, unless a failed commit may have
            // installed some of them in the cache already.
            if (!_publishing)
            {
                foreach (PrivatePage page in _pages.Values)
                {
                    if (page.Image is { } image)
                    {
                        _committed.ReturnImage(image);
                    }
                }
            }

            Finish();
        }
    }

    public void Dispose() => Rollback();

    // Logs and publishes the changes under the writer lock, then releases it; the wait
    // for the disk happens after, so that other committers can join the same fsync.
    private long CommitChanges()
    {
        EnsureActive();
        long lsn;
        try
        {
            _publishing = true;
            lsn = _host.CommitLocked(this);
        }
        catch
        {
            Rollback();
            throw;
        }

        // The private copies now belong to the cache as committed versions, unless the transaction committed through the
        // journal (it moved pages out), whose copies nobody reads any more; Finish forgets them.
        if (HasSpilled)
        {
            foreach (PrivatePage page in _pages.Values)
            {
                if (page.Image is { } image)
                {
                    _committed.ReturnImage(image);
                }
            }
        }

        Finish();
        return lsn;
    }

    private void Finish()
    {
        _finished = true;
        foreach (var savepoint in _savepoints)
        {
            savepoint.Dispose();
            _spareSavepoints.Push(savepoint);
        }

        RecycleMovedOut();
        _workspace.Reset();
        _spill?.Dispose();
        _spill = null;
        _committed.ExitEpoch(_epoch);
        _host.ReleaseWriter(this);
    }

    private bool NeedsRemembering(uint pageNumber) =>
        _savepoints.Count > 0 && !_savepoints[^1].Knows(pageNumber);

    private void RememberForSavepoint(uint pageNumber, PrivatePage? current, int length)
    {
        if (_savepoints.Count > 0)
        {
            _savepoints[^1].Remember(pageNumber, current, length);
        }
    }

    // Before a change that a kept head cannot undo, every open savepoint holding only the
    // page's head gets its whole pre-image instead (see Savepoint).
    private void WidenHeads(uint pageNumber, PrivatePage? page)
    {
        if (page is null || !_headsKept.Remove(pageNumber))
        {
            return;
        }

        foreach (Savepoint savepoint in _savepoints)
        {
            savepoint.Widen(pageNumber, ImageOf(pageNumber, page), Layout.PageSize);
        }
    }

    // The committed page copied into a new private page; returns the copy.
    private byte[] MakePrivate(uint pageNumber)
    {
        var committed = _committed.Committed(pageNumber, long.MaxValue);
        byte[] copy = _committed.RentImage();
        committed.CopyTo(copy, 0);
        AddPrivate(pageNumber, _workspace.NewPage(copy, committed));
        return copy;
    }

    private int IndexOf(Savepoint savepoint)
    {
        int index = _savepoints.IndexOf(savepoint);
        if (index < 0)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Misuse, "The savepoint is no longer open in this transaction.");
        }

        return index;
    }

    private void EnsureActive()
    {
        if (_finished)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Misuse, "The transaction has already been committed or rolled back.");
        }
    }
}
