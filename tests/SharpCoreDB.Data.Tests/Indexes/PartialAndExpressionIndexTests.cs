// What the planner does with partial indexes and indexes on expressions, and that
// they last: a query reads through a partial index only when its own conditions
// imply the index's WHERE (SQLite's rule, the same EXPLAIN QUERY PLAN lines), through
// an index on an expression when it compares the same expression, and never counts
// rows through a partial index. On a file, the indexes survive a reopen and keep
// serving queries and writes, REINDEX rebuilds them, integrity_check stays clean, and
// a CREATE INDEX that fails (a duplicate among the rows its WHERE admits) or is rolled
// back leaves nothing behind.
using SharpCoreDB.Data.Tests.EndToEnd;
using SharpCoreDB.TestSupport.Sqlite;

namespace SharpCoreDB.Data.Tests.Indexes;

public sealed class PartialAndExpressionIndexTests() : SqliteComparisonTests(
    """
        CREATE TABLE account (id INTEGER PRIMARY KEY, email TEXT COLLATE NOCASE, deleted INTEGER NOT NULL DEFAULT 0, name TEXT, score INTEGER);
        CREATE UNIQUE INDEX account_email ON account (email) WHERE deleted = 0;
        CREATE INDEX account_name ON account (lower(name));
        CREATE INDEX account_scored ON account (score) WHERE score IS NOT NULL;
        CREATE INDEX account_flag ON account (name) WHERE score > 90 OR deleted = 1;
        INSERT INTO account (email, deleted, name, score) VALUES ('a@x', 0, 'Ann', 10), ('b@x', 1, 'Bob', NULL), ('B@X', 0, 'bob', 95), ('c@x', 0, 'Cy', 50)
        """)
{
    [Theory]
    [InlineData("SELECT * FROM account WHERE email = 'b@x' AND deleted = 0")]
    [InlineData("SELECT * FROM account WHERE email = 'b@x'")]
    [InlineData("SELECT * FROM account WHERE lower(name) = 'bob'")]
    [InlineData("SELECT * FROM account WHERE lower(name) > 'b'")]
    [InlineData("SELECT * FROM account WHERE name = 'bob'")]
    [InlineData("SELECT * FROM account WHERE score > 20")]
    [InlineData("SELECT * FROM account WHERE score IS NULL")]
    [InlineData("SELECT * FROM account WHERE name = 'Bob' AND score > 90")]
    [InlineData("UPDATE account SET score = 1 WHERE email = 'c@x' AND deleted = 0")]
    [InlineData("DELETE FROM account WHERE lower(name) = 'cy'")]
    public void PlansAsSqlite(string sql)
    {
        if (sql.StartsWith("SELECT", StringComparison.Ordinal))
        {
            Both.AssertSameAnswer(sql);
        }

        string sqlitePlan = string.Join(" | ", SqliteReference.Rows(Both.Sqlite, "EXPLAIN QUERY PLAN " + sql, RowText.Exact, out _)
            .Select(row => row.Split(',')[^1]));
        List<string> plan = Rows(Both.Engine, "EXPLAIN QUERY PLAN " + sql);
        Assert.Equal(sqlitePlan, plan[^1].Trim());
    }

    // SQLite may also scan a partial index the conditions imply instead of the table (it holds fewer rows); SharpCoreDB
    // scans the table. The answers are the same.
    [Theory]
    [InlineData("SELECT * FROM account WHERE email = 'b@x' AND deleted = 1")]
    [InlineData("SELECT * FROM account WHERE name = 'Bob' AND deleted = 0")]
    public void AnswersAsSqlite(string sql) => Both.AssertSameAnswer(sql);

    [Fact]
    public void AHintNamingAPartialIndexTheQueryDoesNotImplyHasNoSolution()
    {
        Both.AssertSameError("SELECT * FROM account INDEXED BY account_email WHERE email = 'a@x'", "no query solution");
        Both.AssertSameAnswer("SELECT * FROM account INDEXED BY account_email WHERE email = 'a@x' AND deleted = 0");
    }

    [Fact]
    public void RowsAreNeverCountedThroughAPartialIndex()
    {
        Statements.Run(Both.Engine, "DROP INDEX account_name");
        Assert.Equal(4L, Statements.Scalar(Both.Engine, "SELECT count(*) FROM account"));
        Assert.Contains("entries of the table's B+tree", (string)Statements.Scalar(Both.Engine, "EXPLAIN QUERY PLAN SELECT count(*) FROM account")!, StringComparison.Ordinal);
    }

    [Fact]
    public void IndexesLastAcrossAReopenAndKeepServing()
    {
        using var database = new TestDatabase();
        const string Probe = "SELECT id, email, deleted, name FROM account WHERE lower(name) = 'name 17' AND deleted = 0 ORDER BY id";
        using (SharpCoreDBConnection connection = database.Open())
        {
            Statements.Run(connection, """
                CREATE TABLE account (id INTEGER PRIMARY KEY, email TEXT, deleted INTEGER NOT NULL DEFAULT 0, name TEXT);
                CREATE UNIQUE INDEX account_email ON account (lower(email)) WHERE deleted = 0;
                CREATE INDEX account_live_name ON account (lower(name)) WHERE deleted = 0
                """);
            Statements.Run(connection, """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
                INSERT INTO account (email, deleted, name) SELECT 'User' || i || '@Example.com', i % 3 = 0, 'Name ' || (i % 50) FROM n
                """);
            var error = Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "INSERT INTO account (email) VALUES ('USER1@example.com')"));
            Assert.Equal("UNIQUE constraint failed: index 'account_email'", error.Message);
            Statements.Run(connection, "INSERT INTO account (email, deleted) VALUES ('USER1@example.com', 1)");
            Assert.Equal(40L, Count(connection, Probe));
        }

        using (SharpCoreDBConnection connection = database.Reopen())
        {
            Assert.Equal("ok", Statements.Scalar(connection, "PRAGMA integrity_check"));
            Assert.Contains("SEARCH account USING INDEX account_live_name (<expr>=?)", (string)Statements.Scalar(connection, "EXPLAIN QUERY PLAN " + Probe)!, StringComparison.Ordinal);
            Assert.Equal(40L, Count(connection, Probe));
            Assert.Equal(Rows(connection, Probe.Replace("FROM account", "FROM account NOT INDEXED", StringComparison.Ordinal)), Rows(connection, Probe));

            // Writes after the reopen keep both indexes in step: soft-delete some, revive others, rename.
            Statements.Run(connection, "UPDATE account SET deleted = 1 WHERE id % 7 = 0");
            Statements.Run(connection, "UPDATE account SET deleted = 0 WHERE id % 9 = 0 AND id % 7 <> 0");
            Statements.Run(connection, "UPDATE account SET name = upper(name) WHERE id % 5 = 0");
            Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "UPDATE account SET deleted = 0 WHERE id = 3001"));
            Assert.Equal(Rows(connection, Probe.Replace("FROM account", "FROM account NOT INDEXED", StringComparison.Ordinal)), Rows(connection, Probe));
            Statements.Run(connection, "REINDEX account");
            Assert.Equal("ok", Statements.Scalar(connection, "PRAGMA integrity_check"));
        }

        using (SharpCoreDBConnection connection = database.Reopen())
        {
            Assert.Equal("ok", Statements.Scalar(connection, "PRAGMA integrity_check"));
            Assert.Equal(Rows(connection, Probe.Replace("FROM account", "FROM account NOT INDEXED", StringComparison.Ordinal)), Rows(connection, Probe));
        }
    }

    [Fact]
    public void ACreateIndexThatFailsOrIsRolledBackLeavesNothing()
    {
        SharpCoreDBConnection engine = Both.Engine;
        Statements.Run(engine, "CREATE TABLE login (email TEXT, deleted INTEGER, name TEXT)");
        Statements.Run(engine, "INSERT INTO login VALUES ('dup', 0, 'x'), ('DUP', 1, 'y'), ('Dup', 0, 'z')");
        var error = Assert.Throws<SharpCoreDBException>(() => Statements.Run(engine, "CREATE UNIQUE INDEX e2 ON login (lower(email)) WHERE deleted = 0"));
        Assert.Equal("UNIQUE constraint failed: index 'e2'", error.Message);
        using (SharpCoreDBTransaction tx = engine.BeginTransaction())
        {
            Statements.Run(engine, "CREATE UNIQUE INDEX e3 ON login (lower(email), name) WHERE deleted = 0");
            tx.Rollback();
        }

        Assert.Equal(0L, Statements.Scalar(engine, "SELECT count(*) FROM sqlite_master WHERE name IN ('e2', 'e3')"));
        Statements.Run(engine, "CREATE UNIQUE INDEX e4 ON login (lower(email)) WHERE deleted = 0 AND name <> 'z'");
        Assert.Equal("ok", Statements.Scalar(engine, "PRAGMA integrity_check"));
    }

    [Fact]
    public void GetSchemaListsAnExpressionKeyByItsText()
    {
        System.Data.DataTable indexes = Both.Engine.GetSchema("Indexes", ["account", "account_name"]);
        Assert.Equal("lower(name)", Assert.Single(indexes.Rows.Cast<System.Data.DataRow>())["COLUMNS"]);
    }

    private static long Count(SharpCoreDBConnection connection, string sql) => Rows(connection, sql).Count;

    private static List<string> Rows(SharpCoreDBConnection connection, string sql) => SqliteReference.Rows(connection, sql, RowText.Exact, out _);
}
