// The connection string keys SharpCoreDB understands, their canonical spellings and
// aliases (case-insensitive), and how each value is parsed. Unknown keys and values
// that do not parse throw an ArgumentException naming the key, so that a typo such
// as "Pasword=..." fails loudly instead of silently opening an unencrypted file.
using System.Globalization;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Data;

/// <summary>One connection string setting.</summary>
internal enum ConnectionStringKeyword
{
    DataSource,
    Mode,
    Password,
    Durability,
    UseGroupCommitWal,
    CacheSize,
    PageSize,
    DefaultTimeout,
    Pooling,
    PinFlushWorker,
}

/// <summary>Names, aliases and value parsing of the connection string keys.</summary>
internal static class ConnectionStringKeywords
{
    /// <summary>The canonical names, indexed by <see cref="ConnectionStringKeyword"/>.</summary>
    public static readonly string[] CanonicalNames =
    [
        "Data Source", "Mode", "Password", "Durability", "UseGroupCommitWal", "Cache Size", "Page Size", "Default Timeout", "Pooling",
        "Pin Flush Worker",
    ];

    private static readonly Dictionary<string, ConnectionStringKeyword> ByName = new(StringComparer.OrdinalIgnoreCase)
    {
        ["Data Source"] = ConnectionStringKeyword.DataSource,
        ["DataSource"] = ConnectionStringKeyword.DataSource,
        ["Filename"] = ConnectionStringKeyword.DataSource,
        ["File Name"] = ConnectionStringKeyword.DataSource,
        ["Mode"] = ConnectionStringKeyword.Mode,
        ["Password"] = ConnectionStringKeyword.Password,
        ["Pwd"] = ConnectionStringKeyword.Password,
        ["Durability"] = ConnectionStringKeyword.Durability,
        ["UseGroupCommitWal"] = ConnectionStringKeyword.UseGroupCommitWal,
        ["Use Group Commit Wal"] = ConnectionStringKeyword.UseGroupCommitWal,
        ["Group Commit"] = ConnectionStringKeyword.UseGroupCommitWal,
        ["Cache Size"] = ConnectionStringKeyword.CacheSize,
        ["CacheSize"] = ConnectionStringKeyword.CacheSize,
        ["Page Size"] = ConnectionStringKeyword.PageSize,
        ["PageSize"] = ConnectionStringKeyword.PageSize,
        ["Default Timeout"] = ConnectionStringKeyword.DefaultTimeout,
        ["DefaultTimeout"] = ConnectionStringKeyword.DefaultTimeout,
        ["Command Timeout"] = ConnectionStringKeyword.DefaultTimeout,
        ["CommandTimeout"] = ConnectionStringKeyword.DefaultTimeout,
        ["Pooling"] = ConnectionStringKeyword.Pooling,
        ["Pin Flush Worker"] = ConnectionStringKeyword.PinFlushWorker,
        ["PinFlushWorker"] = ConnectionStringKeyword.PinFlushWorker,
    };

    /// <summary>The keyword a key (or alias) names; throws naming the key when it names none.</summary>
    public static ConnectionStringKeyword Resolve(string key)
    {
        ArgumentNullException.ThrowIfNull(key);
        if (ByName.TryGetValue(key.Trim(), out ConnectionStringKeyword keyword))
        {
            return keyword;
        }

        throw new ArgumentException(
            $"Connection string key '{key}' is not supported. Supported keys: {string.Join(", ", CanonicalNames)}.", key);
    }

    /// <summary>True when <paramref name="key"/> is a supported key or alias.</summary>
    public static bool TryResolve(string key, out ConnectionStringKeyword keyword) => ByName.TryGetValue(key.Trim(), out keyword);

    public static SharpCoreDBOpenMode ParseMode(string key, object value) => ParseEnum<SharpCoreDBOpenMode>(key, value);

    public static WalDurability ParseDurability(string key, object value) => ParseEnum<WalDurability>(key, value);

    public static string ParseString(object value) => value as string ?? Convert.ToString(value, CultureInfo.InvariantCulture) ?? "";

    public static bool ParseBoolean(string key, object value)
    {
        if (value is bool b)
        {
            return b;
        }

        string text = ParseString(value).Trim();
        if (text.Equals("true", StringComparison.OrdinalIgnoreCase) || text.Equals("yes", StringComparison.OrdinalIgnoreCase) || text == "1")
        {
            return true;
        }

        if (text.Equals("false", StringComparison.OrdinalIgnoreCase) || text.Equals("no", StringComparison.OrdinalIgnoreCase) || text == "0")
        {
            return false;
        }

        throw BadValue(key, value, "true or false");
    }

    public static int ParseInt32(string key, object value, int min, int max)
    {
        if (value is int i && i >= min && i <= max)
        {
            return i;
        }

        if (int.TryParse(ParseString(value).Trim(), NumberStyles.Integer, CultureInfo.InvariantCulture, out int parsed) &&
            parsed >= min && parsed <= max)
        {
            return parsed;
        }

        throw BadValue(key, value, $"an integer from {min} to {max}");
    }

    /// <summary>A byte count: a plain integer, or one with a KB/MB/GB suffix (binary multiples).</summary>
    public static long ParseByteCount(string key, object value)
    {
        if (value is long l && l >= 0)
        {
            return l;
        }

        if (value is int i && i >= 0)
        {
            return i;
        }

        string text = ParseString(value).Trim();
        long multiplier = 1;
        foreach ((string suffix, long factor) in Suffixes)
        {
            if (text.EndsWith(suffix, StringComparison.OrdinalIgnoreCase))
            {
                multiplier = factor;
                text = text[..^suffix.Length].TrimEnd();
                break;
            }
        }

        if (long.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out long count) && count <= long.MaxValue / multiplier)
        {
            return count * multiplier;
        }

        throw BadValue(key, value, "a byte count such as 67108864 or 64MB");
    }

    private static readonly (string Suffix, long Factor)[] Suffixes =
    [
        ("KiB", 1L << 10), ("MiB", 1L << 20), ("GiB", 1L << 30),
        ("KB", 1L << 10), ("MB", 1L << 20), ("GB", 1L << 30),
        ("K", 1L << 10), ("M", 1L << 20), ("G", 1L << 30),
    ];

    private static T ParseEnum<T>(string key, object value)
        where T : struct, Enum
    {
        if (value is T typed && Enum.IsDefined(typed))
        {
            return typed;
        }

        string text = ParseString(value).Trim();
        // Names only: "1" would parse as an enum value but says nothing a reader can check.
        if (text.Length > 0 && !char.IsAsciiDigit(text[0]) && text[0] != '-' &&
            Enum.TryParse(text, ignoreCase: true, out T parsed) && Enum.IsDefined(parsed))
        {
            return parsed;
        }

        throw BadValue(key, value, "one of " + string.Join(", ", Enum.GetNames<T>()));
    }

    private static ArgumentException BadValue(string key, object value, string expected) =>
        new($"Connection string key '{key}' has the invalid value '{value}'; expected {expected}.", key);
}
