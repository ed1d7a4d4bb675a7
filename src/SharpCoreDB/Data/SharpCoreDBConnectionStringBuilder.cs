// Builds and parses SharpCoreDB connection strings. Every key is validated as it
// is set (through the indexer, the typed properties, or the ConnectionString
// property), so a bad key or value fails with the key named before anything opens.
// Keys are case-insensitive and have aliases (ConnectionStringKeywords); the string
// written back uses the canonical names.
using System.Collections;
using System.Data.Common;
using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using SharpCoreDB.Wal;

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
        DataSource = options.DataSource;
        Mode = options.Mode;
        Password = options.Password ?? "";
        Durability = options.Durability;
        UseGroupCommitWal = options.UseGroupCommitWal;
        CacheSize = options.CacheSize;
        PageSize = options.PageSize;
        DefaultTimeout = options.DefaultTimeout;
        Pooling = options.Pooling;
        PinFlushWorker = options.PinFlushWorker;
    }

    /// <summary>The database file, <c>:memory:</c>, or a shared in-memory name (with Mode=Memory). Aliases: DataSource, Filename.</summary>
    public string DataSource
    {
        get => _options.DataSource;
        set => this[ConnectionStringKeywords.CanonicalNames[(int)ConnectionStringKeyword.DataSource]] = value;
    }

    /// <summary>ReadWriteCreate (default), ReadWrite, ReadOnly or Memory.</summary>
    public SharpCoreDBOpenMode Mode
    {
        get => _options.Mode;
        set => this[Name(ConnectionStringKeyword.Mode)] = value;
    }

    /// <summary>The encryption password; empty for an unencrypted database. Alias: Pwd.</summary>
    public string Password
    {
        get => _options.Password ?? "";
        set => this[Name(ConnectionStringKeyword.Password)] = value;
    }

    /// <summary>FullSync (default) or Async.</summary>
    public WalDurability Durability
    {
        get => _options.Durability;
        set => this[Name(ConnectionStringKeyword.Durability)] = value;
    }

    /// <summary>Group-commit log (default true) or fsync-per-commit baseline.</summary>
    public bool UseGroupCommitWal
    {
        get => _options.UseGroupCommitWal;
        set => this[Name(ConnectionStringKeyword.UseGroupCommitWal)] = value;
    }

    /// <summary>Page cache budget in bytes (the string form also takes KB/MB/GB suffixes).</summary>
    public long CacheSize
    {
        get => _options.CacheSize;
        set => this[Name(ConnectionStringKeyword.CacheSize)] = value;
    }

    /// <summary>Page size of a new file, a power of two from 4096 to 65536.</summary>
    public int PageSize
    {
        get => _options.PageSize;
        set => this[Name(ConnectionStringKeyword.PageSize)] = value;
    }

    /// <summary>The default command timeout in seconds (0 = none). Aliases: Command Timeout.</summary>
    public int DefaultTimeout
    {
        get => _options.DefaultTimeout;
        set => this[Name(ConnectionStringKeyword.DefaultTimeout)] = value;
    }

    /// <summary>Reuse engine sessions while the database is open (default true).</summary>
    public bool Pooling
    {
        get => _options.Pooling;
        set => this[Name(ConnectionStringKeyword.Pooling)] = value;
    }

    /// <summary>Run the log's flush worker on the log disk's interrupt CPU (default false). Alias: PinFlushWorker.</summary>
    public bool PinFlushWorker
    {
        get => _options.PinFlushWorker;
        set => this[Name(ConnectionStringKeyword.PinFlushWorker)] = value;
    }

    /// <summary>The canonical key names.</summary>
    public override ICollection Keys => ConnectionStringKeywords.CanonicalNames;

    /// <summary>The values, in the order of <see cref="Keys"/>.</summary>
    public override ICollection Values
    {
        get
        {
            var values = new object[ConnectionStringKeywords.CanonicalNames.Length];
            for (int i = 0; i < values.Length; i++)
            {
                values[i] = GetTyped((ConnectionStringKeyword)i);
            }

            return values;
        }
    }

    /// <summary>Gets or sets a setting by key or alias; setting null restores its default.</summary>
    [AllowNull]
    public override object this[string keyword]
    {
        get => GetTyped(ConnectionStringKeywords.Resolve(keyword));
        set
        {
            ConnectionStringKeyword key = ConnectionStringKeywords.Resolve(keyword);
            if (value is null)
            {
                Reset(key);
                base.Remove(Name(key));
                return;
            }

            _options = Apply(_options, key, Name(key), value);
            base[Name(key)] = ToText(key);
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
        ConnectionStringKeywords.TryResolve(keyword ?? throw new ArgumentNullException(nameof(keyword)), out _);

    /// <inheritdoc />
    public override bool Remove(string keyword)
    {
        if (!ConnectionStringKeywords.TryResolve(keyword ?? throw new ArgumentNullException(nameof(keyword)), out ConnectionStringKeyword key))
        {
            return false;
        }

        Reset(key);
        return base.Remove(Name(key));
    }

    /// <inheritdoc />
    public override bool ShouldSerialize(string keyword) =>
        ConnectionStringKeywords.TryResolve(keyword, out ConnectionStringKeyword key) && base.ShouldSerialize(Name(key));

    /// <inheritdoc />
    public override bool TryGetValue(string keyword, [NotNullWhen(true)] out object? value)
    {
        if (!ConnectionStringKeywords.TryResolve(keyword ?? throw new ArgumentNullException(nameof(keyword)), out ConnectionStringKeyword key))
        {
            value = null;
            return false;
        }

        value = GetTyped(key);
        return true;
    }

    /// <summary>Applies one key's value to <paramref name="options"/>, validating it; <paramref name="spelled"/> names it in errors.</summary>
    internal static SharpCoreDBOptions Apply(SharpCoreDBOptions options, ConnectionStringKeyword key, string spelled, object value) => key switch
    {
        ConnectionStringKeyword.DataSource => options with { DataSource = ConnectionStringKeywords.ParseString(value) },
        ConnectionStringKeyword.Mode => options with { Mode = ConnectionStringKeywords.ParseMode(spelled, value) },
        ConnectionStringKeyword.Password => options with { Password = ConnectionStringKeywords.ParseString(value) },
        ConnectionStringKeyword.Durability => options with { Durability = ConnectionStringKeywords.ParseDurability(spelled, value) },
        ConnectionStringKeyword.UseGroupCommitWal => options with { UseGroupCommitWal = ConnectionStringKeywords.ParseBoolean(spelled, value) },
        ConnectionStringKeyword.CacheSize => options with { CacheSize = ConnectionStringKeywords.ParseByteCount(spelled, value) },
        ConnectionStringKeyword.PageSize => options with { PageSize = ParsePageSize(spelled, value) },
        ConnectionStringKeyword.DefaultTimeout => options with { DefaultTimeout = ConnectionStringKeywords.ParseInt32(spelled, value, 0, int.MaxValue) },
        ConnectionStringKeyword.Pooling => options with { Pooling = ConnectionStringKeywords.ParseBoolean(spelled, value) },
        ConnectionStringKeyword.PinFlushWorker => options with { PinFlushWorker = ConnectionStringKeywords.ParseBoolean(spelled, value) },
        _ => throw new ArgumentOutOfRangeException(nameof(key)),
    };

    private static int ParsePageSize(string key, object value)
    {
        int size = ConnectionStringKeywords.ParseInt32(key, value, 4096, 65536);
        if ((size & (size - 1)) != 0)
        {
            throw new ArgumentException($"Connection string key '{key}' has the invalid value '{value}'; expected a power of two from 4096 to 65536.", key);
        }

        return size;
    }

    private static string Name(ConnectionStringKeyword key) => ConnectionStringKeywords.CanonicalNames[(int)key];

    private void Reset(ConnectionStringKeyword key)
    {
        var defaults = new SharpCoreDBOptions();
        _options = key switch
        {
            ConnectionStringKeyword.DataSource => _options with { DataSource = defaults.DataSource },
            ConnectionStringKeyword.Mode => _options with { Mode = defaults.Mode },
            ConnectionStringKeyword.Password => _options with { Password = defaults.Password },
            ConnectionStringKeyword.Durability => _options with { Durability = defaults.Durability },
            ConnectionStringKeyword.UseGroupCommitWal => _options with { UseGroupCommitWal = defaults.UseGroupCommitWal },
            ConnectionStringKeyword.CacheSize => _options with { CacheSize = defaults.CacheSize },
            ConnectionStringKeyword.PageSize => _options with { PageSize = defaults.PageSize },
            ConnectionStringKeyword.DefaultTimeout => _options with { DefaultTimeout = defaults.DefaultTimeout },
            ConnectionStringKeyword.Pooling => _options with { Pooling = defaults.Pooling },
            ConnectionStringKeyword.PinFlushWorker => _options with { PinFlushWorker = defaults.PinFlushWorker },
            _ => _options,
        };
    }

    private object GetTyped(ConnectionStringKeyword key) => key switch
    {
        ConnectionStringKeyword.DataSource => _options.DataSource,
        ConnectionStringKeyword.Mode => _options.Mode,
        ConnectionStringKeyword.Password => _options.Password ?? "",
        ConnectionStringKeyword.Durability => _options.Durability,
        ConnectionStringKeyword.UseGroupCommitWal => _options.UseGroupCommitWal,
        ConnectionStringKeyword.CacheSize => _options.CacheSize,
        ConnectionStringKeyword.PageSize => _options.PageSize,
        ConnectionStringKeyword.DefaultTimeout => _options.DefaultTimeout,
        ConnectionStringKeyword.Pooling => _options.Pooling,
        ConnectionStringKeyword.PinFlushWorker => _options.PinFlushWorker,
        _ => throw new ArgumentOutOfRangeException(nameof(key)),
    };

    private string ToText(ConnectionStringKeyword key) => GetTyped(key) switch
    {
        bool b => b ? "True" : "False",
        IFormattable f => f.ToString(null, CultureInfo.InvariantCulture),
        object o => o.ToString() ?? "",
    };
}
