// CREATE TABLE .. AS SELECT answers as SQLite's does: the columns are named after
// the query's (repeats numbered "x:1"), typed by their affinity (INT, REAL, TEXT,
// NUM or none), without constraints, and hold the query's rows; IF NOT EXISTS over
// an existing table does nothing; a query that fails leaves no table behind, inside
// a transaction too; the table and its rows survive a reopen.
using SharpCoreDB.TestSupport.Sqlite;

namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class CreateTableAsTests() : SqliteComparisonTests(
    "CREATE TABLE s (a INTEGER PRIMARY KEY, b TEXT NOT NULL, c REAL, d, e NUMERIC, f BLOB)",
    "INSERT INTO s VALUES (1, 'x', 1.5, NULL, 3, x'00'), (2, 'y', 2.5, 'd', 4.5, NULL)")
{
    [Theory]
    [InlineData("CREATE TABLE t AS SELECT a, b, c, d, e, f, a + 1 AS h, 'lit', b || 'y', CAST(a AS TEXT) AS k FROM s")]
    [InlineData("CREATE TABLE t AS SELECT count(*) AS n, max(c) FROM s")]
    [InlineData("CREATE TABLE t AS SELECT a AS x, a AS x, b AS x FROM s")]
    [InlineData("CREATE TABLE t AS SELECT * FROM s WHERE 0")]
    [InlineData("CREATE TABLE t AS WITH q(v) AS (VALUES (1), (2)) SELECT v * 10 AS v FROM q")]
    [InlineData("CREATE TABLE t AS SELECT 1 AS i, 1.5 AS r, 'x' AS t, NULL AS n, CAST('1' AS INTEGER) AS ci, CAST(1 AS NUMERIC) AS cn")]
    [InlineData("CREATE TABLE t AS SELECT s1.a, s2.b FROM s s1 JOIN s s2 ON s1.a < s2.a")]
    public void MakesTheTableSqliteMakes(string sql)
    {
        Both.Execute(sql);
        Both.AssertSameAnswer("PRAGMA table_info(t)");
        Both.AssertSameAnswer("SELECT * FROM t");
    }

    [Fact]
    public void RefusesAndSkipsAsSqliteDoes()
    {
        Both.Execute("CREATE TABLE t AS SELECT a FROM s");
        Both.Execute("CREATE TABLE IF NOT EXISTS t AS SELECT b, c FROM s");
        Both.AssertSameAnswer("PRAGMA table_info(t)");
        Both.AssertSameError("CREATE TABLE t AS SELECT 1", "table t already exists");
        Both.AssertSameError("CREATE TABLE u AS SELECT nosuch FROM s", "no such column: nosuch");
        Both.AssertSameAnswer("SELECT count(*) FROM sqlite_master WHERE name = 'u'");
    }

    [Fact]
    public void AFailedStatementLeavesNoTableAndTheTableSurvivesAReopen()
    {
        using var database = new TestDatabase();
        using (SharpCoreDBConnection connection = database.Open())
        {
            Statements.Run(connection, "CREATE TABLE s (a INTEGER PRIMARY KEY, b TEXT); INSERT INTO s VALUES (1, 'x'), (2, 'y')");
            using (SharpCoreDBTransaction tx = connection.BeginTransaction())
            {
                // The rows fail the new table's insert (a 64-bit overflow in the query), so the CREATE is undone with them.
                Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "CREATE TABLE u AS SELECT a, abs(-9223372036854775807 - a) FROM s"));
                Statements.Run(connection, "CREATE TABLE t AS SELECT a * 10 AS a, b FROM s");
                tx.Commit();
            }
        }

        using (SharpCoreDBConnection connection = database.Reopen())
        {
            Assert.Equal(["10,x", "20,y"], SqliteReference.Rows(connection, "SELECT * FROM t ORDER BY a", RowText.Exact, out _));
            Assert.Equal(["s", "t"], SqliteReference.Rows(connection, "SELECT name FROM sqlite_master ORDER BY name", RowText.Exact, out _));
        }
    }

    [Fact]
    public void TemporaryTablesAndViewsAreRefusedNotMadePermanent()
    {
        using SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        Assert.Equal("TEMP tables are not supported: a table is stored in the database file and seen by every connection",
            Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "CREATE TEMP TABLE scratch (a)")).Message);
        Assert.StartsWith("TEMP tables are not supported",
            Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "CREATE TEMPORARY TABLE scratch AS SELECT 1")).Message, StringComparison.Ordinal);
        Assert.StartsWith("TEMP views are not supported",
            Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "CREATE TEMP VIEW v AS SELECT 1")).Message, StringComparison.Ordinal);
        Assert.Equal(0L, Statements.Scalar(connection, "SELECT count(*) FROM sqlite_master"));
    }
}
