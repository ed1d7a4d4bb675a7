// WITH answers as SQLite's does: ordinary CTEs (several, referring to each other in
// either order, shadowing tables, in subqueries, correlated), recursive ones (UNION and
// UNION ALL, several recursive selects, ORDER BY/LIMIT/OFFSET inside, endless ones cut
// by an outer LIMIT), MATERIALIZED hints, and WITH in front of INSERT, UPDATE and
// DELETE. Order-sensitive answers are compared through group_concat over the CTE,
// which reads it in the order it produces rows. Malformed recursion is refused with
// SQLite's words, an endless recursion ends at the command's timeout, and statements
// written with WITH keep their effect after the database is reopened.
using Microsoft.Data.Sqlite;

namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class CteTests() : SqliteComparisonTests(
    "CREATE TABLE t (x INTEGER, s TEXT); INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, NULL), (2, 'B')",
    "CREATE TABLE org (id INTEGER PRIMARY KEY, boss INTEGER, name TEXT)",
    "INSERT INTO org VALUES (1, NULL, 'Ann'), (2, 1, 'Bob'), (3, 1, 'Cid'), (4, 2, 'Dee'), (5, 4, 'Eve'), (6, 3, 'Fay')",
    "CREATE VIEW org_ids AS SELECT id FROM org",
    "CREATE TABLE edge (a INTEGER, b INTEGER); INSERT INTO edge VALUES (1, 2), (2, 3), (3, 1), (3, 4), (4, 4)")
{
    [Theory]
    [InlineData("WITH c AS (SELECT x * 10 AS y FROM t) SELECT y FROM c")]
    [InlineData("WITH c(a, b) AS (VALUES (1, 2), (3, 4)) SELECT b, a FROM c")]
    [InlineData("WITH c AS (SELECT 1 AS a), d AS (SELECT a + 1 AS b FROM c) SELECT * FROM d, c")]
    [InlineData("WITH d AS (SELECT a + 1 AS b FROM c), c AS (SELECT 1 AS a) SELECT * FROM d")]
    [InlineData("WITH t AS (SELECT 42 AS x) SELECT x FROM t")]
    [InlineData("WITH c AS (SELECT x FROM t WHERE x > 1) SELECT count(*), sum(x) FROM c")]
    [InlineData("WITH c AS (SELECT x, s FROM t) SELECT a.s, b.s FROM c a JOIN c b ON a.x = b.x AND a.s < b.s")]
    [InlineData("WITH c AS (SELECT 1 AS a) SELECT * FROM c, (WITH c AS (SELECT 2 AS a) SELECT a FROM c) AS d")]
    [InlineData("WITH c AS (SELECT 1) SELECT * FROM c UNION ALL SELECT 2")]
    [InlineData("SELECT (WITH c AS (SELECT x FROM t) SELECT max(x) FROM c) AS m")]
    [InlineData("SELECT x, (WITH c AS (SELECT t.x * 2 AS y) SELECT a.y + b.y FROM c a, c b) AS m FROM t")]
    [InlineData("SELECT x FROM t WHERE x IN (WITH c AS (SELECT 2 AS v) SELECT v FROM c)")]
    [InlineData("WITH c AS (SELECT 2 AS v) SELECT x FROM t WHERE x IN c")]
    [InlineData("WITH c AS (SELECT 2 AS v) SELECT x FROM t WHERE x NOT IN c")]
    [InlineData("SELECT x FROM t WHERE x IN (SELECT boss FROM org) AND x IN org_ids")]
    [InlineData("WITH c AS MATERIALIZED (SELECT random() AS r) SELECT count(*) FROM c AS a, c AS b WHERE a.r = b.r")]
    [InlineData("WITH c AS (SELECT random() AS r) SELECT count(*) FROM c AS a, c AS b WHERE a.r = b.r")]
    [InlineData("WITH c AS NOT MATERIALIZED (SELECT x FROM t) SELECT * FROM c")]
    [InlineData("WITH c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 5) SELECT group_concat(n, ' ') FROM c")]
    [InlineData("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c) SELECT n FROM c LIMIT 4")]
    [InlineData("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c LIMIT 5 OFFSET 2) SELECT group_concat(n, ' ') FROM c")]
    [InlineData("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c ORDER BY 1 DESC LIMIT 7) SELECT group_concat(n, ' ') FROM c")]
    [InlineData("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 3 UNION ALL SELECT n + 10 FROM c WHERE n < 3) SELECT group_concat(n, ' ') FROM c")]
    [InlineData("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT n + 1 FROM c WHERE n < 3) SELECT group_concat(n, ' ') FROM c")]
    [InlineData("WITH RECURSIVE c(n) AS (SELECT 'a' UNION SELECT 'A' FROM c) SELECT * FROM c")]
    [InlineData("WITH RECURSIVE c(n) AS (SELECT 1 UNION SELECT 1.0 FROM c) SELECT n, typeof(n) FROM c")]
    [InlineData("WITH RECURSIVE c(n) AS (SELECT 1 AS k UNION ALL SELECT n + 1 AS j FROM c WHERE n < 4 ORDER BY j DESC) SELECT group_concat(n, ' ') FROM c")]
    [InlineData("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT DISTINCT n + 1 FROM c WHERE n < 3) SELECT * FROM c")]
    [InlineData("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c LEFT JOIN t ON t.x = c.n WHERE n < 3) SELECT * FROM c")]
    [InlineData("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 3) SELECT a.n, b.n FROM c a JOIN c b ON a.n < b.n")]
    [InlineData("SELECT x, (WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < t.x) SELECT group_concat(n) FROM c) AS m FROM t")]
    [InlineData("WITH RECURSIVE under(id, depth) AS (SELECT 1, 0 UNION ALL SELECT org.id, depth + 1 FROM org JOIN under ON org.boss = under.id) SELECT id, depth FROM under")]
    [InlineData("WITH RECURSIVE under(id, path) AS (SELECT id, name FROM org WHERE boss IS NULL UNION ALL SELECT org.id, path || '/' || org.name FROM under, org WHERE org.boss = under.id ORDER BY 2) SELECT group_concat(path, ' ') FROM under")]
    [InlineData("WITH RECURSIVE up(id) AS (SELECT 5 UNION ALL SELECT boss FROM org, up WHERE org.id = up.id AND boss IS NOT NULL) SELECT group_concat(id, ' ') FROM up")]
    [InlineData("WITH RECURSIVE reach(n) AS (SELECT 1 UNION SELECT b FROM edge, reach WHERE edge.a = reach.n) SELECT n FROM reach")]
    [InlineData("WITH RECURSIVE fib(a, b) AS (SELECT 0, 1 UNION ALL SELECT b, a + b FROM fib WHERE b < 1000) SELECT group_concat(a, ',') FROM fib")]
    [InlineData("WITH RECURSIVE x(i) AS (VALUES (1) UNION ALL SELECT i + 1 FROM x WHERE i < 3), y(j) AS (SELECT i * 10 FROM x) SELECT * FROM x, y")]
    [InlineData("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 1000) SELECT count(*), sum(n), max(n) FROM c")]
    [InlineData("WITH RECURSIVE w(id) AS (SELECT 1 UNION ALL SELECT o.id FROM w JOIN org o ON o.id BETWEEN w.id * 2 AND w.id * 2 + 1 WHERE o.id <= 5) SELECT id FROM w")]
    [InlineData("WITH RECURSIVE w(id) AS (SELECT 1 UNION ALL SELECT o.id FROM w JOIN org o ON o.id BETWEEN w.id * 2 AND w.id * 2 + 1 WHERE o.id > 2 AND o.id < 7) SELECT id FROM w")]
    public void AnswersAsSqlite(string sql) => Both.AssertSameAnswer(sql);

    [Theory]
    [InlineData("WITH t AS (SELECT x * 10 AS x FROM t) SELECT x FROM t", "circular reference: t")]
    [InlineData("WITH a AS (SELECT * FROM b), b AS (SELECT * FROM a) SELECT * FROM a", "circular reference: a")]
    [InlineData("WITH RECURSIVE c(n) AS (SELECT 1 INTERSECT SELECT n + 1 FROM c WHERE n < 3) SELECT n FROM c", "circular reference: c")]
    [InlineData("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 3 UNION SELECT n FROM c) SELECT n FROM c", "circular reference: c")]
    [InlineData("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c, c AS d WHERE n < 3) SELECT n FROM c", "multiple references to recursive table: c")]
    [InlineData("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT max(n) + 1 FROM c WHERE n < 3) SELECT n FROM c", "recursive aggregate queries not supported")]
    [InlineData("WITH RECURSIVE c(n, m) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 3) SELECT n FROM c", "table c has 1 values for 2 columns")]
    [InlineData("WITH c(n) AS (SELECT 1), c(m) AS (SELECT 2) SELECT * FROM c", "duplicate WITH table name: c")]
    [InlineData("SELECT x FROM t WHERE x IN org", "sub-select returns 3 columns - expected 1")]
    [InlineData("SELECT x FROM t WHERE x IN no_such", "no such table: no_such")]
    [InlineData("WITH RECURSIVE c(n) AS (SELECT 5 UNION ALL SELECT n - 1 FROM c WHERE n > 0 ORDER BY n) SELECT * FROM c", "1st ORDER BY term does not match any column in the result set")]
    public void RefusedWithSqlitesMessage(string sql, string message) => Both.AssertSameError(sql, message);

    [Theory]
    [InlineData("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < (SELECT max(n) FROM c)) SELECT n FROM c")]
    [InlineData("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM (SELECT n FROM c) WHERE n < 3) SELECT * FROM c")]
    public void ARecursiveReferenceInASubqueryIsRefused(string sql)
    {
        Assert.Throws<SqliteException>(() => SqliteComparison.Run(Both.Sqlite, sql));
        var error = Assert.Throws<SharpCoreDBException>(() => SqliteComparison.Run(Both.Engine, sql));
        Assert.Contains("recursive reference in a subquery: c", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void WithInFrontOfInsertUpdateAndDeleteChangesWhatSqliteChanges()
    {
        Both.Execute("WITH RECURSIVE c(n) AS (SELECT 10 UNION ALL SELECT n + 1 FROM c WHERE n < 14) INSERT INTO t (x, s) SELECT n, 'gen' FROM c");
        Both.Execute("INSERT INTO t (x, s) WITH c AS (SELECT 20 AS v) SELECT v, 'inner' FROM c");
        Both.Execute("WITH big AS (SELECT x FROM t WHERE x >= 12) UPDATE t SET s = 'big' WHERE x IN big");
        Both.Execute("WITH odd(v) AS (SELECT x FROM t WHERE x % 2 = 1 AND x > 10) DELETE FROM t WHERE x IN (SELECT v FROM odd)");
        Both.AssertSameAnswer("SELECT x, s FROM t");
    }

    [Fact]
    public void ACteNamedLikeTheTargetTableDoesNotHideIt()
    {
        Both.Execute("WITH t AS (SELECT 2 AS x) DELETE FROM t WHERE x IN (SELECT x FROM t)");
        Both.Execute("WITH t AS (SELECT 3 AS x) UPDATE t SET x = x * 10 WHERE x > 1");
        Both.AssertSameAnswer("SELECT x, s FROM t");
    }

    [Fact]
    public void InsertingFromACteOverTheSameTableReadsItAsItWasBefore()
    {
        Both.Execute("INSERT INTO t (x) SELECT * FROM (SELECT x + 100 FROM t)");
        Both.Execute("WITH c AS (SELECT x FROM t) INSERT INTO t (x) SELECT x + 1000 FROM c");
        Both.Execute("WITH RECURSIVE c(n) AS (SELECT max(x) FROM t UNION ALL SELECT n + 1 FROM c WHERE n < (SELECT max(x) FROM t) + 3) INSERT INTO t (x) SELECT n FROM c");
        Both.AssertSameAnswer("SELECT count(*), sum(x) FROM t");
    }

    [Fact]
    public void AnEndlessRecursionEndsAtTheCommandTimeout()
    {
        using SharpCoreDBCommand command = Both.Engine.CreateCommand();
        command.CommandText = "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c) SELECT count(*) FROM c";
        command.CommandTimeout = 1;
        var error = Assert.Throws<SharpCoreDBException>(() => command.ExecuteScalar());
        Assert.Equal(SharpCoreDBErrorCode.Timeout, error.ErrorCode);

        command.CommandText = "SELECT count(*) FROM t";
        Assert.Equal(4L, command.ExecuteScalar());
    }

    [Fact]
    public void ExplainShowsTheRecursionAndTheSharedCte()
    {
        using SharpCoreDBCommand command = Both.Engine.CreateCommand();
        command.CommandText = "EXPLAIN QUERY PLAN WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 5) SELECT a.n FROM c a, c b";
        var lines = new List<string>();
        using (SharpCoreDBDataReader reader = command.ExecuteReader())
        {
            while (reader.Read())
            {
                lines.Add(reader.GetString(0).Trim());
            }
        }

        Assert.Contains("MATERIALIZE CTE c", lines);
        Assert.Contains("RECURSIVE CTE c (UNION ALL)", lines);
        Assert.Contains("SCAN RECURSIVE c", lines);
        Assert.Contains("SCAN MATERIALIZED CTE c", lines);
    }

    [Fact]
    public void ViewsAndChangesWrittenWithWithSurviveAReopen()
    {
        using var dir = new TempDirectory();
        string path = dir.File("cte.scdb");
        using (var connection = new SharpCoreDBConnection($"Data Source={path}"))
        {
            connection.Open();
            Statements.Run(connection, "CREATE TABLE org (id INTEGER PRIMARY KEY, boss INTEGER, name TEXT)");
            Statements.Run(connection, "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100) INSERT INTO org SELECT i, CASE WHEN i > 1 THEN i / 2 END, 'p' || i FROM n");
            Statements.Run(connection, """
                CREATE VIEW chain AS WITH RECURSIVE up(id, depth) AS (
                    SELECT id, 0 FROM org WHERE id = 100
                    UNION ALL SELECT org.boss, depth + 1 FROM org JOIN up ON org.id = up.id WHERE org.boss IS NOT NULL)
                SELECT group_concat(id, '>') AS path, max(depth) AS depth FROM up
                """);
        }

        using (var connection = new SharpCoreDBConnection($"Data Source={path}"))
        {
            connection.Open();
            Assert.Equal(100L, Statements.Scalar(connection, "SELECT count(*) FROM org"));
            Assert.Equal("100>50>25>12>6>3>1", Statements.Scalar(connection, "SELECT path FROM chain"));
            Assert.Equal(6L, Statements.Scalar(connection, "SELECT depth FROM chain"));
        }
    }
}
