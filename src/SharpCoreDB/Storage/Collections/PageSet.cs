// A set of page numbers, over PageMap for the same reason (the engine's own code,
// precompiled in the package's ReadyToRun images, where the framework's HashSet<uint>
// had the JIT compile its methods inside a fresh process's first batch).
namespace SharpCoreDB.Storage.Collections;

/// <summary>A set of page numbers (not thread-safe).</summary>
internal sealed class PageSet
{
    private readonly PageMap<bool> _pages = new();

    public int Count => _pages.Count;

    /// <summary>Adds <paramref name="page"/>; returns whether it was absent.</summary>
    public bool Add(uint page) => _pages.TryAdd(page, true);

    public bool Contains(uint page) => _pages.ContainsKey(page);

    /// <summary>Removes <paramref name="page"/>; returns whether it was present.</summary>
    public bool Remove(uint page) => _pages.Remove(page);

    public void Clear() => _pages.Clear();

    /// <summary>Appends every page in the set to <paramref name="destination"/>.</summary>
    public void CopyTo(List<uint> destination)
    {
        foreach (var (page, _) in _pages)
        {
            destination.Add(page);
        }
    }
}
