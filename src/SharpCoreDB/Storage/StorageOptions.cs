// The settings the storage engine is opened with. Each storage setting's default
// and check is here, once; the log's settings are a WalOptions of their own (Log),
// so they are not repeated here either. The engine's DatabaseOptions holds one of
// these, and the provider's SharpCoreDBOptions reads and writes it.
using SharpCoreDB.Storage.Encryption;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Wal;
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Storage;

/// <summary>How a database is opened.</summary>
internal sealed record StorageOptions
{
    /// <summary>The page size of a new file: 8 KiB.</summary>
    public const int DefaultPageSize = 8192;

    /// <summary>The page cache budget: 64 MiB.</summary>
    public const long DefaultCacheSizeBytes = 64L << 20;

    /// <summary>The database file; null for an in-memory database (no file, no log).</summary>
    public string? Path { get; init; }

    /// <summary>Page size for a new file (<see cref="PageLayout.IsValidPageSize"/>). Ignored for existing files.</summary>
    public int PageSize { get; init; } = DefaultPageSize;

    /// <summary>The page cache budget in bytes (<see cref="IsValidCacheSize"/>).</summary>
    public long CacheSizeBytes { get; init; } = DefaultCacheSizeBytes;

    /// <summary>
    /// The log's settings: durability, group commit, where the flush worker runs. Its
    /// <see cref="WalOptions.FileSystem"/> and <see cref="WalOptions.InitialLsn"/> are set by the engine when it opens
    /// the log (the engine's <see cref="FileSystem"/>, the checkpoint LSN), so what they hold here is not used.
    /// </summary>
    public WalOptions Log { get; init; } = new();

    /// <summary>Create the file if it does not exist.</summary>
    public bool CreateIfMissing { get; init; } = true;

    /// <summary>
    /// Open without changing the database file: writes are refused with ErrorCode ReadOnly. A log left
    /// by a crash is replayed into memory (and kept), so the reader sees every committed transaction.
    /// </summary>
    public bool ReadOnly { get; init; }

    /// <summary>A checkpoint starts in the background once the log is larger than this.</summary>
    public long CheckpointLogBytes { get; init; } = 16L << 20;

    /// <summary>Checkpoint bytes written between two fsyncs (Checkpointer, "Pacing"); fault tests make it small.</summary>
    public int CheckpointPacingBytes { get; init; } = Checkpointer.DefaultPacingBytes;

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

    /// <summary>True for a budget the page cache can work with: any that is not negative (below 16 pages it keeps 16).</summary>
    public static bool IsValidCacheSize(long bytes) => bytes >= 0;

    /// <summary>Validates the settings a user can get wrong, naming the setting.</summary>
    public void Validate()
    {
        if (!PageLayout.IsValidPageSize(PageSize))
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Misuse, $"Page Size must be {PageLayout.PageSizeRule}; {PageSize} is not.");
        }

        if (!IsValidCacheSize(CacheSizeBytes))
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Misuse, "Cache Size cannot be negative.");
        }
    }
}
