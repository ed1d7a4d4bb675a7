// Maintenance members of a connection that have no SQL spelling yet: running a
// checkpoint on demand and reading the database's counters. The shell's
// .checkpoint and .stats use them; applications may too.
using SharpCoreDB.Storage;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Data;

public sealed partial class SharpCoreDBConnection
{
    /// <summary>
    /// Writes every committed page into the database file and releases the write-ahead log's space.
    /// Nothing happens for an in-memory or read-only database.
    /// </summary>
    public void Checkpoint()
    {
        if (_options.Mode == SharpCoreDBOpenMode.ReadOnly)
        {
            return;
        }

        try
        {
            Session.Database.Checkpoint();
        }
        catch (Exception e) when (EngineExceptionTranslator.Translate(e) is { } translated)
        {
            throw translated;
        }
    }

    /// <summary>The database's counters: pages, page cache hits and misses, log size.</summary>
    public SharpCoreDBStatistics GetStatistics()
    {
        StorageEngine storage = Session.Database.Storage;
        var state = storage.Snapshots.CommittedState;
        WalStatistics log = storage.Log?.Statistics ?? default;
        return new SharpCoreDBStatistics(
            storage.Layout.PageSize,
            state.PageCount,
            state.FreePageCount,
            storage.Cache.Count,
            storage.Cache.CapacityPages,
            storage.Cache.Hits,
            storage.Cache.Misses,
            log.FileLength,
            log.Appends,
            log.Fsyncs,
            storage.Checkpoints,
            storage.IsEncrypted,
            storage.IsInMemory)
        {
            CachedImages = storage.Cache.ImagesInMemory,
            SpilledVersions = storage.Cache.SpilledVersions,
            RecoveryNotes = storage.RecoveryNotes,
        };
    }
}
