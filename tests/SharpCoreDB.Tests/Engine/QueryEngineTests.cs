// Feature tests of the query engine through the engine API: result rows,
// constraint errors, transactions and savepoints, data surviving reopen,
// EXPLAIN, spilling sorts.
using SharpCoreDB.Engine;
using SharpCoreDB.Planning;
using SharpCoreDB.Sql;
using SharpCoreDB.Storage;

namespace SharpCoreDB.Tests.Engine;

public sealed class QueryEngineTests
{
    [Fact]
    public void SelectFiltersProjectsAndOrders()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, score REAL); INSERT INTO t(name, score) VALUES ('a', 1.5), ('b', NULL), ('c', 3)");
        List<object?[]> rows = db.Query("SELECT id, name || '!' AS n, score * 2 FROM t WHERE score IS NOT NULL ORDER BY n DESC");
        Assert.Equal([[3L, "c!", 6.0], [1L, "a!", 3.0]], rows);
        Assert.Equal([[null], [1.5], [3.0]], db.Query("SELECT score FROM t ORDER BY score"));
        Assert.Equal([[1.5], [3.0], [null]], db.Query("SELECT score FROM t ORDER BY score NULLS LAST"));
        Assert.Equal(2L, db.Scalar("SELECT 1 + 1"));
    }

    [Fact]
    public void JoinsAggregatesAndSubqueries()
    {
        using var db = new EngineHarness();
        db.Execute("""
            CREATE TABLE c(id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE o(id INTEGER PRIMARY KEY, cid INTEGER, amount INTEGER);
            INSERT INTO c VALUES (1, 'ann'), (2, 'bob'), (3, 'cy');
            INSERT INTO o(cid, amount) VALUES (1, 10), (1, 20), (2, 5), (9, 1);
            """);
        Assert.Equal([["ann", 30L, 2L], ["bob", 5L, 1L]],
            db.Query("SELECT c.name, SUM(o.amount), COUNT(*) FROM c JOIN o ON o.cid = c.id GROUP BY c.name ORDER BY 1"));
        Assert.Equal([["ann", 2L], ["bob", 1L], ["cy", 0L]],
            db.Query("SELECT c.name, COUNT(o.id) FROM c LEFT JOIN o ON o.cid = c.id GROUP BY c.id ORDER BY c.id"));
        Assert.Equal([["ann"]], db.Query("SELECT name FROM c WHERE (SELECT SUM(amount) FROM o WHERE o.cid = c.id) > 10"));
        Assert.Equal([["cy"]], db.Query("SELECT name FROM c WHERE NOT EXISTS (SELECT 1 FROM o WHERE o.cid = c.id)"));
        Assert.Equal([[2L]], db.Query("SELECT COUNT(DISTINCT cid) FROM o WHERE cid IN (SELECT id FROM c)"));
        Assert.Equal([[1L], [2L], [3L], [9L]], db.Query("SELECT id FROM c UNION SELECT cid FROM o"));
        Assert.Equal([[3L]], db.Query("SELECT id FROM c EXCEPT SELECT cid FROM o"));
        Assert.Equal([["bob"]], db.Query("SELECT name FROM (SELECT name, id FROM c WHERE id > 1) AS s ORDER BY id LIMIT 1"));
        Assert.Equal([[null]], db.Query("SELECT NULL IN (1, 2)"));
    }

    [Fact]
    public void ConstraintViolationsNameTableAndColumnAndLeaveNoTrace()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE users(id INTEGER PRIMARY KEY, email TEXT UNIQUE NOT NULL, age INTEGER CHECK (age >= 0))");
        db.Execute("INSERT INTO users(email, age) VALUES ('a@x', 1)");
        var unique = Assert.Throws<SharpCoreDBException>(() => db.Execute("INSERT INTO users(email, age) VALUES ('b@x', 2), ('a@x', 3)"));
        Assert.Equal(SharpCoreDBErrorCode.UniqueConstraint, unique.ErrorCode);
        Assert.Equal("UNIQUE constraint failed: users.email", unique.Message);
        Assert.Equal(1L, db.Scalar("SELECT COUNT(*) FROM users"));
        var notNull = Assert.Throws<SharpCoreDBException>(() => db.Execute("INSERT INTO users(age) VALUES (5)"));
        Assert.Equal(SharpCoreDBErrorCode.NotNullConstraint, notNull.ErrorCode);
        Assert.Contains("users.email", notNull.Message, StringComparison.Ordinal);
        var check = Assert.Throws<SharpCoreDBException>(() => db.Execute("UPDATE users SET age = -1"));
        Assert.Equal(SharpCoreDBErrorCode.CheckConstraint, check.ErrorCode);
        var pk = Assert.Throws<SharpCoreDBException>(() => db.Execute("INSERT INTO users(id, email) VALUES (1, 'z')"));
        Assert.Equal(SharpCoreDBErrorCode.PrimaryKeyConstraint, pk.ErrorCode);
        db.Execute("INSERT OR REPLACE INTO users(id, email, age) VALUES (1, 'new', 7)");
        db.Execute("INSERT OR IGNORE INTO users(email, age) VALUES ('new', 8)");
        Assert.Equal([[1L, "new", 7L]], db.Query("SELECT * FROM users"));
        Assert.Equal(["ok"], db.Query("PRAGMA integrity_check")[0]);
    }

    [Fact]
    public void FailedStatementInsideTransactionIsUndoneAloneAndSavepointsWork()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER UNIQUE)");
        db.Execute("BEGIN; INSERT INTO t VALUES (1)");
        Assert.Throws<SharpCoreDBException>(() => db.Execute("INSERT INTO t VALUES (2), (1)"));
        Assert.True(db.Session.InTransaction);
        db.Execute("SAVEPOINT s; INSERT INTO t VALUES (3); ROLLBACK TO s; INSERT INTO t VALUES (4); RELEASE s; COMMIT");
        Assert.Equal([[1L], [4L]], db.Query("SELECT a FROM t ORDER BY a"));
        db.Execute("BEGIN; DELETE FROM t; ROLLBACK");
        Assert.Equal(2L, db.Scalar("SELECT COUNT(*) FROM t"));
    }

    [Fact]
    public void DataAndSchemaSurviveReopen()
    {
        using var dir = new TempDirectory("scdb-engine-");
        var options = new StorageOptions { Path = dir.File("db.scdb") };
        using (var db = new EngineHarness(options))
        {
            db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY AUTOINCREMENT, v TEXT DEFAULT ('d')); CREATE INDEX iv ON t(v)");
            db.Execute("INSERT INTO t(v) VALUES ('x'), ('y'); INSERT INTO t DEFAULT VALUES; DELETE FROM t WHERE id = 3");
            db.Execute("CREATE VIEW vv AS SELECT v FROM t WHERE id > 1; ALTER TABLE t ADD COLUMN w INTEGER");
        }

        using (var db = new EngineHarness(options))
        {
            Assert.Equal([[1L, "x", null], [2L, "y", null]], db.Query("SELECT * FROM t"));
            Assert.Equal([["y"]], db.Query("SELECT * FROM vv"));
            db.Execute("INSERT INTO t(v) VALUES ('z')");
            Assert.Equal(4L, db.Scalar("SELECT MAX(id) FROM t"));
            Assert.Equal([["z"]], db.Query("SELECT v FROM t WHERE v = 'z'"));
            Assert.Equal("ok", db.Scalar("PRAGMA integrity_check"));
        }
    }

    [Fact]
    public void ExplainShowsIndexAndJoinMethods()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE a(id INTEGER PRIMARY KEY, x INTEGER); CREATE INDEX ax ON a(x); CREATE TABLE b(y INTEGER)");
        Assert.Contains("SEARCH a USING INDEX ax (x=?)", db.Explain("SELECT * FROM a WHERE x = 5"), StringComparison.Ordinal);
        Assert.Contains("SEARCH a USING INTEGER PRIMARY KEY (rowid=?)", db.Explain("SELECT * FROM a WHERE id = 5"), StringComparison.Ordinal);
        Assert.Contains("SCAN b", db.Explain("SELECT * FROM b WHERE y > 1"), StringComparison.Ordinal);
        Assert.Contains("USING INDEX ax", db.Explain("SELECT * FROM b, a WHERE a.x = b.y"), StringComparison.Ordinal);
    }

    [Fact]
    public void PreparedStatementIsReusedWithNewParametersAndReplannedAfterSchemaChange()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER, b TEXT); INSERT INTO t VALUES (1, 'one'), (2, 'two')");
        PreparedStatement prepared = db.Session.Prepare(SqlParser.ParseStatement("SELECT b FROM t WHERE a = ?"));
        Assert.Equal("b", prepared.Columns[0].Name);
        Assert.Single(prepared.Parameters);
        foreach ((long a, string b) in new[] { (1L, "one"), (2L, "two") })
        {
            using StatementResult result = db.Session.Execute(prepared, new SingleParameter(a));
            Assert.True(result.Read());
            Assert.Equal(b, result[0].AsText());
        }

        db.Execute("CREATE INDEX ta ON t(a)");
        using StatementResult again = db.Session.Execute(prepared, new SingleParameter(2));
        Assert.True(again.Read());
        Assert.Equal("two", again[0].AsText());
    }

    [Fact]
    public void SortSpillsToTemporaryFilesAndCleansUp()
    {
        using var db = new EngineHarness();
        db.Database.SpillThresholdRows = 100;
        db.Execute("CREATE TABLE t(a INTEGER)");
        for (int i = 0; i < 20; i++)
        {
            db.Execute($"INSERT INTO t VALUES ({(i * 37) % 20}), ({i + 100}), ({i * 7 % 13})");
        }

        db.Execute("INSERT INTO t SELECT a + 1000 FROM t; INSERT INTO t SELECT a + 5000 FROM t; INSERT INTO t SELECT a + 9000 FROM t");
        List<object?[]> rows = db.Query("SELECT a FROM t ORDER BY a DESC");
        Assert.Equal(480, rows.Count);
        Assert.Empty(Directory.GetFiles(Path.GetTempPath(), "sharpcoredb-sort-*.tmp"));
        for (int i = 1; i < rows.Count; i++)
        {
            Assert.True((long)rows[i - 1][0]! >= (long)rows[i][0]!);
        }
    }

    private sealed class SingleParameter(long value) : IParameterValues
    {
        public SharpCoreDB.Values.DbValue GetValue(StatementParameter parameter) => SharpCoreDB.Values.DbValue.FromInt64(value);
    }
}
