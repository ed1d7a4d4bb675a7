// What is needed to undo a write transaction back to a point: the private image
// of every page as it was when the savepoint began (or the fact that the page was
// not yet private), and the database state. Statements run inside a savepoint so
// that a failing statement is undone alone; SQL SAVEPOINT uses the same mechanism.
// Pre-images are rented from the array pool: a batch of many statements would
// otherwise allocate a page copy per statement. The savepoint object itself is
// reused by its transaction once released (Start gives it a new name and state).
using SharpCoreDB.Wal.Buffers;

namespace SharpCoreDB.Storage.Transactions;

/// <summary>A point a write transaction can roll back to.</summary>
internal sealed class Savepoint : IDisposable
{
    private readonly Dictionary<uint, byte[]?> _preImages = [];

    public Savepoint(string? name, DatabaseState state) => Start(name, state);

    public string? Name { get; private set; }

    public DatabaseState State { get; private set; }

    /// <summary>Begins (or, for a reused object, begins again) at <paramref name="state"/>, remembering nothing yet.</summary>
    [System.Diagnostics.CodeAnalysis.MemberNotNull(nameof(State))]
    public void Start(string? name, DatabaseState state)
    {
        Name = name;
        State = state;
    }

    /// <summary>Records the page's image before its first change since this savepoint began.</summary>
    public void Remember(uint pageNumber, PrivatePage? current, int pageSize)
    {
        if (_preImages.ContainsKey(pageNumber))
        {
            return;
        }

        byte[]? copy = null;
        if (current is not null)
        {
            copy = BufferPool.Rent(pageSize);
            current.Image.AsSpan(0, pageSize).CopyTo(copy);
        }

        _preImages.Add(pageNumber, copy);
    }

    /// <summary>True when this savepoint already holds the page's pre-image.</summary>
    public bool Knows(uint pageNumber) => _preImages.ContainsKey(pageNumber);

    /// <summary>Puts every remembered page back as it was; pages that were not private are dropped.</summary>
    public void Restore(Dictionary<uint, PrivatePage> pages, int pageSize)
    {
        foreach (var (page, preImage) in _preImages)
        {
            if (preImage is null)
            {
                pages.Remove(page);
            }
            else
            {
                preImage.AsSpan(0, pageSize).CopyTo(pages[page].Image);
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

            if (preImage is not null)
            {
                BufferPool.Return(preImage);
            }
        }

        _preImages.Clear();
    }

    public void Dispose()
    {
        foreach (var preImage in _preImages.Values)
        {
            if (preImage is not null)
            {
                BufferPool.Return(preImage);
            }
        }

        _preImages.Clear();
    }
}
