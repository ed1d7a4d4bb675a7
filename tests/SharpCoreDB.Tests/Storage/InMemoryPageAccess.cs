// A test double of the pager's IPageAccess: pages live in a list of arrays, freed
// pages go on a free list that Allocate reuses first (clearing the same array, so
// steady-state tests can measure the tree's own allocations), and reading or writing a
// page that is free (or was never allocated) throws, so use-after-free bugs in the
// B+tree show up at once. LivePages and HighWaterMark let tests watch page reuse.
using SharpCoreDB.Storage.Pages;

namespace SharpCoreDB.Tests.Storage;

/// <summary>An in-memory IPageAccess with a free list, for B+tree unit tests.</summary>
internal sealed class InMemoryPageAccess : IPageAccess
{
    private readonly List<byte[]> _bodies = [[]]; // page 0 is the database header, never handed out
    private readonly List<bool> _live = [false];
    private readonly List<PageType> _types = [PageType.Header];
    private readonly Stack<uint> _free = new();

    public InMemoryPageAccess(int pageSize = 4096, bool encrypted = false) =>
        Layout = encrypted ? PageLayout.Encrypted(pageSize) : PageLayout.Plain(pageSize);

    public PageLayout Layout { get; }

    /// <summary>Pages allocated and not freed.</summary>
    public int LivePages => _bodies.Count - 1 - _free.Count;

    /// <summary>The number of pages the "file" has ever needed (page 0 excluded): it grows only when the free list is empty.</summary>
    public int HighWaterMark => _bodies.Count - 1;

    public int FreePages => _free.Count;

    public PageType TypeOf(uint pageNumber) => _types[(int)pageNumber];

    public ReadOnlyMemory<byte> Read(uint pageNumber) => Body(pageNumber);

    public long WriteCount { get; private set; }

    public Memory<byte> Write(uint pageNumber)
    {
        WriteCount++;
        return Body(pageNumber);
    }

    public uint Allocate(PageType type)
    {
        WriteCount++;
        if (_free.TryPop(out uint reused))
        {
            Array.Clear(_bodies[(int)reused]);
            _live[(int)reused] = true;
            _types[(int)reused] = type;
            return reused;
        }

        _bodies.Add(new byte[Layout.BodySize]);
        _live.Add(true);
        _types.Add(type);
        return (uint)(_bodies.Count - 1);
    }

    public void Free(uint pageNumber)
    {
        WriteCount++;
        Body(pageNumber);
        _live[(int)pageNumber] = false;
        _types[(int)pageNumber] = PageType.Free;
        _free.Push(pageNumber);
    }

    private byte[] Body(uint pageNumber)
    {
        if (pageNumber >= _bodies.Count || !_live[(int)pageNumber])
        {
            throw new InvalidOperationException($"Page {pageNumber} is not allocated.");
        }

        return _bodies[(int)pageNumber];
    }
}
