// ALTER TABLE as SQLite does it. RENAME COLUMN rewrites the CHECK expressions that name
// the column (an earlier build left them naming the old one, and every INSERT failed).
// DROP COLUMN: the statements below run on both
// engines (ScriptComparison: same outcome, same rows after each); SQLite's refusals
// (PRIMARY KEY, UNIQUE, the only column, a column an index, another CHECK or a
// FOREIGN KEY list names) come with its words, and what SharpCoreDB refuses more
// widely (a view or trigger that mentions the name) is checked by message. The
// dropped column stays gone after a reopen, indexes on later columns still find
// their rows, and integrity_check is clean.
using Microsoft.Data.Sqlite;
using SharpCoreDB.Data.Tests.Differential;
using SharpCoreDB.TestSupport.Sqlite;

namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class AlterTableTests
{
    private const string Script = """
        CREATE TABLE p (id INTEGER PRIMARY KEY, k UNIQUE);
        CREATE TABLE t (a INTEGER PRIMARY KEY, b UNIQUE, c, d CHECK (d > 0), e CHECK (e > c), f REFERENCES p (id), g, h TEXT COLLATE NOCASE, i, j);
        CREATE INDEX t_g ON t (g);
        CREATE INDEX t_h ON t (h);
        INSERT INTO p VALUES (1, 'x');
        INSERT INTO t VALUES (1, 2, 3, 4, 5, 1, 7, 'Eight', 9, 10), (2, 3, 4, 5, 6, NULL, 8, 'nine', 10, 11);
        ALTER TABLE t DROP COLUMN a;
        ALTER TABLE t DROP COLUMN b;
        ALTER TABLE t DROP COLUMN c;
        ALTER TABLE t DROP COLUMN g;
        ALTER TABLE t DROP COLUMN nosuch;
        ALTER TABLE t DROP COLUMN d;
        ALTER TABLE t DROP COLUMN f;
        ALTER TABLE t DROP COLUMN j;
        SELECT * FROM t ORDER BY rowid;
        SELECT e, h FROM t WHERE h = 'EIGHT';
        INSERT INTO t (e, g, h, i) VALUES (1, 2, 'ten', 4);
        SELECT * FROM t ORDER BY rowid;
        UPDATE t SET i = i + 1 WHERE h = 'NINE';
        CREATE TABLE one (x);
        ALTER TABLE one DROP COLUMN x;
        ALTER TABLE p DROP COLUMN k;
        CREATE TABLE q2 (x, y, CHECK (x > y));
        ALTER TABLE q2 DROP COLUMN y;
        CREATE TABLE q3 (x, y, FOREIGN KEY (y) REFERENCES p (id));
        ALTER TABLE q3 DROP COLUMN y;
        ALTER TABLE q3 DROP COLUMN x;
        INSERT INTO q3 VALUES (1);
        ALTER TABLE q3 ADD COLUMN z DEFAULT 'zed';
        ALTER TABLE q3 DROP COLUMN z;
        SELECT * FROM q3;
        """;

    [Fact]
    public void DropColumnAnswersAsSqliteDoes()
    {
        using SqliteConnection sqlite = SqliteReference.OpenMemory();
        using SharpCoreDBConnection engine = TestDatabase.OpenMemory();
        ScriptComparison.Run(sqlite, engine, Script.Split('\n').Select(l => l.Trim().TrimEnd(';')).Where(l => l.Length > 0));
        Assert.Equal("ok", Statements.Scalar(engine, "PRAGMA integrity_check"));
    }

    [Fact]
    public void RenameColumnRewritesTheChecksThatNameIt()
    {
        using SqliteConnection sqlite = SqliteReference.OpenMemory();
        using SharpCoreDBConnection engine = TestDatabase.OpenMemory();
        ScriptComparison.Run(sqlite, engine,
        [
            "CREATE TABLE t (a INTEGER CHECK (a > 0), b, CHECK (b <> a), CONSTRAINT small CHECK (t.a < 100))",
            "INSERT INTO t VALUES (1, 2)",
            "ALTER TABLE t RENAME COLUMN a TO z",
            "INSERT INTO t VALUES (0, 5)",
            "INSERT INTO t VALUES (3, 3)",
            "INSERT INTO t VALUES (200, 3)",
            "INSERT INTO t VALUES (4, 5)",
            "UPDATE t SET z = -1",
        ]);
        Assert.Equal("CREATE TABLE t(z INTEGER CHECK (z > 0), b, CHECK (b <> z), CONSTRAINT small CHECK (t.z < 100))",
            Statements.Scalar(engine, "SELECT sql FROM sqlite_master WHERE name = 't'"));
    }

    [Fact]
    public void TheColumnStaysGoneAfterAReopen()
    {
        using var database = new TestDatabase();
        using (SharpCoreDBConnection connection = database.Open())
        {
            Statements.Run(connection, "CREATE TABLE t (id INTEGER PRIMARY KEY, secret TEXT, name TEXT); CREATE INDEX t_name ON t (name)");
            Statements.Run(connection, "INSERT INTO t VALUES (1, 'pin 1234', 'ann'), (2, 'pin 9999', 'bob')");
            Statements.Run(connection, "ALTER TABLE t DROP COLUMN secret");
        }

        using (SharpCoreDBConnection connection = database.Reopen())
        {
            Assert.Equal(["1,ann", "2,bob"], SqliteReference.Rows(connection, "SELECT * FROM t ORDER BY id", RowText.Exact, out _));
            Assert.Equal(2L, Statements.Scalar(connection, "SELECT id FROM t WHERE name = 'bob'"));
            Assert.Equal("CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT)", Statements.Scalar(connection, "SELECT sql FROM sqlite_master WHERE name = 't'"));
            Assert.Equal("ok", Statements.Scalar(connection, "PRAGMA integrity_check"));
        }
    }

    [Fact]
    public void AViewOrTriggerThatMentionsTheColumnIsNamedInTheRefusal()
    {
        using SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        Statements.Run(connection, "CREATE TABLE t (a, b, c); CREATE VIEW v AS SELECT b FROM t; CREATE TABLE log (x)");
        Statements.Run(connection, "CREATE TRIGGER tr AFTER INSERT ON t BEGIN INSERT INTO log VALUES (new.c); END");
        var error = Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "ALTER TABLE t DROP COLUMN b"));
        Assert.Equal("error in view v after drop column: it mentions b", error.Message);
        error = Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "ALTER TABLE t DROP COLUMN c"));
        Assert.Equal("cannot drop column c: trigger tr refers to it in its body (drop the trigger first, and create it again after)", error.Message);
        Statements.Run(connection, "ALTER TABLE t DROP COLUMN a");
        Assert.Equal("CREATE TABLE t(b, c)", Statements.Scalar(connection, "SELECT sql FROM sqlite_master WHERE name = 't'"));
    }
}
