// The connection string keys SharpCoreDB understands, one field each: the
// canonical name, the aliases (matched without regard to case), the value type,
// the SharpCoreDBOptions property it stands for and any rule beyond parsing. The
// builder's keys, parsing, formatting and defaults, SharpCoreDBOptions.Validate and
// ToString all come from these fields, so adding a setting means a property on
// SharpCoreDBOptions and a field here (and, for a typed builder property, a
// two-line property naming the field). Unknown keys throw an ArgumentException
// naming the key, so that a typo such as "Pasword=..." fails loudly instead of
// silently opening an unencrypted file.
using System.Diagnostics.CodeAnalysis;
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Data;

/// <summary>Every connection string setting.</summary>
internal static class ConnectionStringSettings
{
    // Filled by the initializers below, which C# runs in the order they are written: that order is the
    // order of All, so a new setting is one field here and nothing else in this file.
    private static readonly List<ConnectionStringSetting> Listed = [];

    public static readonly ConnectionStringSetting<string> DataSource = Add(new ConnectionStringSetting<string>(
        "Data Source", ["DataSource", "Filename", "File Name"], ValueKinds.Text,
        static o => o.DataSource, static (o, v) => o with { DataSource = v }));

    public static readonly ConnectionStringSetting<SharpCoreDBOpenMode> Mode = Add(new ConnectionStringSetting<SharpCoreDBOpenMode>(
        "Mode", [], ValueKinds.Enum<SharpCoreDBOpenMode>(),
        static o => o.Mode, static (o, v) => o with { Mode = v }));

    public static readonly ConnectionStringSetting<string> Password = Add(new ConnectionStringSetting<string>(
        "Password", ["Pwd"], ValueKinds.Text,
        static o => o.Password ?? "", static (o, v) => o with { Password = v })
    { IsSecret = true });

    public static readonly ConnectionStringSetting<WalDurability> Durability = Add(new ConnectionStringSetting<WalDurability>(
        "Durability", [], ValueKinds.Enum<WalDurability>(),
        static o => o.Durability, static (o, v) => o with { Durability = v }));

    public static readonly ConnectionStringSetting<bool> UseGroupCommitWal = Add(new ConnectionStringSetting<bool>(
        "UseGroupCommitWal", ["Use Group Commit Wal", "Group Commit"], ValueKinds.Boolean,
        static o => o.UseGroupCommitWal, static (o, v) => o with { UseGroupCommitWal = v }));

    public static readonly ConnectionStringSetting<long> CacheSize = Add(new ConnectionStringSetting<long>(
        "Cache Size", ["CacheSize"], ValueKinds.ByteCount,
        static o => o.CacheSize, static (o, v) => o with { CacheSize = v },
        new(StorageOptions.IsValidCacheSize, ValueKinds.ByteCount.Expected)));

    public static readonly ConnectionStringSetting<int> PageSize = Add(new ConnectionStringSetting<int>(
        "Page Size", ["PageSize"], ValueKinds.Int32,
        static o => o.PageSize, static (o, v) => o with { PageSize = v },
        new(static size => PageLayout.IsValidPageSize(size), PageLayout.PageSizeRule)));

    public static readonly ConnectionStringSetting<int> DefaultTimeout = Add(new ConnectionStringSetting<int>(
        "Default Timeout", ["DefaultTimeout", "Command Timeout", "CommandTimeout"], ValueKinds.Int32,
        static o => o.DefaultTimeout, static (o, v) => o with { DefaultTimeout = v },
        new(static seconds => seconds >= 0, "a whole number of seconds, 0 for none")));

    public static readonly ConnectionStringSetting<bool> Pooling = Add(new ConnectionStringSetting<bool>(
        "Pooling", [], ValueKinds.Boolean,
        static o => o.Pooling, static (o, v) => o with { Pooling = v }));

    public static readonly ConnectionStringSetting<int> KeyCacheTimeout = Add(new ConnectionStringSetting<int>(
        "Key Cache Timeout", ["KeyCacheTimeout"], ValueKinds.Int32,
        static o => o.KeyCacheTimeout, static (o, v) => o with { KeyCacheTimeout = v },
        new(static seconds => seconds >= 0, "a whole number of seconds, 0 to derive the key at every open")));

    public static readonly ConnectionStringSetting<bool> PinFlushWorker = Add(new ConnectionStringSetting<bool>(
        "Pin Flush Worker", ["PinFlushWorker"], ValueKinds.Boolean,
        static o => o.PinFlushWorker, static (o, v) => o with { PinFlushWorker = v }));

    public static readonly ConnectionStringSetting<bool> ForeignKeys = Add(new ConnectionStringSetting<bool>(
        "Foreign Keys", ["ForeignKeys"], ValueKinds.Boolean,
        static o => o.ForeignKeys, static (o, v) => o with { ForeignKeys = v }));

    /// <summary>Every setting, in the order the builder lists and writes them.</summary>
    public static readonly IReadOnlyList<ConnectionStringSetting> All = Listed.AsReadOnly();

    /// <summary>The canonical names, in the order of <see cref="All"/>.</summary>
    public static readonly string[] Names = [.. All.Select(static setting => setting.Name)];

    private static readonly Dictionary<string, ConnectionStringSetting> ByName = IndexByName();

    /// <summary>The setting a key (or alias) names; throws naming the key when it names none.</summary>
    public static ConnectionStringSetting Resolve(string key)
    {
        ArgumentNullException.ThrowIfNull(key);
        return TryResolve(key, out ConnectionStringSetting? setting)
            ? setting
            : throw new ArgumentException($"Connection string key '{key}' is not supported. Supported keys: {string.Join(", ", Names)}.", key);
    }

    /// <summary>True when <paramref name="key"/> is a supported key or alias.</summary>
    public static bool TryResolve(string key, [NotNullWhen(true)] out ConnectionStringSetting? setting) =>
        ByName.TryGetValue(key.Trim(), out setting);

    /// <summary>Every setting of <paramref name="options"/> as <c>Key=value</c>, a set password shown as ***.</summary>
    public static string Describe(SharpCoreDBOptions options) => string.Join(", ", All.Select(setting =>
    {
        string text = setting.Format(options);
        return $"{setting.Name}={(setting.IsSecret && text.Length > 0 ? "***" : text)}";
    }));

    private static ConnectionStringSetting<T> Add<T>(ConnectionStringSetting<T> setting)
        where T : notnull
    {
        Listed.Add(setting);
        return setting;
    }

    private static Dictionary<string, ConnectionStringSetting> IndexByName()
    {
        var byName = new Dictionary<string, ConnectionStringSetting>(StringComparer.OrdinalIgnoreCase);
        foreach (ConnectionStringSetting setting in All)
        {
            byName.Add(setting.Name, setting);
            foreach (string alias in setting.Aliases)
            {
                byName.Add(alias, setting);
            }
        }

        return byName;
    }
}
