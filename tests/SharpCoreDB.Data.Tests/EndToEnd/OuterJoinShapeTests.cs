// RIGHT and FULL JOINs of every shape against SQLite through ADO.NET: among more than two
// relations (associating left to right, after inner, LEFT, RIGHT and FULL joins and before
// others), with subqueries, views and CTEs on either side, with parenthesized joins on the
// right, and with WHERE, ORDER BY, DISTINCT, LIMIT and aggregates over the join. The rows hold
// NULLs in the joined columns, duplicates, unmatched rows on both sides, and an empty table;
// the conditions include equalities (hashed), inequalities, OR, IS and collations. Each
// query's column names and rows (sorted, or in order under a total ORDER BY) equal SQLite's.
namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class OuterJoinShapeTests() : SqliteComparisonTests(Schema)
{
    private const string Schema = """
        CREATE TABLE a (x INTEGER, y TEXT, k INTEGER);
        CREATE TABLE b (x INTEGER, z REAL, k INTEGER);
        CREATE TABLE c (x INTEGER, w TEXT COLLATE NOCASE, z REAL);
        CREATE TABLE e (x INTEGER, v TEXT);
        CREATE INDEX b_x ON b (x);
        INSERT INTO a VALUES (1, 'one', 10), (2, 'two', 20), (2, 'deux', 21), (NULL, 'none', 30), (4, 'four', NULL), (5, 'five', 50);
        INSERT INTO b VALUES (1, 1.5, 10), (2, 2.5, 99), (2, 2.25, 20), (3, 3.5, NULL), (NULL, 0.5, 30), (6, 6.5, 60);
        INSERT INTO c VALUES (1, 'P', 1.5), (3, 'q', 3.5), (3, 'Q', 9.5), (7, 'r', NULL), (NULL, 's', 0.5), (5, 'p', 5.5);
        CREATE VIEW vb AS SELECT x, z, k FROM b WHERE k IS NOT NULL;
        CREATE VIEW vac AS SELECT a.x AS ax, a.y, c.x AS cx, c.w FROM a FULL JOIN c ON a.x = c.x
        """;

    [Theory]
    [InlineData("SELECT * FROM a JOIN b ON a.x = b.x RIGHT JOIN c ON c.x = b.x")]
    [InlineData("SELECT * FROM a JOIN b ON a.x = b.x FULL JOIN c ON c.x = b.x")]
    [InlineData("SELECT * FROM a LEFT JOIN b ON a.x = b.x FULL JOIN c ON c.x = a.x")]
    [InlineData("SELECT * FROM a LEFT JOIN b ON a.x = b.x RIGHT JOIN c ON c.x = b.x")]
    [InlineData("SELECT * FROM a FULL JOIN b ON a.x = b.x FULL JOIN c ON c.x = b.x")]
    [InlineData("SELECT * FROM a FULL JOIN b ON a.x = b.x FULL JOIN c ON c.x = coalesce(a.x, b.x)")]
    [InlineData("SELECT * FROM a RIGHT JOIN b ON a.x = b.x RIGHT JOIN c ON c.z = b.z")]
    [InlineData("SELECT * FROM a RIGHT JOIN b ON a.x = b.x FULL JOIN c ON c.x = a.x")]
    [InlineData("SELECT * FROM a FULL JOIN b ON a.x = b.x RIGHT JOIN c ON c.x = a.x")]
    [InlineData("SELECT * FROM a RIGHT JOIN b ON a.x = b.x JOIN c ON c.x = b.x")]
    [InlineData("SELECT * FROM a RIGHT JOIN b ON a.x = b.x LEFT JOIN c ON c.x = a.x")]
    [InlineData("SELECT * FROM a FULL JOIN b ON a.x = b.x JOIN c ON c.x = b.x")]
    [InlineData("SELECT * FROM a FULL JOIN b ON a.x = b.x LEFT JOIN c ON c.x = b.x")]
    [InlineData("SELECT * FROM a FULL JOIN b ON a.x = b.x CROSS JOIN e")]
    [InlineData("SELECT * FROM a, b FULL JOIN c ON c.x = b.x AND c.x = a.x")]
    [InlineData("SELECT * FROM a CROSS JOIN b RIGHT JOIN c ON c.x = a.x AND c.x = b.x")]
    [InlineData("SELECT a.y, b.z, c.w FROM a JOIN b ON a.k < b.k FULL JOIN c ON c.z > b.z")]
    [InlineData("SELECT a.y, b.z, c.w FROM a JOIN b ON a.x = b.x FULL JOIN c ON c.x = a.x OR c.z = b.z")]
    [InlineData("SELECT a.y, b.z, c.w FROM a LEFT JOIN b ON a.x = b.x FULL JOIN c ON c.x IS b.x")]
    [InlineData("SELECT a.y, b.z, c.w FROM a JOIN b ON a.x = b.x FULL JOIN c ON c.w = a.y")]
    [InlineData("SELECT a.y, b.z, c.w FROM a JOIN b ON a.x = b.x FULL JOIN c ON a.y = c.w")]
    [InlineData("SELECT a.y, b.z, c.w FROM a JOIN b ON a.x = b.x FULL JOIN c ON c.x = b.x AND c.z > 1")]
    [InlineData("SELECT a.y, b.z, c.w FROM a JOIN b ON a.x = b.x FULL JOIN c ON c.x = b.x AND a.k > 15")]
    [InlineData("SELECT a.y, b.z, c.w FROM a JOIN b ON 1 RIGHT JOIN c ON c.x > 4")]
    [InlineData("SELECT a.y, b.z, c.w FROM a JOIN b ON a.x = b.x FULL JOIN c ON c.x = '2' + 1")]
    [InlineData("SELECT a.y, b.z, c.w FROM a JOIN b ON a.x = b.x FULL JOIN c ON c.x = (SELECT max(x) FROM b AS m WHERE m.k = a.k)")]
    [InlineData("SELECT * FROM a FULL JOIN b ON a.x = b.x FULL JOIN c ON c.x = b.x FULL JOIN a AS a2 ON a2.k = c.x * 10")]
    [InlineData("SELECT * FROM a RIGHT JOIN b ON a.x = b.x RIGHT JOIN c ON c.x = b.x RIGHT JOIN a AS a2 ON a2.x = c.x")]
    [InlineData("SELECT * FROM a FULL JOIN e ON e.x = a.x FULL JOIN b ON b.x = a.x")]
    [InlineData("SELECT * FROM e FULL JOIN a ON e.x = a.x JOIN b ON b.x = a.x")]
    [InlineData("SELECT * FROM a JOIN e ON 1 FULL JOIN b ON b.x = a.x")]
    [InlineData("SELECT * FROM a JOIN e ON 1 RIGHT JOIN b ON b.x = a.x")]
    [InlineData("SELECT * FROM a JOIN b ON a.x = b.x RIGHT JOIN e ON e.x = a.x")]
    [InlineData("SELECT * FROM a JOIN b ON a.x = b.x FULL JOIN e ON e.x = a.x")]
    [InlineData("SELECT * FROM e RIGHT JOIN e AS e2 ON 1 FULL JOIN e AS e3 ON 1")]
    public void JoinsOfMoreThanTwoRelationsAnswerAsSqliteDoes(string sql) => Both.AssertSameAnswer(sql);

    [Theory]
    [InlineData("SELECT * FROM a FULL JOIN (SELECT * FROM b WHERE k > 5) AS s ON s.x = a.x")]
    [InlineData("SELECT * FROM (SELECT * FROM a WHERE x > 1) AS s FULL JOIN b ON s.x = b.x")]
    [InlineData("SELECT * FROM (SELECT x, y FROM a) AS s FULL JOIN (SELECT x, w FROM c) AS t ON s.x = t.x")]
    [InlineData("SELECT * FROM (SELECT x, y FROM a) AS s RIGHT JOIN (SELECT x, w FROM c) AS t ON s.x = t.x")]
    [InlineData("SELECT * FROM a RIGHT JOIN (SELECT x, count(*) AS n FROM b GROUP BY x) AS g ON g.x = a.x")]
    [InlineData("SELECT * FROM a FULL JOIN vb ON vb.x = a.x")]
    [InlineData("SELECT * FROM vb FULL JOIN a ON vb.x = a.x")]
    [InlineData("SELECT * FROM vb RIGHT JOIN vb AS v2 ON vb.k = v2.k + 10")]
    [InlineData("SELECT * FROM vac FULL JOIN b ON b.x = vac.cx")]
    [InlineData("SELECT * FROM b FULL JOIN vac ON b.x = vac.ax")]
    [InlineData("WITH w AS (SELECT * FROM c WHERE z > 1) SELECT * FROM a FULL JOIN w ON w.x = a.x")]
    [InlineData("WITH w AS (SELECT * FROM c WHERE z > 1) SELECT * FROM w FULL JOIN a ON w.x = a.x")]
    [InlineData("WITH w AS (SELECT * FROM c) SELECT * FROM w FULL JOIN w AS w2 ON w.x = w2.x + 2")]
    [InlineData("WITH w AS MATERIALIZED (SELECT * FROM b) SELECT * FROM a JOIN w ON w.x = a.x FULL JOIN w AS w2 ON w2.k = a.k")]
    [InlineData("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 7) SELECT * FROM n FULL JOIN a ON a.x = n.i")]
    [InlineData("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 7) SELECT * FROM a RIGHT JOIN n ON a.x = n.i FULL JOIN b ON b.x = n.i")]
    [InlineData("SELECT a.x, j.value FROM a FULL JOIN json_each('[1, 5, null, 9]') AS j ON j.value = a.x")]
    [InlineData("SELECT a.x, j.value FROM json_each('[1, 5, null, 9]') AS j RIGHT JOIN a ON j.value = a.x")]
    [InlineData("SELECT * FROM (SELECT * FROM a FULL JOIN b ON a.x = b.x) AS s FULL JOIN c ON c.x = s.x")]
    [InlineData("SELECT a.y, b.z, c.w FROM a FULL JOIN (b JOIN c ON c.x = b.x) ON a.x = b.x")]
    [InlineData("SELECT a.y, b.z, c.w FROM a RIGHT JOIN (b LEFT JOIN c ON c.x = b.x) ON a.x = b.x")]
    [InlineData("SELECT a.y, b.z, c.w FROM a LEFT JOIN (b JOIN c ON c.x = b.x) ON a.x = b.x")]
    [InlineData("SELECT a.y, b.z, c.w FROM a LEFT JOIN (b LEFT JOIN c ON c.x = 5) ON a.x = b.x")]
    [InlineData("SELECT a.y, b.z, c.w FROM a JOIN (b FULL JOIN c ON c.x = b.x) ON a.x = b.x OR a.x = c.x")]
    [InlineData("SELECT a.y, b.z, c.w FROM a JOIN (b FULL JOIN c ON c.x = b.x FULL JOIN e ON e.x = b.x) ON a.x = c.x")]
    public void SubqueriesViewsCtesAndNestedJoinsAnswerAsSqliteDoes(string sql) => Both.AssertSameAnswer(sql);

    [Theory]
    [InlineData("SELECT a.y, c.w FROM a JOIN b ON a.x = b.x FULL JOIN c ON c.x = b.x WHERE a.y IS NULL")]
    [InlineData("SELECT a.y, c.w FROM a JOIN b ON a.x = b.x FULL JOIN c ON c.x = b.x WHERE c.w IS NULL OR a.k > 10")]
    [InlineData("SELECT a.y, c.w FROM a JOIN b ON a.x = b.x RIGHT JOIN c ON c.x = b.x WHERE b.z > 2 OR c.x = 7")]
    [InlineData("SELECT a.y, c.w FROM a LEFT JOIN b ON a.x = b.x FULL JOIN c ON c.x = a.x WHERE b.k IS NULL AND c.w = 'P'")]
    [InlineData("SELECT a.y, c.w, d.y FROM a FULL JOIN b ON a.x = b.x FULL JOIN c ON c.x = b.x JOIN a AS d ON d.x = c.x WHERE d.k > 1")]
    [InlineData("SELECT coalesce(a.x, b.x, c.x) AS x, count(*) AS n, sum(b.z) AS s, count(c.w) AS cw FROM a FULL JOIN b ON a.x = b.x FULL JOIN c ON c.x = b.x GROUP BY 1")]
    [InlineData("SELECT count(*), count(a.x), count(b.x), count(c.x), total(b.z) FROM a RIGHT JOIN b ON a.x = b.x FULL JOIN c ON c.x = a.x")]
    [InlineData("SELECT c.w, group_concat(a.y) AS ys FROM a JOIN b ON a.x = b.x RIGHT JOIN c ON c.x = b.x GROUP BY c.w HAVING count(*) > 1")]
    [InlineData("SELECT DISTINCT b.x, c.x FROM a FULL JOIN b ON a.x = b.x FULL JOIN c ON c.x = a.x")]
    [InlineData("SELECT y FROM a WHERE EXISTS (SELECT 1 FROM b FULL JOIN c ON c.x = b.x WHERE coalesce(b.x, c.x) = a.x)")]
    [InlineData("SELECT y, (SELECT count(*) FROM b FULL JOIN c ON c.x = b.x WHERE b.k = a.k OR c.x = a.x) AS n FROM a")]
    [InlineData("SELECT x FROM a UNION ALL SELECT c.x FROM a AS t JOIN b ON t.x = b.x FULL JOIN c ON c.x = b.x")]
    public void ConditionsAndAggregatesOverTheJoinAnswerAsSqliteDoes(string sql) => Both.AssertSameAnswer(sql);

    [Theory]
    [InlineData("SELECT a.y, b.z, c.w FROM a JOIN b ON a.x = b.x FULL JOIN c ON c.x = b.x ORDER BY c.w, a.y, b.z")]
    [InlineData("SELECT a.y, b.z, c.w FROM a FULL JOIN b ON a.x = b.x FULL JOIN c ON c.x = b.x ORDER BY 1 NULLS LAST, 2 DESC, 3")]
    [InlineData("SELECT a.y, b.z, c.w FROM a RIGHT JOIN b ON a.x = b.x RIGHT JOIN c ON c.x = b.x ORDER BY c.z, c.w LIMIT 4")]
    [InlineData("SELECT s.x, vb.z FROM (SELECT x FROM a) AS s FULL JOIN vb ON s.x = vb.x ORDER BY s.x, vb.z LIMIT 5 OFFSET 2")]
    [InlineData("SELECT coalesce(a.x, c.x) AS x, count(*) AS n FROM a FULL JOIN c ON a.x = c.x GROUP BY 1 ORDER BY n DESC, x")]
    public void OrderedQueriesComeInSqlitesOrder(string sql) => Both.AssertSameOrderedAnswer(sql);

    [Theory]
    [InlineData("SELECT * FROM a LEFT JOIN b ON b.x = c.x JOIN c ON 1")]
    [InlineData("SELECT * FROM a FULL JOIN b ON b.x = c.x JOIN c ON 1")]
    [InlineData("SELECT * FROM a JOIN b ON b.x = c.x RIGHT JOIN c ON 1")]
    [InlineData("SELECT * FROM a FULL JOIN b ON a.x = (SELECT c.x) JOIN c ON 1")]
    public void AnOnClauseNamingATableToItsRightIsSqlitesError(string sql) =>
        Both.AssertSameError(sql, "ON clause references tables to its right");

    [Fact]
    public void CommandTimeoutAndCancelStopALongOuterJoin()
    {
        using SharpCoreDBCommand fill = Both.Engine.CreateCommand();
        fill.CommandText = "CREATE TABLE n (v INTEGER); INSERT INTO n WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < 500) SELECT i FROM r";
        fill.ExecuteNonQuery();

        // 250,000 left rows, each tried against every one of the 500 right rows: the time goes into the join's own loop.
        const string Long = "SELECT count(*) FROM n AS p JOIN n AS q ON 1 FULL JOIN n AS r ON p.v + q.v > r.v * 3";
        using SharpCoreDBCommand timed = Both.Engine.CreateCommand();
        timed.CommandText = Long;
        timed.CommandTimeout = 1;
        Assert.Equal(SharpCoreDBErrorCode.Timeout, Assert.Throws<SharpCoreDBException>(() => timed.ExecuteScalar()).ErrorCode);

        using SharpCoreDBCommand cancelled = Both.Engine.CreateCommand();
        cancelled.CommandText = Long;
        cancelled.CommandTimeout = 0;
        using var timer = new Timer(_ => cancelled.Cancel(), null, 300, Timeout.Infinite);
        Assert.Equal(SharpCoreDBErrorCode.Cancelled, Assert.Throws<SharpCoreDBException>(() => cancelled.ExecuteScalar()).ErrorCode);
    }
}
