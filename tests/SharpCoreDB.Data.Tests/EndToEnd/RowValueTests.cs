// Row values answer as SQLite's do, with NULLs in them: comparisons (=, <>, <, <=, >, >=,
// IS, IS NOT, compared pair by pair with SQLite's three-valued results), BETWEEN, IN with a
// list of rows, a VALUES list or a subquery (and NOT IN, where a NULL makes the answer
// unknown), a subquery standing for one row, and UPDATE SET (a, b) = (..). The same
// queries run on a table with an index on (a, b), which a row equality must use, and an
// ordering of row values seeks on its first item (keyset paging). A row value anywhere
// else is "row value misused".
namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class RowValueTests : SqliteComparisonTests
{
    public RowValueTests()
    {
        foreach (string table in new[] { "plain", "indexed" })
        {
            Both.Execute($"CREATE TABLE {table} (id INTEGER PRIMARY KEY, a INTEGER, b TEXT)");
            Both.Execute($"INSERT INTO {table} VALUES (1, 1, 'x'), (2, 1, 'y'), (3, 2, NULL), (4, NULL, 'x'), (5, 3, 'z'), (6, 2, 'b'), (7, 1, 'y')");
        }

        Both.Execute("CREATE INDEX indexed_ab ON indexed (a, b)");
    }

    [Theory]
    [InlineData("SELECT id FROM {t} WHERE (a, b) = (1, 'y')")]
    [InlineData("SELECT id, (a, b) < (2, 'a') AS lt, (a, b) <= (2, 'b') AS le, (a, b) > (1, 'x') AS gt, (a, b) >= (2, NULL) AS ge FROM {t}")]
    [InlineData("SELECT id, (a, b) <> (1, 'x') AS ne, (a, b) IS (2, NULL) AS s, (a, b) IS NOT (1, 'x') AS ns FROM {t}")]
    [InlineData("SELECT id FROM {t} WHERE (a, b) > (1, 'x')")]
    [InlineData("SELECT id FROM {t} WHERE (a, b, id) >= (1, 'y', 7)")]
    [InlineData("SELECT id FROM {t} WHERE (a, b) BETWEEN (1, 'x') AND (2, 'z')")]
    [InlineData("SELECT id FROM {t} WHERE (a, b) NOT BETWEEN (1, 'x') AND (2, 'z')")]
    [InlineData("SELECT id FROM {t} WHERE (a, b) IN ((1, 'y'), (3, 'z'))")]
    [InlineData("SELECT id FROM {t} WHERE (a, b) IN (VALUES (1, 'y'), (2, NULL))")]
    [InlineData("SELECT id FROM {t} WHERE (a, b) NOT IN (VALUES (1, 'y'), (2, 'q'))")]
    [InlineData("SELECT id FROM {t} WHERE (a, b) IN (SELECT a, b FROM {t} WHERE id > 5)")]
    [InlineData("SELECT id FROM {t} WHERE (a, b) NOT IN (SELECT a, b FROM {t} WHERE id < 3)")]
    [InlineData("SELECT id, (a, b) IN (SELECT 2, NULL) AS x, (a, b) NOT IN (SELECT 9, 'n') AS y FROM {t}")]
    [InlineData("SELECT id FROM {t} WHERE (a, b) = (SELECT a, b FROM {t} WHERE id = 5)")]
    [InlineData("SELECT (SELECT 1, 2) = (1, 2) AS e, ((1, 2)) < (1, 3) AS l")]
    public void AnswersAsSqlite(string sql)
    {
        Both.AssertSameAnswer(sql.Replace("{t}", "plain", StringComparison.Ordinal));
        Both.AssertSameAnswer(sql.Replace("{t}", "indexed", StringComparison.Ordinal));
    }

    [Fact]
    public void UpdateSetsSeveralColumnsFromOneRowValue()
    {
        Both.Execute("UPDATE plain SET (a, b) = (b, a) WHERE id = 1");
        Both.Execute("UPDATE plain SET (a, b) = (SELECT 9, 'n') WHERE id = 2");
        Both.Execute("UPDATE indexed SET (b, a) = (SELECT b, a + 10 FROM plain WHERE plain.id = indexed.id)");
        Both.AssertSameAnswer("SELECT * FROM plain");
        Both.AssertSameAnswer("SELECT * FROM indexed");
    }

    [Fact]
    public void ARowEqualitySeeksTheIndex() =>
        Assert.Equal("SEARCH indexed USING INDEX indexed_ab (a=? AND b=?)",
            Statements.Scalar(Both.Engine, "EXPLAIN QUERY PLAN SELECT id FROM indexed WHERE (a, b) = (1, 'y')"));

    // Keyset paging: an ordering of row values seeks on the bound it implies on its first item, through an index on
    // it or the rowid, and the rest of the comparison filters what the seek reads.
    [Theory]
    [InlineData("SELECT id FROM indexed WHERE (a, b) > (1, 'x')", "SEARCH indexed USING INDEX indexed_ab (a>?)")]
    [InlineData("SELECT id FROM indexed WHERE (a, id) <= (2, 3)", "SEARCH indexed USING INDEX indexed_ab (a<?)")]
    [InlineData("SELECT a FROM plain WHERE (id, a) > (4, 1)", "SEARCH plain USING INTEGER PRIMARY KEY (rowid>?)")]
    public void AnOrderingOfRowValuesSeeks(string sql, string plan)
    {
        Assert.Equal(plan, Statements.Scalar(Both.Engine, "EXPLAIN QUERY PLAN " + sql));
        Both.AssertSameAnswer(sql);
    }

    // Every operator, over rows with NULLs, text against integers and repeated first items, pages walked in both
    // directions the way an application pages with the last row it showed: the same rows, in the same order, as SQLite.
    [Fact]
    public void KeysetPagesMatchSqlite()
    {
        Both.Execute("CREATE TABLE pages (id INTEGER PRIMARY KEY, k, v TEXT)");
        Both.Execute("CREATE INDEX pages_k ON pages (k)");
        var random = new Random(5);
        object?[] keys = [null, 1, 2, 2.5, "2", "a", "b", 7];
        for (int id = 1; id <= 60; id++)
        {
            object? k = keys[random.Next(keys.Length)];
            string literal = k switch { null => "NULL", string text => $"'{text}'", double d => d.ToString(System.Globalization.CultureInfo.InvariantCulture), _ => k.ToString()! };
            Both.Execute($"INSERT INTO pages VALUES ({id}, {literal}, 'v{id}')");
        }

        foreach (string op in new[] { ">", ">=", "<", "<=" })
        {
            foreach (string bound in new[] { "(2, 10)", "('2', 30)", "(NULL, 5)", "(2.5, 0)", "('a', 60)", "(1, 1)" })
            {
                string order = op.StartsWith('>') ? "k, id" : "k DESC, id DESC";
                Both.AssertSameOrderedAnswer($"SELECT id, k FROM pages WHERE (k, id) {op} {bound} ORDER BY {order} LIMIT 7");
                Both.AssertSameAnswer($"SELECT id FROM pages WHERE (k, id) {op} {bound}");
            }
        }
    }

    // IN (SELECT ..) with a row value reads the subquery into a set: the same three-valued answers as SQLite's over
    // random rows with NULLs, integers against numeric text (affinity), NOCASE text (collation), three items,
    // NOT IN, a correlated subquery and an empty one.
    [Fact]
    public void RowInSubqueryMatchesSqliteWithNullsAffinityAndCollation()
    {
        Both.Execute("CREATE TABLE l (id INTEGER PRIMARY KEY, a INTEGER, b TEXT COLLATE NOCASE, c)");
        Both.Execute("CREATE TABLE r (x, y TEXT, z)");
        var random = new Random(9);
        object?[] values = [null, 1, 2, "2", "x", "X", 1.0, "a"];
        string Literal(object? v) => v switch
        {
            null => "NULL",
            string text => $"'{text}'",
            double d => d.ToString("0.0", System.Globalization.CultureInfo.InvariantCulture),
            _ => v.ToString()!,
        };
        for (int i = 1; i <= 40; i++)
        {
            Both.Execute($"INSERT INTO l VALUES ({i}, {Literal(values[random.Next(values.Length)])}, {Literal(values[random.Next(values.Length)])}, {Literal(values[random.Next(values.Length)])})");
            Both.Execute($"INSERT INTO r VALUES ({Literal(values[random.Next(values.Length)])}, {Literal(values[random.Next(values.Length)])}, {Literal(values[random.Next(values.Length)])})");
        }

        foreach (string sql in new[]
        {
            "SELECT id, (a, b) IN (SELECT x, y FROM r) AS v FROM l",
            "SELECT id, (a, b) NOT IN (SELECT x, y FROM r) AS v FROM l",
            "SELECT id, (a, b, c) IN (SELECT x, y, z FROM r) AS v FROM l",
            "SELECT id, (b, a) IN (SELECT y, x FROM r WHERE x IS NOT NULL AND y IS NOT NULL) AS v FROM l",
            "SELECT id, (a, b) IN (SELECT x, y FROM r WHERE r.z = l.c) AS v FROM l",
            "SELECT id, (a, b) IN (SELECT x, y FROM r WHERE 0) AS v, (a, b) NOT IN (SELECT x, y FROM r WHERE 0) AS w FROM l",
            "SELECT id FROM l WHERE (a, b) IN (SELECT x, y FROM r)",
            "SELECT id FROM l WHERE (a, b COLLATE BINARY) IN (SELECT x, y FROM r)",
        })
        {
            Both.AssertSameAnswer(sql);
        }

        Both.AssertSameError("SELECT (a, b) IN (SELECT x, y, z FROM r) FROM l", "sub-select returns 3 columns - expected 2");
    }

    [Theory]
    [InlineData("SELECT (1, 2)", "row value misused")]
    [InlineData("SELECT (1, 2) + 1", "row value misused")]
    [InlineData("SELECT (1, 2) = (1, 2, 3)", "row value misused")]
    [InlineData("SELECT id FROM plain WHERE (a, b) = 1", "row value misused")]
    public void RefusedWithSqlitesMessage(string sql, string message) => Both.AssertSameError(sql, message);
}
