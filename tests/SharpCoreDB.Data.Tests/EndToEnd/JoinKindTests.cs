// NATURAL, RIGHT and FULL joins against SQLite through ADO.NET: the same schema and rows in
// both, every query's column names and rows (sorted) compared. These words used to be
// read as table aliases (`a NATURAL JOIN b` ran as a cross join of a aliased "NATURAL"),
// so the tests also pin that each join we do not run is an error naming it. Every shape of
// RIGHT and FULL JOIN is in OuterJoinShapeTests and UsingOuterJoinTests.
using System.Data.Common;
using Microsoft.Data.Sqlite;
using SharpCoreDB.TestSupport.Sqlite;

namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class JoinKindTests() : SqliteComparisonTests(Schema)
{
    private const string Schema = """
        CREATE TABLE a (x INTEGER, y TEXT, k INTEGER);
        CREATE TABLE b (x INTEGER, z REAL, k INTEGER);
        CREATE TABLE c (z REAL, w TEXT);
        INSERT INTO a VALUES (1, 'one', 10), (2, 'two', 20), (2, 'deux', 21), (NULL, 'none', 30), (4, 'four', NULL);
        INSERT INTO b VALUES (1, 1.5, 10), (2, 2.5, 99), (3, 3.5, NULL), (NULL, 0.5, 30);
        INSERT INTO c VALUES (1.5, 'p'), (3.5, 'q'), (9.5, 'r');
        """;

    [Theory]
    [InlineData("SELECT * FROM a NATURAL JOIN b")]
    [InlineData("SELECT * FROM a NATURAL INNER JOIN b")]
    [InlineData("SELECT * FROM a NATURAL LEFT JOIN b")]
    [InlineData("SELECT * FROM a NATURAL LEFT OUTER JOIN b")]
    [InlineData("SELECT * FROM a NATURAL CROSS JOIN b")]
    [InlineData("SELECT x, y, z, k FROM a NATURAL JOIN b")]
    [InlineData("SELECT * FROM a NATURAL JOIN b NATURAL JOIN c")]
    [InlineData("SELECT * FROM a NATURAL JOIN c")]
    [InlineData("SELECT a.y, b.z FROM a NATURAL JOIN b WHERE a.k > 5")]
    [InlineData("SELECT count(*) FROM a natural join b")]
    [InlineData("SELECT * FROM a RIGHT JOIN b ON a.x = b.x")]
    [InlineData("SELECT * FROM a RIGHT OUTER JOIN b ON a.x = b.x AND a.k = b.k")]
    [InlineData("SELECT a.y, b.z FROM a RIGHT JOIN b ON a.x = b.x WHERE b.z > 1")]
    [InlineData("SELECT a.y, b.z FROM a RIGHT JOIN b ON a.x = b.x WHERE a.y IS NULL")]
    [InlineData("SELECT * FROM a RIGHT JOIN b ON a.k < b.k")]
    [InlineData("SELECT b.x, count(a.y) FROM a RIGHT JOIN b ON a.x = b.x GROUP BY b.x")]
    [InlineData("SELECT * FROM a AS natural_a NATURAL JOIN b")]
    [InlineData("SELECT a.y, b.z FROM b LEFT JOIN a ON a.x = b.x WHERE a.y IS NULL")]
    [InlineData("SELECT a.y, b.z FROM b LEFT JOIN a ON a.x = b.x AND a.k > 15 WHERE a.y IS NULL OR a.k > 0")]
    [InlineData("SELECT * FROM a FULL JOIN b ON a.x = b.x")]
    [InlineData("SELECT a.y, b.z FROM a FULL OUTER JOIN b ON a.x = b.x AND a.k = b.k")]
    [InlineData("SELECT a.y, b.z FROM a FULL JOIN b ON a.x = b.x WHERE a.y IS NULL OR b.z IS NULL")]
    [InlineData("SELECT a.y, b.z FROM a FULL JOIN b ON a.x = b.x WHERE a.y > 'e' OR a.y IS NULL")]
    [InlineData("SELECT a.y, b.z FROM a FULL JOIN b ON a.k < b.k WHERE b.z > 1 OR b.z IS NULL")]
    [InlineData("SELECT count(*), count(a.x), count(b.x), sum(b.z) FROM a FULL JOIN b ON a.x = b.x")]
    [InlineData("SELECT coalesce(a.x, b.x) AS x, count(*) AS n FROM a FULL JOIN b ON a.x = b.x GROUP BY 1")]
    [InlineData("SELECT a.y, c.w FROM a FULL JOIN c ON 0")]
    [InlineData("SELECT * FROM a FULL JOIN b USING (x)")]
    [InlineData("SELECT * FROM a RIGHT JOIN b USING (x)")]
    [InlineData("SELECT * FROM a NATURAL RIGHT JOIN b")]
    [InlineData("SELECT * FROM a NATURAL FULL JOIN b")]
    [InlineData("SELECT * FROM a FULL JOIN b ON a.x = b.x FULL JOIN c ON 1")]
    [InlineData("SELECT * FROM a JOIN c ON 1 RIGHT JOIN b ON a.x = b.x")]
    [InlineData("SELECT * FROM a FULL JOIN (SELECT * FROM b) AS s ON a.x = s.x")]
    [InlineData("SELECT * FROM (SELECT * FROM a FULL JOIN b ON a.x = b.x) AS s")]
    public void AnswersAsSqliteDoes(string sql) => Both.AssertSameAnswer(sql);

    [Theory]
    [InlineData("SELECT * FROM a FULL JOIN json_each(a.y) AS j ON 1", "FULL JOIN with a table-valued function that reads the tables on its left is not supported")]
    [InlineData("SELECT * FROM a RIGHT JOIN json_each(a.y) AS j ON 1", "RIGHT JOIN with a table-valued function that reads the tables on its left is not supported")]
    [InlineData("SELECT * FROM a JOIN b ON 1 FULL JOIN json_each(b.x) AS j ON 1", "FULL JOIN with a table-valued function that reads the tables on its left is not supported")]
    [InlineData("SELECT * FROM a JOIN (json_each(a.y) AS j FULL JOIN b ON 1) ON 1", "JOIN with a table-valued function that reads the tables on its left is not supported")]
    [InlineData("SELECT * FROM a NATURAL JOIN a", "ambiguous table name in USING or NATURAL join: a")]
    [InlineData("SELECT * FROM a JOIN a USING (x)", "ambiguous table name in USING or NATURAL join: a")]
    [InlineData("SELECT * FROM a FULL JOIN a USING (x)", "ambiguous table name in USING or NATURAL join: a")]
    public void AJoinWeDoNotRunIsAnErrorNamingIt(string sql, string message)
    {
        using DbCommand command = Both.Engine.CreateCommand();
        command.CommandText = sql;
        var error = Assert.Throws<SharpCoreDBException>(() => command.ExecuteReader().Dispose());
        Assert.Contains(message, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void NaturalWithAConstraintIsASyntaxErrorAsInSqlite()
    {
        using DbCommand command = Both.Engine.CreateCommand();
        command.CommandText = "SELECT * FROM a NATURAL JOIN b ON a.x = b.x";
        var error = Assert.ThrowsAny<SharpCoreDBException>(() => command.ExecuteReader().Dispose());
        Assert.Contains("a NATURAL join may not have an ON or USING clause", error.Message, StringComparison.Ordinal);
        Assert.Throws<SqliteException>(() => SqliteReference.Rows(Both.Sqlite, command.CommandText, RowText.Exact));
    }

    [Fact]
    public void JoinWordsAreNoLongerAliases()
    {
        // Quoted, the words still name things.
        (List<string> _, List<string> rows) = SqliteComparison.Run(Both.Engine, "SELECT \"natural\".x FROM a AS \"natural\" WHERE \"natural\".x = 1");
        Assert.Equal(["1"], rows);
    }
}
