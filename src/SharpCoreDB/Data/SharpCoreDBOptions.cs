// The settings a connection opens its database with, as a typed object, for code
// that opens a database without a connection string:
// new SharpCoreDBConnection(new SharpCoreDBOptions { DataSource = "app.scdb", Password = "..." }).
// The storage and log settings (page size, cache size, durability, group commit,
// flush worker placement) are not fields of this record: they read and write the
// engine's DatabaseOptions it holds, so their defaults are the lower layers' own
// and are never restated here. The connection string keys and their checks are
// one table, ConnectionStringSettings, which the builder and Validate both use.
using SharpCoreDB.Engine;
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
    public const long DefaultCacheSizeBytes = StorageOptions.DefaultCacheSizeBytes;

    /// <summary>The default page size of new files: 8 KiB.</summary>
    public const int DefaultPageSize = StorageOptions.DefaultPageSize;

    /// <summary>The default command timeout in seconds: as long as an engine session waits for the writer lock.</summary>
    public const int DefaultTimeoutSeconds = Session.DefaultLockTimeoutSeconds;

    // The engine's settings, holding the storage engine's, holding the log's. Path, creation and
    // encryption in it are left at their defaults: ToDatabaseOptions fills them in from DataSource,
    // Mode and Password.
    private DatabaseOptions _engine = new();

    /// <summary>The database file, <c>:memory:</c>, or (with <see cref="SharpCoreDBOpenMode.Memory"/>) a shared in-memory name.</summary>
    public string DataSource { get; init; } = "";

    /// <summary>How the database is opened.</summary>
    public SharpCoreDBOpenMode Mode { get; init; } = SharpCoreDBOpenMode.ReadWriteCreate;

    /// <summary>The password of an encrypted database (AES-256-GCM); null or empty for none.</summary>
    public string? Password { get; init; }

    /// <summary>When a commit is acknowledged: after the log's fsync (FullSync, the default) or before it (Async).</summary>
    public WalDurability Durability
    {
        get => Log.Durability;
        init => Log = Log with { Durability = value };
    }

    /// <summary>Use the group-commit log (true, the default) or the fsync-per-commit baseline (false).</summary>
    public bool UseGroupCommitWal
    {
        get => Log.UseGroupCommit;
        init => Log = Log with { UseGroupCommit = value };
    }

    /// <summary>The page cache budget in bytes (<see cref="DefaultCacheSizeBytes"/> unless set).</summary>
    public long CacheSize
    {
        get => Storage.CacheSizeBytes;
        init => Storage = Storage with { CacheSizeBytes = value };
    }

    /// <summary>The page size of a new file (a power of two from 4096 to 65536); ignored for an existing file.</summary>
    public int PageSize
    {
        get => Storage.PageSize;
        init => Storage = Storage with { PageSize = value };
    }

    /// <summary>The default <see cref="System.Data.Common.DbCommand.CommandTimeout"/> in seconds; 0 waits forever.</summary>
    public int DefaultTimeout { get; init; } = DefaultTimeoutSeconds;

    /// <summary>Reuse engine sessions of closed connections while the database stays open. The database itself
    /// is never kept open: the file is released as soon as its last connection closes.</summary>
    public bool Pooling { get; init; } = true;

    /// <summary>The default <see cref="KeyCacheTimeout"/>: five minutes.</summary>
    public const int DefaultKeyCacheTimeoutSeconds = 300;

    /// <summary>
    /// Seconds the key derived from <see cref="Password"/> is kept in this process after its last use, so that
    /// opening the file again (a connection per operation) skips PBKDF2's 600,000 iterations; 0 derives it at every
    /// open, and so does <see cref="Pooling"/> = false. Only a key that opened the file is kept, never the password;
    /// ClearPool/ClearAllPools drop it (docs/encryption.md, "Reopening without PBKDF2", says what this trades).
    /// </summary>
    public int KeyCacheTimeout { get; init; } = DefaultKeyCacheTimeoutSeconds;

    /// <summary>
    /// Run the group-commit log's flush worker on the CPU that takes the log disk's completion interrupts,
    /// when the disk has exactly one (docs/wal.md, "Where the flush worker runs"); false (the default) leaves
    /// it to the scheduler. Blocking commits fsync on their own thread (a leader of its group), so the worker
    /// only serves awaited commits and Async mode, and a library does not set its host's thread affinity
    /// unasked. Like the other storage settings, the first connection to open a database decides it.
    /// </summary>
    public bool PinFlushWorker
    {
        get => Log.PinFlushWorker;
        init => Log = Log with { PinFlushWorker = value };
    }

    /// <summary>
    /// Enforce FOREIGN KEY constraints on this connection (default true; Microsoft.Data.Sqlite's key of the same
    /// name). <c>PRAGMA foreign_keys</c> changes it for the open connection; each open starts from this setting,
    /// a pooled session included.
    /// </summary>
    public bool ForeignKeys { get; init; } = true;

    /// <summary>True for a private or shared in-memory database.</summary>
    public bool IsInMemory =>
        Mode == SharpCoreDBOpenMode.Memory || string.Equals(DataSource, MemoryDataSource, StringComparison.OrdinalIgnoreCase);

    /// <summary>True when each connection gets a database of its own (<c>:memory:</c>).</summary>
    internal bool IsPrivateMemory =>
        IsInMemory && (DataSource.Length == 0 || string.Equals(DataSource, MemoryDataSource, StringComparison.OrdinalIgnoreCase));

    /// <summary>The full path of the file (null for in-memory databases), the key of the database registry.</summary>
    internal string? FullPath => IsInMemory ? null : System.IO.Path.GetFullPath(DataSource);

    private StorageOptions Storage
    {
        get => _engine.Storage;
        init => _engine = _engine with { Storage = value };
    }

    private WalOptions Log
    {
        get => Storage.Log;
        init => Storage = Storage with { Log = value };
    }

    /// <summary>Throws, naming the setting, when a value cannot be used.</summary>
    public void Validate()
    {
        foreach (ConnectionStringSetting setting in ConnectionStringSettings.All)
        {
            setting.Check(this);
        }

        if (!IsInMemory && string.IsNullOrWhiteSpace(DataSource))
        {
            throw new ArgumentException(
                $"Connection setting '{ConnectionStringSettings.DataSource.Name}': a file name or {MemoryDataSource} is required.",
                ConnectionStringSettings.DataSource.Name);
        }
    }

    /// <summary>The engine settings these options stand for.</summary>
    internal DatabaseOptions ToDatabaseOptions() => _engine with
    {
        Storage = Storage with
        {
            Path = FullPath,
            CreateIfMissing = Mode == SharpCoreDBOpenMode.ReadWriteCreate,
            Encryption = EncryptionFor(Password),
        },
    };

    /// <summary>The secret for <paramref name="password"/> (none when empty), with the process's key cache when these options allow it.</summary>
    internal EncryptionSettings? EncryptionFor(string? password) => string.IsNullOrEmpty(password)
        ? null
        : new EncryptionSettings
        {
            Password = password,
            KeyCache = Pooling && KeyCacheTimeout > 0 ? SharpCoreDBConnection.DerivedKeys : null,
            KeyCacheIdle = TimeSpan.FromSeconds(KeyCacheTimeout),
        };

    /// <summary>Every setting as <c>Key=value</c>, the password hidden, for logs and debugger displays.</summary>
    public override string ToString() => ConnectionStringSettings.Describe(this);
}
