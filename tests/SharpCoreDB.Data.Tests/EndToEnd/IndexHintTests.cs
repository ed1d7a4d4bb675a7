// INDEXED BY and NOT INDEXED choose the access as SQLite's do: INDEXED BY reads the
// table through the named index (a seek when a predicate allows one, else the whole
// index, never the rowid), NOT INDEXED through no index (a rowid lookup still serves
// `id = ?`). The plans read as SQLite's EXPLAIN QUERY PLAN lines, the answers equal
// SQLite's, and a missing index (or one named for a view) is SQLite's error.
using SharpCoreDB.TestSupport.Sqlite;

namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class IndexHintTests() : SqliteComparisonTests(
    "CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER, b TEXT); CREATE INDEX ta ON t(a); CREATE INDEX tb ON t(b)",
    "INSERT INTO t VALUES (1, 5, 'x'), (2, 3, 'y'), (3, 5, 'z'), (4, NULL, 'x'), (5, 7, NULL)",
    "CREATE VIEW v AS SELECT * FROM t")
{
    [Theory]
    [InlineData("SELECT * FROM t INDEXED BY ta WHERE b = 'x'")]
    [InlineData("SELECT * FROM t INDEXED BY ta WHERE id = 1")]
    [InlineData("SELECT * FROM t INDEXED BY ta WHERE a = 5")]
    [InlineData("SELECT * FROM t AS q INDEXED BY tb WHERE b > 'x'")]
    [InlineData("SELECT * FROM t NOT INDEXED WHERE a = 5")]
    [InlineData("SELECT * FROM t NOT INDEXED WHERE id = 1")]
    public void PlansAndAnswersAsSqlite(string sql)
    {
        Both.AssertSameAnswer(sql);
        string sqlitePlan = string.Join(" | ", SqliteReference.Rows(Both.Sqlite, "EXPLAIN QUERY PLAN " + sql, RowText.Exact, out _)
            .Select(row => row.Split(',')[^1]));
        Assert.Equal(sqlitePlan, (string)Statements.Scalar(Both.Engine, "EXPLAIN QUERY PLAN " + sql)!);
    }

    [Theory]
    [InlineData("SELECT x.id, y.id FROM t x INDEXED BY tb JOIN t y NOT INDEXED ON x.a = y.a")]
    [InlineData("SELECT * FROM t NOT INDEXED WHERE b > 'x' ORDER BY b")]
    public void AnswersAsSqlite(string sql) => Both.AssertSameAnswer(sql);

    [Fact]
    public void UpdateAndDeleteTakeTheHintToo()
    {
        Both.Execute("UPDATE t INDEXED BY ta SET b = 'w' WHERE a = 5; DELETE FROM t NOT INDEXED WHERE a = 3");
        Both.AssertSameAnswer("SELECT * FROM t");
        Both.AssertSameError("DELETE FROM t INDEXED BY nosuch WHERE a = 1", "no such index: nosuch");
    }

    [Theory]
    [InlineData("SELECT * FROM t INDEXED BY nosuch", "no such index: nosuch")]
    [InlineData("SELECT * FROM v INDEXED BY ta", "no such index: ta")]
    public void RefusedWithSqlitesMessage(string sql, string message) => Both.AssertSameError(sql, message);
}
