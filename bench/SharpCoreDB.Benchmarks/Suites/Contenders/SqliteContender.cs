// SQLite through Microsoft.Data.Sqlite, used as its documentation recommends for speed:
// prepared commands, transactions around batches, WAL journal mode for file databases.
// synchronous=FULL fsyncs the WAL at every commit (durable); NORMAL syncs only at
// checkpoints (a commit survives a crash of the process but may be lost on power loss).
// ":memory:" is a private database per connection: nothing reaches a disk.
using Microsoft.Data.Sqlite;

namespace SharpCoreDB.Benchmarks.Suites.Contenders;

public sealed class SqliteContender : Contender
{
    private readonly string _connectionString;
    private readonly string? _synchronous;

    /// <summary>A file database in WAL mode with the given synchronous level (FULL, NORMAL), or in memory when null.</summary>
    public SqliteContender(string name, string directory, string? synchronous, bool pooling = true)
        : base(name, directory)
    {
        _synchronous = synchronous;
        FilePath = Path.Combine(directory, "bench.sqlite");
        _connectionString = new SqliteConnectionStringBuilder
        {
            DataSource = synchronous is null ? ":memory:" : FilePath,
            Pooling = pooling,
            DefaultTimeout = 120,
            ForeignKeys = true,
        }.ToString();
    }

    public string FilePath { get; }

    public string ConnectionString => _connectionString;

    public override bool SupportsManySessions => _synchronous is not null;

    public override void CreateSchema() => SqlSchema.Create((AdoNetSession)Main);

    /// <summary>Opens a connection with the contender's pragmas (journal mode, synchronous, busy timeout).</summary>
    public SqliteConnection OpenConnection()
    {
        var connection = new SqliteConnection(_connectionString);
        connection.Open();
        if (_synchronous is not null)
        {
            using SqliteCommand pragma = connection.CreateCommand();
            pragma.CommandText = $"PRAGMA journal_mode=WAL; PRAGMA synchronous={_synchronous}; PRAGMA busy_timeout=120000;";
            pragma.ExecuteNonQuery();
        }

        return connection;
    }

    protected override ContenderSession CreateSession() => new AdoNetSession(OpenConnection());

    protected override void Release() => SqliteConnection.ClearAllPools();
}
