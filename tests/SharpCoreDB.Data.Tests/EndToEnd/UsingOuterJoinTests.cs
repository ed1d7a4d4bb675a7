// RIGHT and FULL JOINs with USING and NATURAL against SQLite through ADO.NET. SQLite merges
// a USING column: unqualified, it reads the right side of a RIGHT JOIN and the first side
// that is not NULL of a FULL JOIN (a coalesce that keeps its first argument's affinity and
// collation); `*` shows it once, under its name, at the left table's place; in a FROM with
// a RIGHT or FULL JOIN the left value a later USING compares is the coalesce of every left
// table that has the column. Each query's column names and rows (sorted, or in order under a
// total ORDER BY) are compared with SQLite's; the rows hold NULLs in the joined columns,
// duplicates, and unmatched rows on both sides.


namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class UsingOuterJoinTests() : SqliteComparisonTests(Schema)
{
    private const string Schema = """
        CREATE TABLE a (x INTEGER, y TEXT COLLATE NOCASE, k INTEGER);
        CREATE TABLE b (y TEXT, x INTEGER, z REAL);
        CREATE TABLE c (x INTEGER, w TEXT, y TEXT);
        CREATE TABLE e (x INTEGER, y TEXT);
        INSERT INTO a VALUES (1, 'One', 10), (2, 'two', 20), (2, 'deux', 21), (NULL, 'none', 30), (4, 'four', NULL);
        INSERT INTO b VALUES ('one', 1, 1.5), ('TWO', 2, 2.5), ('three', 3, 3.5), ('nil', NULL, 0.5), ('three', 3, 3.25);
        INSERT INTO c VALUES (3, 'p', 'three'), (5, 'q', 'five'), (1, 'r', 'one'), (NULL, 's', NULL);
        CREATE VIEW vb AS SELECT x, z FROM b WHERE x IS NOT NULL;
        """;

    [Theory]
    [InlineData("SELECT * FROM a RIGHT JOIN b USING (x)")]
    [InlineData("SELECT * FROM a FULL JOIN b USING (x)")]
    [InlineData("SELECT * FROM a FULL OUTER JOIN b USING (x, y)")]
    [InlineData("SELECT * FROM a RIGHT OUTER JOIN b USING (y)")]
    [InlineData("SELECT * FROM a NATURAL RIGHT JOIN b")]
    [InlineData("SELECT * FROM a NATURAL FULL JOIN b")]
    [InlineData("SELECT * FROM b NATURAL FULL JOIN a")]
    [InlineData("SELECT x, a.x, b.x FROM a FULL JOIN b USING (x)")]
    [InlineData("SELECT x, a.x, b.x FROM a RIGHT JOIN b USING (x)")]
    [InlineData("SELECT a.*, '|', b.* FROM a FULL JOIN b USING (x)")]
    [InlineData("SELECT a.* FROM a RIGHT JOIN b USING (x)")]
    [InlineData("SELECT b.* FROM a NATURAL FULL JOIN b")]
    [InlineData("SELECT *, x, y FROM a NATURAL RIGHT JOIN b")]
    [InlineData("SELECT * FROM a FULL JOIN b USING (x) FULL JOIN c USING (x)")]
    [InlineData("SELECT x, a.x, b.x, c.x FROM a FULL JOIN b USING (x) FULL JOIN c USING (x)")]
    [InlineData("SELECT * FROM a JOIN b USING (x) RIGHT JOIN c USING (x)")]
    [InlineData("SELECT * FROM a LEFT JOIN b USING (x) FULL JOIN c USING (x)")]
    [InlineData("SELECT * FROM a FULL JOIN b USING (x) RIGHT JOIN c USING (x)")]
    [InlineData("SELECT * FROM a RIGHT JOIN b USING (x) FULL JOIN c USING (x)")]
    [InlineData("SELECT * FROM a RIGHT JOIN b USING (x) JOIN c USING (x)")]
    [InlineData("SELECT * FROM a FULL JOIN b USING (x) LEFT JOIN c USING (x)")]
    [InlineData("SELECT * FROM a NATURAL FULL JOIN b NATURAL FULL JOIN c")]
    [InlineData("SELECT * FROM a NATURAL RIGHT JOIN b NATURAL LEFT JOIN c")]
    [InlineData("SELECT * FROM a FULL JOIN c USING (x, y)")]
    [InlineData("SELECT * FROM a FULL JOIN e USING (x)")]
    [InlineData("SELECT * FROM e FULL JOIN a USING (x)")]
    [InlineData("SELECT * FROM e RIGHT JOIN a USING (x, y)")]
    [InlineData("SELECT * FROM a FULL JOIN vb USING (x)")]
    [InlineData("SELECT * FROM vb RIGHT JOIN a USING (x)")]
    [InlineData("SELECT * FROM (SELECT x, k FROM a WHERE k > 10) AS s FULL JOIN (SELECT x, z FROM b) AS t USING (x)")]
    [InlineData("WITH w AS (SELECT x, w FROM c) SELECT * FROM a FULL JOIN w USING (x)")]
    [InlineData("WITH w AS (SELECT x, w FROM c) SELECT * FROM w NATURAL FULL JOIN w AS w2")]
    [InlineData("SELECT * FROM a FULL JOIN b USING (x) WHERE x > 1")]
    [InlineData("SELECT * FROM a FULL JOIN b USING (x) WHERE x IS NULL")]
    [InlineData("SELECT * FROM a FULL JOIN b USING (x) WHERE x = '2'")]
    [InlineData("SELECT * FROM a RIGHT JOIN b USING (x) WHERE x = '3'")]
    [InlineData("SELECT y FROM a FULL JOIN b USING (y) WHERE y = 'ONE'")]
    [InlineData("SELECT y FROM b FULL JOIN a USING (y) WHERE y = 'ONE'")]
    [InlineData("SELECT y, count(*) AS n FROM a NATURAL FULL JOIN b GROUP BY y")]
    [InlineData("SELECT x, count(*) AS n, sum(z) AS s, group_concat(k) AS ks FROM a FULL JOIN b USING (x) GROUP BY x")]
    [InlineData("SELECT typeof(x) AS t, count(*) AS n FROM a FULL JOIN b USING (x) GROUP BY 1")]
    [InlineData("SELECT count(*) AS n, count(x) AS nx FROM a FULL JOIN b USING (x) FULL JOIN c USING (x)")]
    [InlineData("SELECT DISTINCT x FROM a FULL JOIN b USING (x)")]
    public void AnswersAsSqliteDoes(string sql) => Both.AssertSameAnswer(sql);

    [Theory]
    [InlineData("SELECT x, a.y, k, z FROM a FULL JOIN b USING (x) ORDER BY x, a.y, k, z")]
    [InlineData("SELECT x, a.y, b.y FROM a RIGHT JOIN b USING (x) ORDER BY x DESC, b.y, b.z")]
    [InlineData("SELECT x, w FROM a FULL JOIN b USING (x) FULL JOIN c USING (x) ORDER BY x NULLS LAST, w, b.z, a.k")]
    [InlineData("SELECT y FROM a NATURAL FULL JOIN b ORDER BY y, x, z, k")]
    [InlineData("SELECT x, b.y FROM a FULL JOIN b USING (x) ORDER BY x, b.y, z LIMIT 3 OFFSET 1")]
    public void OrderedQueriesComeInSqlitesOrder(string sql) => Both.AssertSameOrderedAnswer(sql);

    [Fact]
    public void AUsingColumnAmbiguousOnTheLeftIsSqlitesError() =>
        Both.AssertSameError("SELECT * FROM a, b FULL JOIN c USING (x)", "ambiguous reference to x in USING()");
}
