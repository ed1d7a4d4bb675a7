// Statements SQLite refuses are refused here too, with SQLite's words: an aggregate given
// DISTINCT and two arguments used to run (group_concat(DISTINCT x, ',') answered where
// SQLite errs), a known function called with the wrong number of arguments was reported
// as "no such function", and a schema naming an unknown collation was stored.

namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class SameErrorTests() : SqliteComparisonTests(
    "CREATE TABLE t (x INTEGER, s TEXT); INSERT INTO t VALUES (1, 'a'), (1, 'b'), (2, 'c')")
{
    [Theory]
    [InlineData("SELECT group_concat(DISTINCT s, ',') FROM t", "DISTINCT aggregates must have exactly one argument")]
    [InlineData("SELECT count(DISTINCT x, s) FROM t", "wrong number of arguments to function count()")]
    [InlineData("SELECT count(x, s) FROM t", "wrong number of arguments to function count()")]
    [InlineData("SELECT abs(1, 2)", "wrong number of arguments to function abs()")]
    [InlineData("SELECT upper()", "wrong number of arguments to function upper()")]
    [InlineData("SELECT no_such_function(1)", "no such function: no_such_function")]
    [InlineData("CREATE TABLE c1 (a TEXT COLLATE no_such)", "no such collation sequence: no_such")]
    [InlineData("CREATE TABLE c2 (a TEXT, PRIMARY KEY (a COLLATE no_such))", "no such collation sequence: no_such")]
    [InlineData("CREATE TABLE c3 (a TEXT, UNIQUE (a COLLATE no_such))", "no such collation sequence: no_such")]
    [InlineData("CREATE INDEX c4 ON t (s COLLATE no_such)", "no such collation sequence: no_such")]
    public void RefusedWithSqlitesMessage(string sql, string message) => Both.AssertSameError(sql, message);

    [Fact]
    public void TheBuiltInCollationsAreAccepted()
    {
        Both.Execute("CREATE TABLE k (a TEXT COLLATE NOCASE, b TEXT COLLATE rtrim, c TEXT COLLATE Binary); CREATE INDEX k_a ON k (a COLLATE NOCASE)");
        Both.AssertSameAnswer("SELECT count(*) AS n FROM k");
    }

    [Theory]
    [InlineData("SELECT group_concat(DISTINCT s) AS g FROM t WHERE x = 1")]
    [InlineData("SELECT count(DISTINCT x) AS c FROM t")]
    public void OneArgumentDistinctStillRuns(string sql) => Both.AssertSameAnswer(sql);
}
