// PRAGMAs are implemented or refused by name, never silently accepted: an app that
// runs `PRAGMA cache_size = N` must not believe its cache changed, and
// one that runs `PRAGMA synchronous = OFF` must not believe it changed durability.
// The settings that describe what the engine does are accepted and reported as SQLite
// reports them (journal_mode answers "wal"; synchronous follows the Durability setting).

using Microsoft.Data.Sqlite;
using SharpCoreDB.TestSupport.Sqlite;

namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class PragmaTests() : TempDirectoryTests()
{
    [Theory]
    [InlineData("PRAGMA foreign_keys = maybe", "PRAGMA value maybe is not a boolean")]
    [InlineData("PRAGMA foreign_key_list", "PRAGMA foreign_key_list needs a table name")]
    [InlineData("PRAGMA recursive_triggers = sometimes", "PRAGMA value sometimes is not a boolean")]
    [InlineData("PRAGMA schema_version", "PRAGMA schema_version is not supported")]
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
        Statements.Run(connection, "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1)");

        var error = Assert.Throws<SharpCoreDBException>(() => Query(connection, sql));
        Assert.Contains(message, error.Message, StringComparison.Ordinal);

        // Refused before anything ran, and the connection goes on.
        Assert.Equal(["1"], Query(connection, "SELECT a FROM t"));
    }

    // pk is the column's position in the primary key (scaffolding tools order composite keys by it).
    [Fact]
    public void TableInfoNumbersPrimaryKeyColumnsAsSqliteDoes()
    {
        using var both = new SqliteComparison();
        both.Execute("CREATE TABLE c (a INT, b TEXT, x, PRIMARY KEY (b, a)); CREATE TABLE d (id INTEGER PRIMARY KEY, v); CREATE TABLE e (p TEXT PRIMARY KEY, q)");
        foreach (string table in new[] { "c", "d", "e" })
        {
            both.AssertSameAnswer($"PRAGMA table_info({table})");
        }
    }

    [Fact]
    public void TheImplementedPragmasAnswerWhatTheEngineDoes()
    {
        using SharpCoreDBConnection connection = Open("Durability=FullSync;Page Size=16384");
        Statements.Run(connection, "CREATE TABLE t (a INTEGER PRIMARY KEY, b TEXT NOT NULL); CREATE INDEX t_b ON t (b)");

        Assert.Equal(["wal"], Query(connection, "PRAGMA journal_mode"));
        Assert.Equal(["wal"], Query(connection, "PRAGMA journal_mode = wal"));
        Assert.Equal(["2"], Query(connection, "PRAGMA synchronous"));
        Assert.Empty(Query(connection, "PRAGMA synchronous = FULL"));
        Assert.Empty(Query(connection, "PRAGMA main.synchronous = 2"));
        Assert.Equal(["1"], Query(connection, "PRAGMA foreign_keys"));
        Assert.Empty(Query(connection, "PRAGMA foreign_keys = OFF"));
        Assert.Equal(["0"], Query(connection, "PRAGMA foreign_keys"));
        Assert.Equal(["16384"], Query(connection, "PRAGMA page_size"));
        Assert.Equal(["ok"], Query(connection, "PRAGMA integrity_check"));
        Assert.Equal(["ok"], Query(connection, "PRAGMA quick_check(10)"));
        Assert.Equal(["0,a,INTEGER,0,NULL,1", "1,b,TEXT,1,NULL,0"], Query(connection, "PRAGMA table_info(t)"));
        Assert.Equal(["0,t_b,0"], Query(connection, "PRAGMA index_list('t')"));
    }

    [Fact]
    public void UserVersionAndApplicationIdAreStoredAsSqliteReadsThem()
    {
        using (SharpCoreDBConnection connection = Open("Durability=FullSync"))
        {
            Assert.Equal(["0"], Query(connection, "PRAGMA user_version"));
            Assert.Empty(Query(connection, "PRAGMA user_version = 7"));
            Assert.Empty(Query(connection, "PRAGMA main.application_id = -12"));
            using (SharpCoreDBTransaction tx = connection.BeginTransaction())
            {
                Query(connection, "PRAGMA user_version = 8");
                Assert.Equal(["8"], Query(connection, "PRAGMA user_version"));
                tx.Rollback();
            }

            Assert.Equal(["7"], Query(connection, "PRAGMA user_version"));
        }

        SharpCoreDBConnection.ClearAllPools();
        using (SharpCoreDBConnection connection = Open("Mode=ReadOnly"))
        {
            Assert.Equal(["7"], Query(connection, "PRAGMA user_version"));
            Assert.Equal(["-12"], Query(connection, "PRAGMA application_id"));
            Assert.Throws<SharpCoreDBException>(() => Query(connection, "PRAGMA user_version = 9"));
        }

        using SqliteConnection sqlite = SqliteReference.OpenMemory();
        using SharpCoreDBConnection engine = Open("Durability=FullSync");
        foreach (string value in new[] { "'42abc'", "4294967297", "-2147483648", "x", "+5", "(9)" })
        {
            string set = value == "(9)" ? "PRAGMA user_version(9)" : $"PRAGMA user_version = {value}";
            SqliteReference.Execute(sqlite, set);
            Query(engine, set);
            Assert.Equal(SqliteReference.Rows(sqlite, "PRAGMA user_version", RowText.Exact), Query(engine, "PRAGMA user_version"));
        }
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
        var connection = new SharpCoreDBConnection($"Data Source={Dir.File("p.scdb")};{settings}");
        connection.Open();
        return connection;
    }

    private static List<string> Query(SharpCoreDBConnection connection, string sql) =>
        SqliteReference.Rows(connection, sql, RowText.Exact, out _);
}
