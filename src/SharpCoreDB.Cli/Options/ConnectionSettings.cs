// How the shell opens a database: the file, its password and whether it is
// read-only (the three things .open changes), and the provider's options for the
// rest. Command-line options such as --durability set connection string keys
// through the provider's builder, so the shell parses, checks and defaults them
// exactly as a connection string does and restates none of them.
using SharpCoreDB.Data;

namespace SharpCoreDB.Cli.Options;

/// <summary>How the shell opens a database.</summary>
internal sealed record ConnectionSettings
{
    // The shell's own choices: a statement waits for locks as long as it takes (Ctrl-C cancels
    // it), and its one connection has nothing to pool. Every other setting is the provider's default.
    private static readonly SharpCoreDBOptions ShellDefaults = new()
    {
        DataSource = SharpCoreDBOptions.MemoryDataSource,
        DefaultTimeout = 0,
        Pooling = false,
    };

    /// <summary>The database file; null for a private in-memory database.</summary>
    public string? File { get; init; }

    /// <summary>The encryption password; null for an unencrypted database.</summary>
    public string? Password { get; init; }

    /// <summary>Open the file read-only (it must exist).</summary>
    public bool ReadOnly { get; init; }

    /// <summary>The provider settings other than the file, password and mode (durability, group commit, cache size).</summary>
    public SharpCoreDBOptions Options { get; init; } = ShellDefaults;

    /// <summary>The name shown to the user: the file, or ":memory:".</summary>
    public string DisplayName => File ?? SharpCoreDBOptions.MemoryDataSource;

    /// <summary>
    /// These settings with connection string key <paramref name="key"/> set to <paramref name="value"/>, parsed and
    /// checked by the provider's builder; an <see cref="ArgumentException"/> names the key when the value is bad.
    /// </summary>
    public ConnectionSettings With(string key, object value)
    {
        var builder = new SharpCoreDBConnectionStringBuilder(Options) { [key] = value };
        return this with { Options = builder.ToOptions() };
    }

    /// <summary>The provider options to open with.</summary>
    public SharpCoreDBOptions ToOptions() => Options with
    {
        DataSource = File ?? SharpCoreDBOptions.MemoryDataSource,
        Password = Password,
        // An in-memory database is new and empty: read-only would make it useless, so it stays writable.
        Mode = ReadOnly && File is not null ? SharpCoreDBOpenMode.ReadOnly : Options.Mode,
    };
}
