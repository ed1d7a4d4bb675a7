// The settings a connection opens its database with, as a typed object, for code
// that opens a database without a connection string:
// new SharpCoreDBConnection(new SharpCoreDBOptions { DataSource = "app.scdb", Password = "..." }).
// The connection string builder reads and writes the same settings, and both are
// translated into the storage engine's StorageOptions here, in one place.
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.Encryption;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Data;

/// <summary>The settings of a SharpCoreDB connection (the same as the connection string keys).</summary>
public sealed record SharpCoreDBOptions
{
    /// <summary>The in-memory data source name: a private database per connection.</summary>
    public const string MemoryDataSource = ":memory:";

    /// <summary>The default page cache budget: 64 MiB.</summary>
    public const long DefaultCacheSizeBytes = 64L << 20;

    /// <summary>The default page size of new files: 8 KiB.</summary>
    public const int DefaultPageSize = 8192;

    /// <summary>The default command timeout in seconds.</summary>
    public const int DefaultTimeoutSeconds = 30;

    /// <summary>The database file, <c>:memory:</c>, or (with <see cref="SharpCoreDBOpenMode.Memory"/>) a shared in-memory name.</summary>
    public string DataSource { get; init; } = "";

    /// <summary>How the database is opened.</summary>
    public SharpCoreDBOpenMode Mode { get; init; } = SharpCoreDBOpenMode.ReadWriteCreate;

    /// <summary>The password of an encrypted database (AES-256-GCM); null or empty for none.</summary>
    public string? Password { get; init; }

    /// <summary>When a commit is acknowledged: after the log's fsync (FullSync) or before it (Async).</summary>
    public WalDurability Durability { get; init; } = WalDurability.FullSync;

    /// <summary>Use the group-commit log (true) or the fsync-per-commit baseline (false).</summary>
    public bool UseGroupCommitWal { get; init; } = true;

    /// <summary>The page cache budget in bytes.</summary>
    public long CacheSize { get; init; } = DefaultCacheSizeBytes;

    /// <summary>The page size of a new file (a power of two from 4096 to 65536); ignored for an existing file.</summary>
    public int PageSize { get; init; } = DefaultPageSize;

    /// <summary>The default <see cref="System.Data.Common.DbCommand.CommandTimeout"/> in seconds; 0 waits forever.</summary>
    public int DefaultTimeout { get; init; } = DefaultTimeoutSeconds;

    /// <summary>Reuse engine sessions of closed connections while the database stays open. The database itself
    /// is never kept open: the file is released as soon as its last connection closes.</summary>
    public bool Pooling { get; init; } = true;

    /// <summary>
    /// Run the group-commit log's flush worker on the CPU that takes the log disk's completion interrupts,
    /// when the disk has exactly one (docs/wal.md, "Where the flush worker runs"); false (the default) leaves
    /// it to the scheduler. Blocking commits fsync on their own thread (a leader of its group), so the worker
    /// only serves awaited commits and Async mode, and a library does not set its host's thread affinity
    /// unasked. Like the other storage settings, the first connection to open a database decides it.
    /// </summary>
    public bool PinFlushWorker { get; init; }

    /// <summary>True for a private or shared in-memory database.</summary>
    public bool IsInMemory =>
        Mode == SharpCoreDBOpenMode.Memory || string.Equals(DataSource, MemoryDataSource, StringComparison.OrdinalIgnoreCase);

    /// <summary>True when each connection gets a database of its own (<c>:memory:</c>).</summary>
    internal bool IsPrivateMemory =>
        IsInMemory && (DataSource.Length == 0 || string.Equals(DataSource, MemoryDataSource, StringComparison.OrdinalIgnoreCase));

    /// <summary>Throws, naming the setting, when a value cannot be used.</summary>
    public void Validate()
    {
        if (!Enum.IsDefined(Mode))
        {
            throw Bad("Mode", $"{Mode} is not an open mode.");
        }

        if (!Enum.IsDefined(Durability))
        {
            throw Bad("Durability", $"{Durability} is not a durability.");
        }

        if (!IsInMemory && string.IsNullOrWhiteSpace(DataSource))
        {
            throw Bad("Data Source", "a file name or :memory: is required.");
        }

        if (PageSize < 4096 || PageSize > 65536 || (PageSize & (PageSize - 1)) != 0)
        {
            throw Bad("Page Size", $"must be a power of two from 4096 to 65536; {PageSize} is not.");
        }

        if (CacheSize < 0)
        {
            throw Bad("Cache Size", "cannot be negative.");
        }

        if (DefaultTimeout < 0)
        {
            throw Bad("Default Timeout", "cannot be negative.");
        }
    }

    /// <summary>The full path of the file (null for in-memory databases), the key of the database registry.</summary>
    internal string? FullPath => IsInMemory ? null : System.IO.Path.GetFullPath(DataSource);

    /// <summary>The storage engine settings these options stand for.</summary>
    internal StorageOptions ToStorageOptions() => new()
    {
        Path = FullPath,
        PageSize = PageSize,
        CacheSizeBytes = CacheSize,
        Durability = Durability,
        UseGroupCommitWal = UseGroupCommitWal,
        PinFlushWorker = PinFlushWorker,
        CreateIfMissing = Mode == SharpCoreDBOpenMode.ReadWriteCreate,
        Encryption = string.IsNullOrEmpty(Password) ? null : new EncryptionSettings { Password = Password },
    };

    private static ArgumentException Bad(string key, string why) =>
        new($"Connection setting '{key}': {why}", key);

    /// <summary>Keeps the password out of logs and debugger displays.</summary>
    public override string ToString() =>
        $"DataSource={DataSource}, Mode={Mode}, Password={(string.IsNullOrEmpty(Password) ? "" : "***")}, " +
        $"Durability={Durability}, UseGroupCommitWal={UseGroupCommitWal}, CacheSize={CacheSize}, PageSize={PageSize}, " +
        $"DefaultTimeout={DefaultTimeout}, Pooling={Pooling}, PinFlushWorker={PinFlushWorker}";
}
