// The contenders by name (the value of each suite's `Contender` parameter) and the lists
// each suite runs. SharpCoreDB names read SCDB[-AES]-{Full|Async}-{GC|noGC}: encrypted or
// not, Durability=FullSync or Async, UseGroupCommitWal true (GC) or false (noGC).
namespace SharpCoreDB.Benchmarks.Suites.Contenders;

public static class ContenderNames
{
    public const string ScdbFullGc = "SCDB-Full-GC";
    public const string ScdbFullNoGc = "SCDB-Full-noGC";
    public const string ScdbAsyncGc = "SCDB-Async-GC";
    public const string ScdbAsyncNoGc = "SCDB-Async-noGC";
    public const string ScdbAesFullGc = "SCDB-AES-Full-GC";
    public const string ScdbAesFullNoGc = "SCDB-AES-Full-noGC";
    public const string ScdbAesAsyncGc = "SCDB-AES-Async-GC";
    public const string ScdbAesAsyncNoGc = "SCDB-AES-Async-noGC";
    public const string SqliteMemory = "SQLite-Mem";

    /// <summary>The ratio baseline of every suite: SQLite on a file, WAL, synchronous=FULL.</summary>
    public const string SqliteFull = "SQLite-WAL-FULL";
    public const string SqliteNormal = "SQLite-WAL-NORMAL";
    public const string LiteDb = "LiteDB";

    /// <summary>Every contender: the insert suite's full matrix.</summary>
    public static readonly string[] All =
    [
        SqliteFull, SqliteNormal, SqliteMemory, LiteDb,
        ScdbFullGc, ScdbFullNoGc, ScdbAsyncGc, ScdbAsyncNoGc,
        ScdbAesFullGc, ScdbAesFullNoGc, ScdbAesAsyncGc, ScdbAesAsyncNoGc,
    ];

    /// <summary>Writers on a file from many threads: group commit against serialized writers.</summary>
    public static readonly string[] Concurrent = [SqliteFull, SqliteNormal, LiteDb, ScdbFullGc, ScdbFullNoGc];

    /// <summary>The read suite: unencrypted and encrypted SharpCoreDB.</summary>
    public static readonly string[] Read = [SqliteFull, LiteDb, ScdbFullGc, ScdbAesFullGc];

    /// <summary>The one-row UPDATE under each commit guarantee: durable first, then acknowledged before the disk.</summary>
    public static readonly string[] CommitGuarantees = [SqliteFull, ScdbFullGc, SqliteNormal, LiteDb, ScdbAsyncGc];

    /// <summary>The other suites: the default SharpCoreDB settings against the file databases.</summary>
    public static readonly string[] Default = [SqliteFull, LiteDb, ScdbFullGc];

    public static Contender Create(string name, string directory)
    {
        System.IO.Directory.CreateDirectory(directory);
        return name switch
        {
            SqliteFull => new SqliteContender(name, directory, "FULL"),
            SqliteNormal => new SqliteContender(name, directory, "NORMAL"),
            SqliteMemory => new SqliteContender(name, directory, synchronous: null),
            LiteDb => new LiteDbContender(name, directory),
            _ when name.StartsWith("SCDB-", StringComparison.Ordinal) => new SharpCoreDbContender(
                name,
                directory,
                encrypted: name.Contains("-AES-", StringComparison.Ordinal),
                groupCommit: !name.EndsWith("-noGC", StringComparison.Ordinal),
                fullSync: name.Contains("-Full-", StringComparison.Ordinal)),
            _ => throw new ArgumentException($"Unknown contender '{name}'.", nameof(name)),
        };
    }
}
