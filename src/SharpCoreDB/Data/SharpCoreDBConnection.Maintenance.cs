// Maintenance members of a connection that have no SQL spelling yet: running a
// checkpoint on demand, reading the database's counters, an online backup, and a VACUUM
// INTO copy with a password of its own. The shell's .checkpoint, .stats and .backup use
// them; applications may too.
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.Encryption;
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

    /// <summary>
    /// Backs the database up to the new file <paramref name="path"/>: a consistent snapshot, compacted and encrypted
    /// like the database (with its current password), copied while readers and writers go on (<c>VACUUM INTO</c>).
    /// The file appears only once complete; an existing file is an error.
    /// </summary>
    public void BackupDatabase(string path)
    {
        ArgumentNullException.ThrowIfNull(path);
        try
        {
            Session.VacuumInto(path, Session.Database.Storage.Secret);
        }
        catch (Exception e) when (EngineExceptionTranslator.Translate(e) is { } translated)
        {
            throw translated;
        }
    }

    /// <summary>
    /// Backs the database up into the open <paramref name="destination"/> connection's database (a file or
    /// <c>:memory:</c>), replacing everything it held with a consistent snapshot of this one, as Microsoft.Data.Sqlite's
    /// <c>BackupDatabase(SqliteConnection)</c> does. Writers here go on meanwhile; the destination keeps its own
    /// encryption (or none) and page size, which must equal this database's; a failure leaves it as it was.
    /// </summary>
    public void BackupDatabase(SharpCoreDBConnection destination)
    {
        ArgumentNullException.ThrowIfNull(destination);
        if (destination.State != System.Data.ConnectionState.Open)
        {
            throw new InvalidOperationException("The destination connection must be open.");
        }

        try
        {
            Session.BackupTo(destination.Session);
        }
        catch (Exception e) when (EngineExceptionTranslator.Translate(e) is { } translated)
        {
            throw translated;
        }
    }

    /// <summary>
    /// Writes a compacted copy of the database to the new file <paramref name="path"/>, as <c>VACUUM INTO</c> does,
    /// but encrypted with <paramref name="password"/>, or not encrypted when it is null or empty (VACUUM INTO
    /// keeps the database's own password). Readers and writers keep working meanwhile; the file appears only
    /// once complete, and an existing file is an error.
    /// </summary>
    public void VacuumInto(string path, string? password)
    {
        ArgumentNullException.ThrowIfNull(path);
        try
        {
            Session.VacuumInto(path, string.IsNullOrEmpty(password) ? null : new EncryptionSettings { Password = password });
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
