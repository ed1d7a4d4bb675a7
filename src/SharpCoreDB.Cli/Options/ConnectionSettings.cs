// The connection settings a shell user can change from the command line or with
// .open: which file, its password, durability, group commit, cache size and
// read-only. They become a provider connection string; nothing else reaches the
// engine.
using System.Globalization;
using SharpCoreDB.Data;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Cli.Options;

/// <summary>How the shell opens a database.</summary>
internal sealed record ConnectionSettings
{
    /// <summary>The database file; null for a private in-memory database.</summary>
    public string? File { get; init; }

    /// <summary>The encryption password; null for an unencrypted database.</summary>
    public string? Password { get; init; }

    /// <summary>FullSync (every commit fsynced) or Async.</summary>
    public WalDurability Durability { get; init; } = WalDurability.FullSync;

    /// <summary>Whether commits share fsyncs through the group-commit log.</summary>
    public bool GroupCommit { get; init; } = true;

    /// <summary>The page cache size in MiB; null for the provider's default.</summary>
    public long? CacheSizeMegabytes { get; init; }

    /// <summary>Open the file read-only (it must exist).</summary>
    public bool ReadOnly { get; init; }

    /// <summary>The name shown to the user: the file, or ":memory:".</summary>
    public string DisplayName => File ?? SharpCoreDBOptions.MemoryDataSource;

    /// <summary>The provider connection string for these settings.</summary>
    public string ToConnectionString()
    {
        var builder = new SharpCoreDBConnectionStringBuilder
        {
            DataSource = File ?? SharpCoreDBOptions.MemoryDataSource,
            Durability = Durability,
            UseGroupCommitWal = GroupCommit,
            DefaultTimeout = 0,
            Pooling = false,
        };
        if (ReadOnly && File is not null)
        {
            builder.Mode = SharpCoreDBOpenMode.ReadOnly;
        }

        if (!string.IsNullOrEmpty(Password))
        {
            builder.Password = Password;
        }

        if (CacheSizeMegabytes is { } megabytes)
        {
            builder["Cache Size"] = megabytes.ToString(CultureInfo.InvariantCulture) + "MB";
        }

        return builder.ConnectionString;
    }
}
