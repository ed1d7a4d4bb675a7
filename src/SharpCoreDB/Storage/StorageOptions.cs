// The settings the storage engine is opened with. The ADO.NET connection string
// and the public options type are translated into this.
using SharpCoreDB.Storage.Encryption;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Wal;
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Storage;

/// <summary>How a database is opened.</summary>
internal sealed record StorageOptions
{
    /// <summary>The database file; null for an in-memory database (no file, no log).</summary>
    public string? Path { get; init; }

    /// <summary>Page size for a new file: a power of two from 4 KiB to 64 KiB. Ignored for existing files.</summary>
    public int PageSize { get; init; } = 8192;

    /// <summary>The page cache budget in bytes.</summary>
    public long CacheSizeBytes { get; init; } = 64L << 20;

    /// <summary>When a commit is acknowledged.</summary>
    public WalDurability Durability { get; init; } = WalDurability.FullSync;

    /// <summary>Group-commit log (true) or the fsync-per-commit baseline (false).</summary>
    public bool UseGroupCommitWal { get; init; } = true;

    /// <summary>
    /// Run the group-commit log's flush worker on the log disk's interrupt CPU (<see cref="WalOptions.PinFlushWorker"/>).
    /// Off by default: blocking commits fsync on their own thread, so only awaited commits and Async mode use the worker.
    /// </summary>
    public bool PinFlushWorker { get; init; }

    /// <summary>Create the file if it does not exist.</summary>
    public bool CreateIfMissing { get; init; } = true;

    /// <summary>
    /// Open without changing the database file: writes are refused with ErrorCode ReadOnly. A log left
    /// by a crash is replayed into memory (and kept), so the reader sees every committed transaction.
    /// </summary>
    public bool ReadOnly { get; init; }

    /// <summary>A checkpoint starts in the background once the log is larger than this.</summary>
    public long CheckpointLogBytes { get; init; } = 16L << 20;

    /// <summary>Where the bytes go; tests replace it to inject faults.</summary>
    public IFileSystem FileSystem { get; init; } = OsFileSystem.Instance;

    /// <summary>Opens the log; tests replace it to wrap or fail the log.</summary>
    public Func<string, WalOptions, IWriteAheadLog> LogFactory { get; init; } = WriteAheadLog.Open;

    /// <summary>
    /// Whether a log is there to recover; when there is none, <see cref="LogFactory"/> is called at the
    /// first write instead of at open (DeferredLog). Tests that supply their own log say whether it is there.
    /// </summary>
    public Func<string, IFileSystem, bool> LogExists { get; init; } = WriteAheadLog.Exists;

    /// <summary>The password or key of an encrypted database; null for an unencrypted one.</summary>
    public EncryptionSettings? Encryption { get; init; }

    /// <summary>Validates the settings a user can get wrong, naming the setting.</summary>
    public void Validate()
    {
        if (PageSize < PageLayout.MinPageSize || PageSize > PageLayout.MaxPageSize || (PageSize & (PageSize - 1)) != 0)
        {
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.Misuse,
                $"Page Size must be a power of two from {PageLayout.MinPageSize} to {PageLayout.MaxPageSize}; {PageSize} is not.");
        }

        if (CacheSizeBytes < 0)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Misuse, "Cache Size cannot be negative.");
        }
    }
}
