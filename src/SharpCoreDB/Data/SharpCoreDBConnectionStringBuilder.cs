// Builds and parses SharpCoreDB connection strings. Every key is validated as it
// is set (through the indexer, the typed properties, or the ConnectionString
// property), so a bad key or value fails with the key named before anything opens.
// What the keys are, their aliases, how their values parse and print and what
// they default to all come from one table, ConnectionStringSettings; this class
// only keeps the typed options and the text DbConnectionStringBuilder shows.
using System.Collections;
using System.Data.Common;
using System.Diagnostics.CodeAnalysis;
using SharpCoreDB.Wal;
using Settings = SharpCoreDB.Data.ConnectionStringSettings;

namespace SharpCoreDB.Data;

/// <summary>Creates and parses SharpCoreDB connection strings.</summary>
public sealed class SharpCoreDBConnectionStringBuilder : DbConnectionStringBuilder
{
    private SharpCoreDBOptions _options = new();

    /// <summary>An empty builder (every setting at its default).</summary>
    public SharpCoreDBConnectionStringBuilder()
    {
    }

    /// <summary>A builder holding the settings of <paramref name="connectionString"/>.</summary>
    public SharpCoreDBConnectionStringBuilder(string? connectionString) => ConnectionString = connectionString;

    /// <summary>A builder holding the settings of <paramref name="options"/>.</summary>
    public SharpCoreDBConnectionStringBuilder(SharpCoreDBOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        foreach (ConnectionStringSetting setting in Settings.All)
        {
            this[setting.Name] = setting.Get(options);
        }
    }

    /// <summary>The database file, <c>:memory:</c>, or a shared in-memory name (with Mode=Memory). Aliases: DataSource, Filename.</summary>
    public string DataSource
    {
        get => Settings.DataSource.Value(_options);
        set => this[Settings.DataSource.Name] = value;
    }

    /// <summary>ReadWriteCreate (default), ReadWrite, ReadOnly or Memory.</summary>
    public SharpCoreDBOpenMode Mode
    {
        get => Settings.Mode.Value(_options);
        set => this[Settings.Mode.Name] = value;
    }

    /// <summary>The encryption password; empty for an unencrypted database. Alias: Pwd.</summary>
    public string Password
    {
        get => Settings.Password.Value(_options);
        set => this[Settings.Password.Name] = value;
    }

    /// <summary>FullSync (default) or Async.</summary>
    public WalDurability Durability
    {
        get => Settings.Durability.Value(_options);
        set => this[Settings.Durability.Name] = value;
    }

    /// <summary>Group-commit log (default true) or fsync-per-commit baseline.</summary>
    public bool UseGroupCommitWal
    {
        get => Settings.UseGroupCommitWal.Value(_options);
        set => this[Settings.UseGroupCommitWal.Name] = value;
    }

    /// <summary>Page cache budget in bytes (the string form also takes KB/MB/GB suffixes).</summary>
    public long CacheSize
    {
        get => Settings.CacheSize.Value(_options);
        set => this[Settings.CacheSize.Name] = value;
    }

    /// <summary>Page size of a new file, a power of two from 4096 to 65536.</summary>
    public int PageSize
    {
        get => Settings.PageSize.Value(_options);
        set => this[Settings.PageSize.Name] = value;
    }

    /// <summary>The default command timeout in seconds (0 = none). Aliases: Command Timeout.</summary>
    public int DefaultTimeout
    {
        get => Settings.DefaultTimeout.Value(_options);
        set => this[Settings.DefaultTimeout.Name] = value;
    }

    /// <summary>Reuse engine sessions while the database is open (default true).</summary>
    public bool Pooling
    {
        get => Settings.Pooling.Value(_options);
        set => this[Settings.Pooling.Name] = value;
    }

    /// <summary>Seconds a password-derived key is kept after its last use, so reopening skips PBKDF2 (default 300; 0 = never). Alias: KeyCacheTimeout.</summary>
    public int KeyCacheTimeout
    {
        get => Settings.KeyCacheTimeout.Value(_options);
        set => this[Settings.KeyCacheTimeout.Name] = value;
    }

    /// <summary>Enforce FOREIGN KEY constraints (default true). Alias: ForeignKeys.</summary>
    public bool ForeignKeys
    {
        get => Settings.ForeignKeys.Value(_options);
        set => this[Settings.ForeignKeys.Name] = value;
    }

    /// <summary>Run the log's flush worker on the log disk's interrupt CPU (default false). Alias: PinFlushWorker.</summary>
    public bool PinFlushWorker
    {
        get => Settings.PinFlushWorker.Value(_options);
        set => this[Settings.PinFlushWorker.Name] = value;
    }

    /// <summary>The canonical key names.</summary>
    public override ICollection Keys => Settings.Names;

    /// <summary>The values, in the order of <see cref="Keys"/>.</summary>
    public override ICollection Values => Settings.All.Select(setting => setting.Get(_options)).ToArray();

    /// <summary>Gets or sets a setting by key or alias; setting null restores its default.</summary>
    [AllowNull]
    public override object this[string keyword]
    {
        get => Settings.Resolve(keyword).Get(_options);
        set
        {
            ConnectionStringSetting setting = Settings.Resolve(keyword);
            if (value is null)
            {
                _options = setting.Reset(_options);
                base.Remove(setting.Name);
                return;
            }

            _options = setting.Apply(_options, value);
            base[setting.Name] = setting.Format(_options);
        }
    }

    /// <summary>The settings as a typed options object (validated).</summary>
    public SharpCoreDBOptions ToOptions()
    {
        _options.Validate();
        return _options;
    }

    /// <summary>The settings as they are (the connection validates them when it opens).</summary>
    internal SharpCoreDBOptions ToOptionsUnvalidated() => _options;

    /// <inheritdoc />
    public override void Clear()
    {
        base.Clear();
        _options = new SharpCoreDBOptions();
    }

    /// <inheritdoc />
    public override bool ContainsKey(string keyword) =>
        Settings.TryResolve(keyword ?? throw new ArgumentNullException(nameof(keyword)), out _);

    /// <inheritdoc />
    public override bool Remove(string keyword)
    {
        if (!Settings.TryResolve(keyword ?? throw new ArgumentNullException(nameof(keyword)), out ConnectionStringSetting? setting))
        {
            return false;
        }

        _options = setting.Reset(_options);
        return base.Remove(setting.Name);
    }

    /// <inheritdoc />
    public override bool ShouldSerialize(string keyword) =>
        Settings.TryResolve(keyword, out ConnectionStringSetting? setting) && base.ShouldSerialize(setting.Name);

    /// <inheritdoc />
    public override bool TryGetValue(string keyword, [NotNullWhen(true)] out object? value)
    {
        if (!Settings.TryResolve(keyword ?? throw new ArgumentNullException(nameof(keyword)), out ConnectionStringSetting? setting))
        {
            value = null;
            return false;
        }

        value = setting.Get(_options);
        return true;
    }
}
