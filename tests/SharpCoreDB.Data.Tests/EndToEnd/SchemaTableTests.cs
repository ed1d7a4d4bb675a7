// sqlite_schema (alias sqlite_master) answers as SQLite's does for what tools and
// ORMs ask of it: which tables, indexes and views exist, on which table, with which
// SQL (NULL for the indexes of PRIMARY KEY / UNIQUE constraints; the text is the
// canonical form SharpCoreDB stores, not the statement as typed), in creation order;
// it is read-only, names beginning with "sqlite_" are refused for new objects, and
// it follows the schema through a transaction, a rollback and a reopen.
using SharpCoreDB.TestSupport.Sqlite;

namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class SchemaTableTests() : SqliteComparisonTests(
    "CREATE TABLE t (a INTEGER PRIMARY KEY, b TEXT, c REAL); CREATE INDEX t_c ON t (c); CREATE VIEW v AS SELECT a FROM t",
    "CREATE TABLE u (x INTEGER, y TEXT); CREATE UNIQUE INDEX u_xy ON u (x, y)")
{
    [Theory]
    [InlineData("SELECT type, name, tbl_name, rootpage > 0 OR type = 'view' AS stored, sql IS NULL AS constraint_index FROM sqlite_master ORDER BY name")]
    [InlineData("SELECT type, name FROM sqlite_schema WHERE type = 'table' ORDER BY name")]
    [InlineData("SELECT COUNT(*) FROM \"sqlite_master\" WHERE \"name\" = '__EFMigrationsHistory' AND \"type\" = 'table'")]
    [InlineData("SELECT name FROM main.sqlite_master WHERE type = 'index' AND tbl_name = 'u'")]
    [InlineData("SELECT s.name, count(*) FROM sqlite_master s JOIN sqlite_master i ON i.tbl_name = s.name GROUP BY s.name")]
    [InlineData("SELECT group_concat(name, ',') FROM (SELECT name FROM sqlite_master WHERE type <> 'index')")]
    public void AnswersAsSqlite(string sql) => Both.AssertSameAnswer(sql);

    [Theory]
    [InlineData("CREATE TABLE sqlite_x (a)", "object name reserved for internal use: sqlite_x")]
    [InlineData("CREATE INDEX sqlite_i ON t (c)", "object name reserved for internal use: sqlite_i")]
    [InlineData("CREATE VIEW Sqlite_v AS SELECT 1", "object name reserved for internal use: Sqlite_v")]
    [InlineData("ALTER TABLE t RENAME TO sqlite_t", "object name reserved for internal use: sqlite_t")]
    [InlineData("DELETE FROM sqlite_master", "table sqlite_master may not be modified")]
    [InlineData("INSERT INTO sqlite_schema VALUES ('table', 'x', 'x', 0, NULL)", "table sqlite_master may not be modified")]
    public void RefusesWhatSqliteRefuses(string sql, string message) => Both.AssertSameError(sql, message);

    [Fact]
    public void FollowsTheSchemaThroughTransactionsAndReopens()
    {
        using var database = new TestDatabase();
        using (SharpCoreDBConnection connection = database.Open())
        {
            Statements.Run(connection, "CREATE TABLE a (id INTEGER PRIMARY KEY, name TEXT UNIQUE)");
            using (SharpCoreDBTransaction tx = connection.BeginTransaction())
            {
                Statements.Run(connection, "CREATE TABLE b (x)");
                Assert.Equal(["a", "autoindex_a_1", "b"], Names(connection));
                tx.Rollback();
            }

            Assert.Equal(["a", "autoindex_a_1"], Names(connection));
        }

        using (SharpCoreDBConnection connection = database.Reopen())
        {
            Assert.Equal(["a", "autoindex_a_1"], Names(connection));
            Assert.Equal(["table,a,a,CREATE TABLE a(id INTEGER PRIMARY KEY, name TEXT UNIQUE)", "index,autoindex_a_1,a,NULL"],
                SqliteReference.Rows(connection, "SELECT type, name, tbl_name, sql FROM sqlite_master", RowText.Exact, out _));
        }
    }

    private static List<string> Names(SharpCoreDBConnection connection) =>
        SqliteReference.Rows(connection, "SELECT name FROM sqlite_master ORDER BY name", RowText.Exact, out _);
}
