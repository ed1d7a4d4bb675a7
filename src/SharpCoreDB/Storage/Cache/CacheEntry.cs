// What the cache knows about one page: its committed images, newest first, and
// which of them the database file holds. Fields are changed only under the lock
// of the cache stripe the page belongs to. The entry of an evicted page is reused
// for a page the stripe takes in later (SpareObjects), through Reuse.
namespace SharpCoreDB.Storage.Cache;

/// <summary>The cached versions of one page.</summary>
internal sealed class CacheEntry(PageVersion latest, long fileLsn, bool olderInFile)
{
    /// <summary>Makes this entry, which no stripe holds, the entry of another page (as the constructor would).</summary>
    public void Reuse(PageVersion latest, long fileLsn, bool olderInFile)
    {
        Latest = latest;
        FileLsn = fileLsn;
        OlderInFile = olderInFile;
        Chained = false;
        Referenced = true;
    }

    /// <summary>The newest committed image.</summary>
    public PageVersion Latest { get; set; } = latest;

    /// <summary>
    /// The LSN of the image the database file holds for this page, or -1 when the file holds none of ours or
    /// a checkpoint is writing it and its fsync has not returned yet.
    /// </summary>
    public long FileLsn { get; set; } = fileLsn;

    /// <summary>
    /// True when images older than the oldest one in the chain are still to be found in the
    /// database file (the chain was started on top of a page that was not loaded).
    /// </summary>
    public bool OlderInFile { get; set; } = olderInFile;

    /// <summary>True while the page is in the cache's set of pages with more than one version.</summary>
    public bool Chained { get; set; }

    /// <summary>Set on every access; cleared by the eviction sweep (second chance).</summary>
    public bool Referenced { get; set; } = true;

    /// <summary>True when the newest image is not yet in the database file.</summary>
    public bool IsDirty => Latest.Lsn > FileLsn;

    /// <summary>True when nothing but the file's image is held, so the entry can be dropped and reloaded later.</summary>
    public bool IsEvictable => !IsDirty && Latest.Older is null;
}
