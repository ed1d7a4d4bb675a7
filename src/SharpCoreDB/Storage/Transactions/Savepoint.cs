// What is needed to undo a write transaction back to a point: for every page changed
// since the savepoint began, its private image as it was then (or the fact that the
// page was not yet private), and the database state. Statements run inside a
// savepoint so that a failing statement is undone alone; SQL SAVEPOINT uses the same
// mechanism. Pre-images are rented from the array pool: a batch of many statements
// would otherwise allocate a page copy per statement. The savepoint object itself is
// reused by its transaction once released (Start gives it a new name and state).
//
// A pre-image is usually the whole page. A change that only the page's first bytes
// are needed to undo (IPageAccess.WriteHead: a cell added to a B+tree node's free
// space changes only the node header, the slot array and free space) keeps just
// those bytes, a "head": a batch of single-row INSERTs then copies a few hundred
// bytes per statement instead of 8 KiB per page it touches, which was a quarter of
// the batch's time. A head stays valid only while every change to its page is of
// that kind; before any other change the transaction widens it (Widen) to a whole
// pre-image: the page as it is now with the head put back, which is the page as it
// was, because the changes since left every byte past the head that matters alone.
using SharpCoreDB.Storage.Collections;
using SharpCoreDB.Storage.File;
using SharpCoreDB.Wal.Buffers;

namespace SharpCoreDB.Storage.Transactions;

/// <summary>A point a write transaction can roll back to.</summary>
internal sealed class Savepoint : IDisposable
{
    private readonly PageMap<PreImage> _preImages = new();

    public Savepoint(string? name, DatabaseState state) => Start(name, state);

    public string? Name { get; private set; }

    public DatabaseState State { get; private set; }

    /// <summary>The transaction's <see cref="ChangeJournal.Count"/> when this savepoint began.</summary>
    public int ChangeMark { get; set; }

    /// <summary>Begins (or, for a reused object, begins again) at <paramref name="state"/>, remembering nothing yet.</summary>
    [System.Diagnostics.CodeAnalysis.MemberNotNull(nameof(State))]
    public void Start(string? name, DatabaseState state)
    {
        Name = name;
        State = state;
    }

    /// <summary>
    /// Records the first <paramref name="length"/> bytes of the page's image (all of it, or its head)
    /// before its first change since this savepoint began; a page that was not private yet needs no bytes.
    /// </summary>
    public void Remember(uint pageNumber, PrivatePage? current, int length)
    {
        if (_preImages.ContainsKey(pageNumber))
        {
            return;
        }

        byte[]? copy = null;
        if (current is not null)
        {
            copy = BufferPool.Rent(length);
            current.Image!.AsSpan(0, length).CopyTo(copy); // the transaction brought it into memory first
        }

        _preImages.TryAdd(pageNumber, new PreImage(copy, length));
    }

    /// <summary>True when this savepoint already holds the page's pre-image.</summary>
    public bool Knows(uint pageNumber) => _preImages.ContainsKey(pageNumber);

    /// <summary>
    /// Turns a head kept for the page into its whole pre-image, before a change the head cannot undo:
    /// <paramref name="image"/> (the page now) with the head put back.
    /// </summary>
    public void Widen(uint pageNumber, byte[] image, int pageSize)
    {
        if (!_preImages.TryGetValue(pageNumber, out PreImage head) || head.Bytes is null || head.Length == pageSize)
        {
            return;
        }

        byte[] whole = BufferPool.Rent(pageSize);
        image.AsSpan(0, pageSize).CopyTo(whole);
        head.Bytes.AsSpan(0, head.Length).CopyTo(whole);
        BufferPool.Return(head.Bytes);
        _preImages.Set(pageNumber, new PreImage(whole, pageSize));
    }

    /// <summary>Puts every remembered page of <paramref name="transaction"/> back as it was; pages that were not private are dropped.</summary>
    public void Restore(WriteTransaction transaction)
    {
        foreach (var (page, preImage) in _preImages)
        {
            if (preImage.Bytes is null)
            {
                transaction.DropPrivate(page);
            }
            else
            {
                transaction.PutBack(page, preImage.Bytes.AsSpan(0, preImage.Length));
            }
        }
    }

    /// <summary>Hands this savepoint's pre-images to the enclosing one, for pages it does not know yet.</summary>
    public void MergeInto(Savepoint outer)
    {
        foreach (var (page, preImage) in _preImages)
        {
            if (outer._preImages.TryAdd(page, preImage))
            {
                continue;
            }

            if (preImage.Bytes is not null)
            {
                BufferPool.Return(preImage.Bytes);
            }
        }

        _preImages.Clear();
    }

    public void Dispose()
    {
        foreach (var (_, preImage) in _preImages)
        {
            if (preImage.Bytes is not null)
            {
                BufferPool.Return(preImage.Bytes);
            }
        }

        _preImages.Clear();
    }

    /// <summary>The first <see cref="Length"/> bytes of a page's image (null: the page was not private).</summary>
    private readonly record struct PreImage(byte[]? Bytes, int Length);
}
