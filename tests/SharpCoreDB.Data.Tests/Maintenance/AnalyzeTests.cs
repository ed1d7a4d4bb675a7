// ANALYZE stores what SQLite stores, where SQLite stores it: sqlite_stat1 holds the same
// rows for the same data (entry counts and the average entries per value of each key
// prefix, over integers, reals, text, blobs and NULLs, multi-column, partial and
// expression indexes; a row count for a table without an index, nothing for an empty
// one), for every table, one table or one index, with SQLite's errors, and loses the
// rows of what DROP removes. The planner uses the figures: an index choice that is bad
// without them (a two-valued column's index) becomes the right one after ANALYZE, the
// answer staying the same, and the figures last across a reopen.
using SharpCoreDB.Data.Tests.EndToEnd;

namespace SharpCoreDB.Data.Tests.Maintenance;

public sealed class AnalyzeTests() : SqliteComparisonTests(
    """
        CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER, b INTEGER, c TEXT, d REAL, e BLOB UNIQUE);
        CREATE INDEX ta ON t (a);
        CREATE INDEX tb ON t (b);
        CREATE INDEX tcd ON t (c, d);
        CREATE INDEX tde ON t (d DESC, e);
        CREATE INDEX tp ON t (b) WHERE a = 1;
        CREATE INDEX tx ON t (lower(c), b % 7);
        CREATE TABLE plain (x, y);
        CREATE TABLE empty (x);
        CREATE TABLE empty_indexed (x UNIQUE);
        INSERT INTO plain VALUES (1, 'a'), (2, 'b'), (2, NULL);
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
        INSERT INTO t (a, b, c, d, e) SELECT i % 2, (i % 1000) - 500, 'Text ' || (i % 37), (i % 7) * 1.5 - 3, CAST('blob ' || i AS BLOB) FROM n;
        INSERT INTO t (a, b, c, d, e) VALUES (NULL, NULL, NULL, NULL, NULL), (NULL, NULL, x'00ff00', -2.5e300, x'00'), (3, -7, 'TEXT 1', 0, x'0000')
        """)
{
    // Autoindex names differ from SQLite's (autoindex_t_1 / sqlite_autoindex_t_1): compared apart.
    private const string UserStatistics = "SELECT tbl, idx, stat FROM sqlite_stat1 WHERE idx IS NULL OR idx NOT LIKE '%autoindex%'";

    [Theory]
    [InlineData("ANALYZE")]
    [InlineData("ANALYZE main")]
    [InlineData("ANALYZE t")]
    [InlineData("ANALYZE main.t")]
    [InlineData("ANALYZE tcd")]
    [InlineData("ANALYZE plain")]
    [InlineData("ANALYZE empty")]
    public void TheStatisticsAreSqlites(string analyze)
    {
        Both.Execute(analyze);
        Both.AssertSameAnswer(UserStatistics);
        Both.Execute("ANALYZE tx; ANALYZE");
        Both.AssertSameAnswer(UserStatistics);
        Both.AssertSameAnswer("SELECT name, type, tbl_name FROM sqlite_master WHERE name = 'sqlite_stat1'");
    }

    [Fact]
    public void ErrorsAndDropsAreSqlites()
    {
        Both.AssertSameError("ANALYZE nope", "no such table: nope");
        Both.AssertSameError("ANALYZE other.t", "unknown database other");
        Both.Execute("ANALYZE");
        Both.AssertSameError("CREATE TABLE sqlite_stat1 (x)", "object name reserved for internal use: sqlite_stat1");
        Both.Execute("DROP INDEX tcd; DROP TABLE plain");
        Both.AssertSameAnswer(UserStatistics);
        Both.Execute("DELETE FROM sqlite_stat1 WHERE idx = 'ta'");
        Both.AssertSameAnswer(UserStatistics);

        // sqlite_stat1 itself can be dropped (EF Core's EnsureDeleted does), and ANALYZE makes it again.
        Both.Execute("DROP TABLE sqlite_stat1");
        Both.AssertSameAnswer("SELECT count(*) FROM sqlite_master WHERE name = 'sqlite_stat1'");
        Both.Execute("ANALYZE");
        Both.AssertSameAnswer(UserStatistics);
        Assert.Equal("ok", Statements.Scalar(Both.Engine, "PRAGMA integrity_check"));
    }

    [Fact]
    public void ANALYZEMakesTheBetterIndexChoiceAndItLasts()
    {
        const string Query = "SELECT id, c FROM t WHERE a = 1 AND b = 5";
        using var database = new TestDatabase();
        List<string> answer;
        using (SharpCoreDBConnection connection = database.Open())
        {
            Statements.Run(connection, """
                CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER, b INTEGER, c TEXT);
                CREATE INDEX ta ON t (a);
                CREATE INDEX tb ON t (b);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 4000)
                INSERT INTO t (a, b, c) SELECT i % 2, i % 1000, 'row ' || i FROM n
                """);
            answer = VacuumTests.Rows(connection, Query);

            // Without figures both seeks look alike and the first index (2,000 rows per value) is read.
            Assert.Equal("SEARCH t USING INDEX ta (a=?)", Statements.Scalar(connection, "EXPLAIN QUERY PLAN " + Query));
            Statements.Run(connection, "ANALYZE");
            Assert.Equal("SEARCH t USING INDEX tb (b=?)", Statements.Scalar(connection, "EXPLAIN QUERY PLAN " + Query));
            Assert.Equal(answer, VacuumTests.Rows(connection, Query));
        }

        using (SharpCoreDBConnection connection = database.Reopen())
        {
            Assert.Equal("SEARCH t USING INDEX tb (b=?)", Statements.Scalar(connection, "EXPLAIN QUERY PLAN " + Query));
            Assert.Equal(answer, VacuumTests.Rows(connection, Query));
            Assert.Equal("ok", Statements.Scalar(connection, "PRAGMA integrity_check"));
        }

        using SharpCoreDBConnection readOnly = database.Open(";Mode=ReadOnly");
        Assert.Equal(SharpCoreDBErrorCode.ReadOnly, Assert.Throws<SharpCoreDBException>(() => Statements.Run(readOnly, "ANALYZE")).ErrorCode);
    }
}
