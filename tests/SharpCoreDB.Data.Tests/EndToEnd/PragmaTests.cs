// PRAGMAs are implemented or refused by name, never silently accepted: an app that
// runs `PRAGMA foreign_keys = ON` must not believe its foreign keys are enforced, and
// one that runs `PRAGMA synchronous = OFF` must not believe it changed durability.
// The settings that describe what the engine does are accepted and reported as SQLite
// reports them (journal_mode answers "wal"; synchronous follows the Durability setting).

namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class PragmaTests : IDisposable
{
    private readonly TempDirectory _dir = new();

    [Theory]
    [InlineData("PRAGMA foreign_keys = ON", "foreign_keys = ON is not supported")]
    [InlineData("PRAGMA foreign_keys = 1", "foreign_keys = ON is not supported")]
    [InlineData("PRAGMA recursive_triggers = ON", "PRAGMA recursive_triggers is not supported")]
    [InlineData("PRAGMA user_version", "PRAGMA user_version is not supported")]
    [InlineData("PRAGMA cache_size = -2000", "PRAGMA cache_size is not supported")]
    [InlineData("PRAGMA busy_timeout = 5000", "PRAGMA busy_timeout is not supported")]
    [InlineData("PRAGMA journal_mode = DELETE", "journal_mode = DELETE is not supported")]
    [InlineData("PRAGMA synchronous = OFF", "synchronous = OFF is not supported")]
    [InlineData("PRAGMA synchronous = NORMAL", "the connection's Durability setting decides it, now FULL")]
    [InlineData("PRAGMA page_size = 4096", "the page size is chosen when the file is created")]
    [InlineData("PRAGMA table_info", "PRAGMA table_info needs a table name")]
    [InlineData("PRAGMA integrity_check(t)", "PRAGMA integrity_check(table) is not supported")]
    [InlineData("PRAGMA temp.table_info(t)", "unknown database temp")]
    public void AnUnimplementedPragmaIsRefusedByName(string sql, string message)
    {
        using SharpCoreDBConnection connection = Open("Durability=FullSync");
        Execute(connection, "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1)");

        var error = Assert.Throws<SharpCoreDBException>(() => Query(connection, sql));
        Assert.Contains(message, error.Message, StringComparison.Ordinal);

        // Refused before anything ran, and the connection goes on.
        Assert.Equal(["1"], Query(connection, "SELECT a FROM t"));
    }

    [Fact]
    public void TheImplementedPragmasAnswerWhatTheEngineDoes()
    {
        using SharpCoreDBConnection connection = Open("Durability=FullSync;Page Size=16384");
        Execute(connection, "CREATE TABLE t (a INTEGER PRIMARY KEY, b TEXT NOT NULL); CREATE INDEX t_b ON t (b)");

        Assert.Equal(["wal"], Query(connection, "PRAGMA journal_mode"));
        Assert.Equal(["wal"], Query(connection, "PRAGMA journal_mode = wal"));
        Assert.Equal(["2"], Query(connection, "PRAGMA synchronous"));
        Assert.Empty(Query(connection, "PRAGMA synchronous = FULL"));
        Assert.Empty(Query(connection, "PRAGMA main.synchronous = 2"));
        Assert.Equal(["0"], Query(connection, "PRAGMA foreign_keys"));
        Assert.Empty(Query(connection, "PRAGMA foreign_keys = OFF"));
        Assert.Equal(["16384"], Query(connection, "PRAGMA page_size"));
        Assert.Equal(["ok"], Query(connection, "PRAGMA integrity_check"));
        Assert.Equal(["ok"], Query(connection, "PRAGMA quick_check(10)"));
        Assert.Equal(["0|a|INTEGER|0||1", "1|b|TEXT|1||0"], Query(connection, "PRAGMA table_info(t)"));
        Assert.Equal(["0|t_b|0"], Query(connection, "PRAGMA index_list('t')"));
    }

    [Fact]
    public void SynchronousFollowsTheDurabilitySetting()
    {
        using SharpCoreDBConnection connection = Open("Durability=Async");
        Assert.Equal(["1"], Query(connection, "PRAGMA synchronous"));
        Assert.Empty(Query(connection, "PRAGMA synchronous = NORMAL"));
        var error = Assert.Throws<SharpCoreDBException>(() => Query(connection, "PRAGMA synchronous = FULL"));
        Assert.Contains("now NORMAL (Durability=Async)", error.Message, StringComparison.Ordinal);
    }

    private SharpCoreDBConnection Open(string settings)
    {
        var connection = new SharpCoreDBConnection($"Data Source={_dir.File("p.scdb")};{settings}");
        connection.Open();
        return connection;
    }

    private static void Execute(SharpCoreDBConnection connection, string sql)
    {
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }

    private static List<string> Query(SharpCoreDBConnection connection, string sql)
    {
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = sql;
        using var reader = command.ExecuteReader();
        var rows = new List<string>();
        while (reader.Read())
        {
            var values = new string[reader.FieldCount];
            for (int i = 0; i < values.Length; i++)
            {
                values[i] = Convert.ToString(reader.GetValue(i), System.Globalization.CultureInfo.InvariantCulture) ?? string.Empty;
            }

            rows.Add(string.Join('|', values));
        }

        return rows;
    }

    public void Dispose() => _dir.Dispose();
}
