// Every failure the SQL fuzzers found, minimized to a few statements and replayed
// through the same runner: only SharpCoreDBException may escape, the database must
// answer a trivial query after each rejected statement, and PRAGMA integrity_check
// must say ok at the end. docs/reliability.md "Fuzzing" lists what each one broke.
using SharpCoreDB.Tests.Engine;

namespace SharpCoreDB.Tests.Fuzzing;

public sealed class FuzzRegressionTests
{
    public static TheoryData<string> CaseNames => new(Cases.Keys);

    private static Dictionary<string, string[]> Cases { get; } = new()
    {
        // ROLLBACK TO an outer savepoint merged the inner savepoints' page pre-images newest first,
        // so a page changed under two of them got back the image it had when the inner one began:
        // the free list and a B+tree lost pages ("-1 pages are neither in a B+tree nor on the free list").
        ["nested_savepoints_rolled_back_across_ddl"] =
        [
            "CREATE TABLE t10(id INTEGER PRIMARY KEY, c0 INT UNIQUE, c1 BLOB UNIQUE)",
            "SAVEPOINT s2",
            "SAVEPOINT s0",
            "CREATE TABLE t14(c0 DOUBLE CHECK (c0 IS NULL OR c0 <> 3), c1 DOUBLE CHECK (c1 IS NULL OR c1 <> -1e308))",
            "SAVEPOINT s1",
            "ALTER TABLE t10 RENAME COLUMN c1 TO r15",
            "ROLLBACK TO SAVEPOINT s2",
            "CREATE TABLE t16(c0 NUMERIC NOT NULL, c1 NUMERIC CHECK (c1 IS NULL OR c1 <> 2))",
            "COMMIT",
            "SELECT * FROM t16",
        ],
        // The AUTOINCREMENT sequence at long.MaxValue wrapped to long.MinValue: two new rows got the
        // same rowid, the second overwrote the first and left stale entries in the UNIQUE indexes.
        ["autoincrement_sequence_at_max_rowid"] =
        [
            "CREATE TABLE t1(id INTEGER PRIMARY KEY AUTOINCREMENT, c0 UNIQUE, c1 UNIQUE)",
            "INSERT OR REPLACE INTO t1(id, c0) VALUES (0x7FFFFFFFFFFFFFFF, 1)",
            "DELETE FROM t1",
            "INSERT INTO t1(c0, c1) VALUES (2, 2), (3, 3)",
            "SELECT * FROM t1",
        ],
        // A catalog loaded inside a write transaction was cached as the database's shared one; after
        // ROLLBACK the next DDL reached the same schema version and catalog root page, was planned
        // against the rolled-back tables and committed a catalog that lost t1 (4 pages leaked).
        ["rolled_back_ddl_catalog_reused"] =
        [
            "CREATE TABLE t0(id INTEGER PRIMARY KEY, c0 REAL NOT NULL, c1  NOT NULL, c2 DOUBLE COLLATE RTRIM)",
            "CREATE TABLE t1(c0 DOUBLE DEFAULT 1, c1  UNIQUE, PRIMARY KEY (c0))",
            "ALTER TABLE t0 RENAME TO t8",
            "BEGIN IMMEDIATE",
            "DROP TABLE t1",
            "CREATE VIEW IF NOT EXISTS v18 AS SELECT 1 FROM t3",
            "CREATE TABLE t1(a)",
            "UPDATE OR REPLACE t3 SET c0 = 1",
            "ROLLBACK",
            "CREATE INDEX i23 ON t8(c0, c2)",
            "CREATE TABLE IF NOT EXISTS t24(id INTEGER PRIMARY KEY, c0 DOUBLE, c1 INTEGER COLLATE NOCASE)",
            "SAVEPOINT s1",
            "ALTER TABLE t24 RENAME TO t28",
            "REPLACE INTO t3 SELECT 1",
        ],
        // UPDATE OR REPLACE moving every row onto rowid 6: the row first at 6 was deleted by an earlier
        // REPLACE but still updated from the values read up front, leaving a stale entry in i11.
        ["update_or_replace_onto_a_replaced_row"] =
        [
            "CREATE TABLE t2(id INTEGER PRIMARY KEY AUTOINCREMENT, c0 BIGINT DEFAULT 7)",
            "INSERT INTO t2 VALUES (2, 0x7FFFFFFFFFFFFFFF), (4, 52.95)",
            "INSERT INTO t2(c0) VALUES (5)",
            "CREATE INDEX i11 ON t2(c0)",
            "INSERT INTO t2 DEFAULT VALUES",
            "UPDATE OR REPLACE t2 SET id = 6",
            "SELECT * FROM t2 WHERE c0 = 5",
        ],
    };

    [Theory]
    [MemberData(nameof(CaseNames))]
    public void ReplaysWithoutEscapingExceptionsOrDamage(string name)
    {
        var runner = new SqlFuzzRunner();
        runner.Replay(Cases[name]);
        Assert.True(runner.Failures.Count == 0, string.Join("\n", runner.Failures));
    }

    [Fact]
    public void RolledBackDropAndCreateLeaveTheCommittedSchemaInUse()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t0(id INTEGER PRIMARY KEY, c0 REAL)");
        db.Execute("CREATE TABLE t1(c0 DOUBLE, c1 UNIQUE, PRIMARY KEY (c0))");
        db.Execute("INSERT INTO t1 VALUES (1.5, 'x')");
        db.Execute("BEGIN");
        db.Execute("DROP TABLE t1");
        db.Execute("CREATE TABLE t1(a)");
        db.Execute("ROLLBACK");
        db.Execute("CREATE INDEX i0 ON t0(c0)");
        db.Execute("CREATE TABLE t2(id INTEGER PRIMARY KEY)");
        Assert.Equal("x", db.Scalar("SELECT c1 FROM t1 WHERE c0 = 1.5"));
        Assert.Equal("ok", db.Scalar("PRAGMA integrity_check"));
    }

    [Fact]
    public void RollingBackToAnOuterSavepointRestoresPagesChangedUnderNestedOnes()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t10(id INTEGER PRIMARY KEY, c0 INT UNIQUE, c1 BLOB UNIQUE)");
        db.Execute("SAVEPOINT s2");
        db.Execute("SAVEPOINT s0");
        db.Execute("CREATE TABLE t14(c0 DOUBLE)");
        db.Execute("SAVEPOINT s1");
        db.Execute("ALTER TABLE t10 RENAME COLUMN c1 TO r15");
        db.Execute("ROLLBACK TO SAVEPOINT s2");
        db.Execute("CREATE TABLE t16(c0 NUMERIC NOT NULL)");
        db.Execute("COMMIT");
        Assert.Equal("ok", db.Scalar("PRAGMA integrity_check"));
        Assert.Throws<SharpCoreDBException>(() => db.Query("SELECT * FROM t14"));
        Assert.Empty(db.Query("SELECT c1 FROM t10"));
        Assert.Empty(db.Query("SELECT * FROM t16"));
    }

    [Fact]
    public void CompoundColumnCountErrorNamesUnionAllWithItsSpace()
    {
        using var db = new EngineHarness();
        var e = Assert.Throws<SharpCoreDBException>(() => db.Query("SELECT 1 UNION ALL SELECT 1, 2"));
        Assert.Equal(SharpCoreDBErrorCode.SemanticError, e.ErrorCode);
        Assert.Contains("of UNION ALL do not", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void AutoincrementTableOutOfRowidsRejectsTheInsertAndKeepsItsRows()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY AUTOINCREMENT, v UNIQUE)");
        db.Execute("INSERT INTO t(id, v) VALUES (9223372036854775807, 1)");
        db.Execute("DELETE FROM t");
        var e = Assert.Throws<SharpCoreDBException>(() => db.Execute("INSERT INTO t(v) VALUES (2), (3)"));
        Assert.Equal(SharpCoreDBErrorCode.ArithmeticOverflow, e.ErrorCode);
        Assert.Empty(db.Query("SELECT * FROM t"));
        Assert.Equal("ok", db.Scalar("PRAGMA integrity_check"));
    }
}
