// A snapshot of what an open database can tell about itself: its size in pages,
// how well the page cache serves reads, and how much the write-ahead log holds.
// Tools (the sharpcoredb shell's .stats) read it through the public connection
// API, so they never need the engine's internal types.
namespace SharpCoreDB.Data;

/// <summary>Counters of an open database, as returned by <see cref="SharpCoreDBConnection.GetStatistics"/>.</summary>
/// <param name="PageSize">Bytes per page.</param>
/// <param name="PageCount">Pages in the database as of the newest commit, the header page included.</param>
/// <param name="FreePageCount">Pages on the free list (reusable space).</param>
/// <param name="CachedPages">Pages currently held in the page cache.</param>
/// <param name="CacheCapacityPages">Pages the cache holds before it evicts.</param>
/// <param name="CacheHits">Page reads served from the cache since the database was opened.</param>
/// <param name="CacheMisses">Page reads that went to the file since the database was opened.</param>
/// <param name="LogFileLength">Length in bytes of the write-ahead log file; 0 without a log.</param>
/// <param name="LogAppends">Records appended to the log since it was opened.</param>
/// <param name="LogFsyncs">fsync calls the log made since it was opened.</param>
/// <param name="Checkpoints">Checkpoints run since the database was opened.</param>
/// <param name="IsEncrypted">Whether pages and log records are encrypted.</param>
/// <param name="IsInMemory">Whether the database lives in memory only.</param>
public sealed record SharpCoreDBStatistics(
    int PageSize,
    long PageCount,
    long FreePageCount,
    int CachedPages,
    int CacheCapacityPages,
    long CacheHits,
    long CacheMisses,
    long LogFileLength,
    long LogAppends,
    long LogFsyncs,
    long Checkpoints,
    bool IsEncrypted,
    bool IsInMemory)
{
    /// <summary>Page images the cache holds in memory, older versions kept for readers included (what Cache Size bounds).</summary>
    public int CachedImages { get; init; }

    /// <summary>Old page versions that long-running readers pinned and that were moved to the version spill file.</summary>
    public int SpilledVersions { get; init; }

    /// <summary>
    /// What opening the database found damaged and repaired or skipped (a header slot written again, log records
    /// already in the file, a torn write cut off), one sentence each; empty when it was closed cleanly.
    /// </summary>
    public IReadOnlyList<string> RecoveryNotes { get; init; } = [];
}
