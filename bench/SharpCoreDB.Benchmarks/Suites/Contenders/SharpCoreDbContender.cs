// SharpCoreDB through its ADO.NET provider. The settings that vary: encryption (Password=,
// AES-256-GCM, the key derived once per open with PBKDF2), the group-commit log or one
// fsync per commit (UseGroupCommitWal), and Durability (FullSync: a commit returns once
// its log record is fsynced; Async: it returns before, the log is synced in the background).
// All connections to one file share one open database, so the key is derived once, at the
// first open, and later connections only check the password; after the last close the
// provider keeps the derived key (Key Cache Timeout), so a reopen skips PBKDF2 too.
using SharpCoreDB.Data;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Benchmarks.Suites.Contenders;

public sealed class SharpCoreDbContender : Contender
{
    private readonly string _connectionString;

    public SharpCoreDbContender(string name, string directory, bool encrypted, bool groupCommit, bool fullSync)
        : base(name, directory)
    {
        FilePath = Path.Combine(directory, "bench.scdb");
        var builder = new SharpCoreDBConnectionStringBuilder
        {
            DataSource = FilePath,
            Durability = fullSync ? WalDurability.FullSync : WalDurability.Async,
            UseGroupCommitWal = groupCommit,
            DefaultTimeout = 120,
        };
        if (encrypted)
        {
            builder.Password = "benchmark-password";
        }

        _connectionString = builder.ConnectionString;
    }

    public string FilePath { get; }

    public string ConnectionString => _connectionString;

    public override void CreateSchema() => SqlSchema.Create((AdoNetSession)Main);

    protected override ContenderSession CreateSession()
    {
        var connection = new SharpCoreDBConnection(_connectionString);
        connection.Open();
        return new AdoNetSession(connection);
    }
}
