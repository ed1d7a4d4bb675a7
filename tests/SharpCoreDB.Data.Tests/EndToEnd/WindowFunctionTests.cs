// Window functions answer as SQLite's do, over data with NULLs, ties and mixed types:
// ranking functions over peers, lag/lead with offsets and defaults, first/last/nth_value
// and aggregates over ROWS, RANGE and GROUPS frames with every bound form and EXCLUDE,
// named windows and their extension, FILTER on aggregates with and without OVER, ORDER BY
// inside an aggregate's arguments (group_concat(x, ',' ORDER BY y), string_agg), windows
// over grouped rows, and the row order SQLite returns without an ORDER BY (the first
// window's). Misuse is refused with SQLite's words, and a view using windows answers
// the same after the database is reopened.
using SharpCoreDB.TestSupport.Sqlite;

namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class WindowFunctionTests() : SqliteComparisonTests(
    "CREATE TABLE t (id INTEGER PRIMARY KEY, g TEXT, v INTEGER, r REAL, s TEXT)",
    """
        INSERT INTO t VALUES (1, 'a', 10, 1.5, 'x'), (2, 'a', 20, 2.5, 'y'), (3, 'a', 20, NULL, 'x'), (4, 'b', 5, 0.5, NULL),
        (5, 'b', NULL, 3.0, 'z'), (6, 'c', 7, 7.0, 'x'), (7, 'a', 30, 1.0, 'Y'), (8, 'b', 5, 2.0, 'y'), (9, NULL, 12, 12.0, 'x'),
        (10, 'c', '7', 7.5, 'w')
        """)
{
    [Theory]
    [InlineData("SELECT id, row_number() OVER (ORDER BY id) AS rn FROM t")]
    [InlineData("SELECT id, rank() OVER w AS rk, dense_rank() OVER w AS dr, percent_rank() OVER w AS pr, cume_dist() OVER w AS cd FROM t WINDOW w AS (PARTITION BY g ORDER BY v)")]
    [InlineData("SELECT id, rank() OVER (ORDER BY v DESC NULLS FIRST) AS rk, row_number() OVER (PARTITION BY g) AS rn FROM t")]
    [InlineData("SELECT id, ntile(3) OVER (ORDER BY id) AS a, ntile(4) OVER (PARTITION BY g ORDER BY id) AS b, ntile(20) OVER () AS c FROM t")]
    [InlineData("SELECT id, sum(v) OVER (PARTITION BY g ORDER BY id) AS s, count(*) OVER (PARTITION BY g) AS c, avg(v) OVER () AS a FROM t")]
    [InlineData("SELECT id, sum(v) OVER (ORDER BY v) AS s, count(v) OVER (ORDER BY v DESC) AS c FROM t")]
    [InlineData("SELECT id, lag(v) OVER (ORDER BY id) AS l, lead(v, 2, -1) OVER (ORDER BY id) AS d, lag(s, id % 3, 'none') OVER (PARTITION BY g ORDER BY id) AS e FROM t")]
    [InlineData("SELECT id, first_value(v) OVER w AS f, last_value(v) OVER w AS l, nth_value(v, 2) OVER w AS n FROM t WINDOW w AS (PARTITION BY g ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING)")]
    [InlineData("SELECT id, first_value(s) OVER (ORDER BY r) AS f, last_value(s) OVER (ORDER BY r) AS l, nth_value(s, 3) OVER (ORDER BY r) AS n FROM t")]
    [InlineData("SELECT id, sum(v) OVER (ORDER BY id ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS s, sum(v) OVER (ORDER BY id ROWS 2 PRECEDING) AS t FROM t")]
    [InlineData("SELECT id, sum(v) OVER (ORDER BY id ROWS BETWEEN 1 FOLLOWING AND 3 FOLLOWING) AS s, total(v) OVER (ORDER BY id ROWS BETWEEN 3 PRECEDING AND 1 PRECEDING) AS t FROM t")]
    [InlineData("SELECT id, sum(v) OVER (ORDER BY id ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) AS s FROM t")]
    [InlineData("SELECT id, sum(v) OVER (ORDER BY v RANGE BETWEEN 5 PRECEDING AND 5 FOLLOWING) AS s FROM t")]
    [InlineData("SELECT id, sum(v) OVER (ORDER BY v DESC RANGE BETWEEN 5 PRECEDING AND CURRENT ROW) AS s FROM t")]
    [InlineData("SELECT id, min(r) OVER (ORDER BY r RANGE BETWEEN 1 PRECEDING AND 1.5 FOLLOWING) AS n, max(r) OVER (ORDER BY r DESC NULLS FIRST RANGE 2 PRECEDING) AS m FROM t")]
    [InlineData("SELECT id, count(*) OVER (ORDER BY v RANGE BETWEEN UNBOUNDED PRECEDING AND 0 FOLLOWING) AS c FROM t")]
    [InlineData("SELECT id, sum(v) OVER (ORDER BY v GROUPS BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE GROUP) AS s FROM t")]
    [InlineData("SELECT id, sum(v) OVER (ORDER BY v GROUPS BETWEEN 2 PRECEDING AND 1 PRECEDING) AS s, sum(v) OVER (ORDER BY v GROUPS 1 PRECEDING EXCLUDE TIES) AS t FROM t")]
    [InlineData("SELECT id, sum(v) OVER (ORDER BY v ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING EXCLUDE CURRENT ROW) AS s FROM t")]
    [InlineData("SELECT id, group_concat(id, '.') OVER (ORDER BY v GROUPS BETWEEN CURRENT ROW AND 1 FOLLOWING EXCLUDE TIES) AS s FROM t")]
    [InlineData("SELECT id, group_concat(s) OVER (PARTITION BY g ORDER BY id RANGE BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING EXCLUDE NO OTHERS) AS s FROM t")]
    [InlineData("SELECT g, sum(v), rank() OVER (ORDER BY sum(v) DESC) AS rk, sum(sum(v)) OVER () AS total FROM t GROUP BY g")]
    [InlineData("SELECT count(*) FILTER (WHERE v > 10) AS c, sum(v) FILTER (WHERE g = 'a') AS s, group_concat(id) FILTER (WHERE s = 'x') AS x FROM t")]
    [InlineData("SELECT g, count(*) FILTER (WHERE r > 1) AS c FROM t GROUP BY g")]
    [InlineData("SELECT id, count(*) FILTER (WHERE v > 10) OVER (ORDER BY id) AS c, max(r) FILTER (WHERE g <> 'a') OVER (PARTITION BY g) AS m FROM t")]
    [InlineData("SELECT id, sum(v) OVER (w ORDER BY id) AS s FROM t WINDOW w AS (PARTITION BY g)")]
    [InlineData("SELECT id, sum(v) OVER (w ROWS 1 PRECEDING) AS s FROM t WINDOW w AS (PARTITION BY g ORDER BY id)")]
    [InlineData("SELECT DISTINCT g, count(*) OVER (PARTITION BY g) AS c FROM t")]
    [InlineData("SELECT count(*) OVER () AS c FROM t")]
    [InlineData("SELECT id, s, rank() OVER (ORDER BY s COLLATE NOCASE) AS rk FROM t")]
    [InlineData("SELECT * FROM (SELECT id, g, row_number() OVER (PARTITION BY g ORDER BY v DESC, id) AS rn FROM t) WHERE rn = 1")]
    [InlineData("WITH ranked AS (SELECT id, v, dense_rank() OVER (ORDER BY v) AS d FROM t) SELECT d, count(*) FROM ranked GROUP BY d")]
    [InlineData("SELECT g, group_concat(s, ',' ORDER BY s DESC) AS c FROM t GROUP BY g")]
    [InlineData("SELECT group_concat(DISTINCT s ORDER BY s) AS c, string_agg(id, '-' ORDER BY r DESC NULLS FIRST, id) AS d FROM t")]
    [InlineData("SELECT g, string_agg(id, ';' ORDER BY s COLLATE NOCASE, id) AS c, max(s ORDER BY id) AS m FROM t GROUP BY g")]
    [InlineData("SELECT group_concat(s ORDER BY id) FILTER (WHERE id > 2) AS c FROM t")]
    public void AnswersAsSqlite(string sql) => Both.AssertSameAnswer(sql);

    [Theory]
    [InlineData("SELECT id, row_number() OVER (ORDER BY v) AS a, row_number() OVER (ORDER BY id DESC) AS b FROM t")]
    [InlineData("SELECT id, sum(v) OVER (PARTITION BY g ORDER BY r) AS s FROM t")]
    public void RowsComeInTheFirstWindowsOrderAsInSqlite(string sql)
    {
        List<string> expected = SqliteReference.Rows(Both.Sqlite, sql, RowText.Exact, out _);
        List<string> actual = SqliteReference.Rows(Both.Engine, sql, RowText.Exact, out _);
        Assert.Equal(expected, actual);
    }

    [Theory]
    [InlineData("SELECT id FROM t WHERE row_number() OVER () > 1", "misuse of window function row_number()")]
    [InlineData("SELECT row_number() FROM t", "misuse of window function row_number()")]
    [InlineData("SELECT abs(v) OVER () FROM t", "abs() may not be used as a window function")]
    [InlineData("SELECT sum(v) OVER (w PARTITION BY id) FROM t WINDOW w AS (PARTITION BY g)", "cannot override PARTITION clause of window: w")]
    [InlineData("SELECT sum(v) OVER (w ORDER BY id) FROM t WINDOW w AS (ORDER BY g)", "cannot override ORDER BY clause of window: w")]
    [InlineData("SELECT sum(v) OVER (ORDER BY id, v RANGE 1 PRECEDING) FROM t", "RANGE with offset PRECEDING/FOLLOWING requires one ORDER BY expression")]
    [InlineData("SELECT sum(v) OVER nosuch FROM t", "no such window: nosuch")]
    [InlineData("SELECT count(DISTINCT v) OVER () FROM t", "DISTINCT is not supported for window functions")]
    [InlineData("SELECT sum(v) OVER (ORDER BY id ROWS -1 PRECEDING) FROM t", "frame starting offset must be a non-negative integer")]
    [InlineData("SELECT ntile(0) OVER () FROM t", "argument of ntile must be a positive integer")]
    [InlineData("SELECT nth_value(v, 0) OVER () FROM t", "second argument to nth_value must be a positive integer")]
    [InlineData("SELECT sum(v) OVER (ROWS BETWEEN CURRENT ROW AND 1 PRECEDING) FROM t", "unsupported frame specification")]
    [InlineData("SELECT abs(v) FILTER (WHERE v > 1) FROM t", "FILTER may not be used with non-aggregate abs()")]
    [InlineData("SELECT abs(v ORDER BY id) FROM t", "ORDER BY may not be used with non-aggregate abs()")]
    [InlineData("SELECT group_concat(s ORDER BY id) OVER () FROM t", "ORDER BY may not be used with non-aggregate group_concat()")]
    [InlineData("SELECT string_agg(s) FROM t", "wrong number of arguments to function string_agg()")]
    public void RefusedWithSqlitesMessage(string sql, string message) => Both.AssertSameError(sql, message);

    [Fact]
    public void AViewWithWindowsAnswersTheSameAfterAReopen()
    {
        using var dir = new TempDirectory();
        string path = dir.File("w.scdb");
        const string Query = "SELECT id, total FROM running ORDER BY id";
        string before;
        using (var connection = new SharpCoreDBConnection($"Data Source={path}"))
        {
            connection.Open();
            Statements.Run(connection, "CREATE TABLE sale (id INTEGER PRIMARY KEY, region TEXT, amount REAL)");
            Statements.Run(connection, "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50) INSERT INTO sale SELECT i, 'r' || (i % 3), i * 1.5 FROM n");
            Statements.Run(connection, "CREATE VIEW running AS SELECT id, sum(amount) OVER (PARTITION BY region ORDER BY id ROWS UNBOUNDED PRECEDING) AS total FROM sale");
            before = string.Join(";", SqliteReference.Rows(connection, Query, RowText.Exact, out _));
        }

        using (var connection = new SharpCoreDBConnection($"Data Source={path}"))
        {
            connection.Open();
            Assert.Equal(before, string.Join(";", SqliteReference.Rows(connection, Query, RowText.Exact, out _)));
            Assert.Equal(1.5 + 6 + 10.5, Convert.ToDouble(Statements.Scalar(connection, "SELECT total FROM running WHERE id = 7"), System.Globalization.CultureInfo.InvariantCulture));
        }
    }
}
