// The collections a write transaction works in, kept by the database and lent to
// each write transaction in turn. There is one writer at a time, so one workspace
// serves them all: a one-row autocommit no longer allocates a page dictionary, a
// savepoint list and stack and a set of kept heads (with their arrays) per
// commit, a third of what such a commit allocated once the page copies were reused.
// A transaction clears what it put in when it ends and touches the workspace no
// more (WriteTransaction checks that it is active before every use), so the
// PrivatePage objects it made can serve the next one too.
using SharpCoreDB.Storage.Collections;

namespace SharpCoreDB.Storage.Transactions;

/// <summary>Reusable state of the write transaction: private pages, savepoints, kept heads.</summary>
internal sealed class WriterWorkspace
{
    // A transaction that touched more pages than this leaves a dictionary trimmed back to it,
    // so one huge import does not keep megabytes of empty buckets for the life of the database.
    private const int KeptCapacity = 1024;

    // Private page objects of finished transactions, their images let go of: at most KeptCapacity.
    private readonly Stack<PrivatePage> _sparePages = new();

    /// <summary>The pages changed so far, by page number.</summary>
    public Dictionary<uint, PrivatePage> Pages { get; } = [];

    /// <summary>The open savepoints, outermost first.</summary>
    public List<Savepoint> Savepoints { get; } = [];

    /// <summary>Released savepoint objects, handed out again by the next BeginSavepoint.</summary>
    public Stack<Savepoint> SpareSavepoints { get; } = new();

    /// <summary>Pages some open savepoint may keep only the head of (WriteHead); empty when none is open.</summary>
    public PageSet HeadsKept { get; } = new();

    /// <summary>Every private page in the order it became private: the ring the sweep that moves pages out walks.</summary>
    public List<uint> Clock { get; } = [];

    /// <summary>Arrays of pages moved out during the running statement, reused once it has ended.</summary>
    public List<byte[]> MovedOut { get; } = [];

    /// <summary>A private page object for <paramref name="image"/> (see <see cref="PrivatePage.Begin"/>), one used before if there is one.</summary>
    public PrivatePage NewPage(byte[] image, byte[]? baseImage) =>
        (_sparePages.TryPop(out PrivatePage? page) ? page : new PrivatePage()).Begin(image, baseImage);

    /// <summary>Empties the workspace for the next transaction (the spare savepoints and page objects stay).</summary>
    public void Reset()
    {
        foreach (PrivatePage page in Pages.Values)
        {
            if (_sparePages.Count == KeptCapacity)
            {
                break;
            }

            page.Forget();
            _sparePages.Push(page);
        }

        bool large = Pages.Count > KeptCapacity;
        Pages.Clear();
        if (large)
        {
            Pages.TrimExcess(KeptCapacity);
        }

        Savepoints.Clear();
        HeadsKept.Clear();
        Clock.Clear();
        if (Clock.Capacity > KeptCapacity)
        {
            Clock.Capacity = KeptCapacity;
        }
    }
}
