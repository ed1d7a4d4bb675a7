// Generated columns as SQLite's: each statement runs on both engines (ScriptComparison:
// same outcome, same rows after each). Values computed on INSERT and UPDATE (also
// through UPSERT and OR REPLACE, from the INTEGER PRIMARY KEY, from other generated
// columns in dependency order), with their column's affinity; NOT NULL, CHECK,
// UNIQUE and indexes on them; refusals with SQLite's words (INSERT or UPDATE of a
// generated column, DEFAULT, PRIMARY KEY, loops, subqueries, non-deterministic
// functions, "." references, STORED added by ALTER); hidden from table_info. Values
// survive a reopen and the stored text parses back.
using Microsoft.Data.Sqlite;
using SharpCoreDB.Data.Tests.Differential;
using SharpCoreDB.TestSupport.Sqlite;

namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class GeneratedColumnTests
{
    private const string Script = """
        CREATE TABLE t (id INTEGER PRIMARY KEY, price REAL, qty INTEGER, total REAL GENERATED ALWAYS AS (price * qty) STORED, label TEXT AS (upper(name) || ' #' || id) VIRTUAL, name TEXT, big AS (total > 100))
        INSERT INTO t (price, qty, name) VALUES (2.5, 4, 'bolt'), (30, 5, 'gear')
        INSERT INTO t VALUES (3, 1.5, 2, 'nut')
        INSERT INTO t VALUES (4, 1, 1, 5, 'x', 'washer', 0)
        INSERT INTO t (id, total) VALUES (5, 1)
        SELECT * FROM t ORDER BY id
        UPDATE t SET qty = qty + 1
        UPDATE t SET total = 0
        UPDATE t SET id = id * 10 WHERE id = 2
        SELECT id, total, label, big FROM t WHERE big ORDER BY id
        PRAGMA table_info(t)
        CREATE INDEX t_label ON t (label)
        SELECT id FROM t WHERE label = 'NUT #3'
        CREATE TABLE u (a, b AS (a * 2) NOT NULL CHECK (b < 100) UNIQUE, c AS (b + 1), d AS (c || b) STORED)
        INSERT INTO u VALUES (1), (2)
        INSERT INTO u VALUES (NULL)
        INSERT INTO u VALUES (60)
        INSERT INTO u VALUES (1)
        INSERT OR IGNORE INTO u VALUES (1), (3)
        INSERT INTO u VALUES (2) ON CONFLICT (b) DO UPDATE SET a = excluded.a + 10
        INSERT OR REPLACE INTO u VALUES (3)
        SELECT * FROM u ORDER BY rowid
        CREATE TABLE e1 (a, b AS (a) DEFAULT 1)
        CREATE TABLE e2 (a AS (b), b AS (a))
        CREATE TABLE e3 (a INTEGER PRIMARY KEY AS (1), b)
        CREATE TABLE e4 (a, b AS (random()))
        CREATE TABLE e5 (a, b AS (nosuch))
        CREATE TABLE e6 (a, b AS ((SELECT 1)))
        CREATE TABLE e7 (a, b AS (e7.a))
        CREATE TABLE e8 (a, b AS (c), c AS (b))
        CREATE TABLE e9 (a, b AS (count(a)))
        ALTER TABLE u ADD COLUMN e AS (a + 1) STORED
        ALTER TABLE u RENAME COLUMN a TO z
        INSERT INTO u VALUES (7)
        SELECT * FROM u ORDER BY rowid
        ALTER TABLE u DROP COLUMN z
        ALTER TABLE u DROP COLUMN d
        SELECT * FROM u ORDER BY rowid
        """;

    [Fact]
    public void GeneratedColumnsAnswerAsSqliteDoes()
    {
        using SqliteConnection sqlite = SqliteReference.OpenMemory();
        using SharpCoreDBConnection engine = TestDatabase.OpenMemory();
        ScriptComparison.Run(sqlite, engine, Script.Split('\n').Select(l => l.Trim()).Where(l => l.Length > 0));
        Assert.Equal("ok", Statements.Scalar(engine, "PRAGMA integrity_check"));
    }

    [Fact]
    public void GeneratedValuesSurviveAReopen()
    {
        using var database = new TestDatabase();
        using (SharpCoreDBConnection connection = database.Open())
        {
            Statements.Run(connection, "CREATE TABLE t (a INTEGER, b INT GENERATED ALWAYS AS (a * a) STORED, c AS (b + 1))");
            Statements.Run(connection, "INSERT INTO t (a) VALUES (3), (4)");
        }

        using (SharpCoreDBConnection connection = database.Reopen())
        {
            Assert.Equal(["3,9,10", "4,16,17"], SqliteReference.Rows(connection, "SELECT * FROM t ORDER BY a", RowText.Exact, out _));
            Assert.Equal("CREATE TABLE t(a INTEGER, b INT GENERATED ALWAYS AS (a * a) STORED, c GENERATED ALWAYS AS (b + 1) VIRTUAL)",
                Statements.Scalar(connection, "SELECT sql FROM sqlite_master WHERE name = 't'"));
            Statements.Run(connection, "UPDATE t SET a = 5 WHERE a = 4");
            Assert.Equal(26L, Statements.Scalar(connection, "SELECT c FROM t WHERE a = 5"));
            var error = Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "ALTER TABLE t ADD COLUMN d AS (a + 1)"));
            Assert.StartsWith("cannot add a generated column to a table that has rows", error.Message, StringComparison.Ordinal);
        }
    }
}
