// ALTER TABLE ADD COLUMN with a DEFAULT: rows that existed before the column was
// added read the default (SQLite semantics), also after reopening the file, and
// a non-constant default is rejected as in SQLite.
using SharpCoreDB.Storage;

namespace SharpCoreDB.Tests.Engine;

public sealed class AlterTableTests
{
    [Fact]
    public void AddedColumnDefaultIsReadByExistingRows()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT); INSERT INTO t VALUES (1, 'a'), (2, 'b')");
        db.Execute("ALTER TABLE t ADD COLUMN n INTEGER");
        db.Execute("ALTER TABLE t ADD COLUMN d INTEGER NOT NULL DEFAULT 7");
        db.Execute("ALTER TABLE t ADD COLUMN s TEXT DEFAULT 'x'");
        db.Execute("ALTER TABLE t ADD COLUMN r REAL DEFAULT -2");
        db.Execute("INSERT INTO t(id, v) VALUES (3, 'c')");
        Assert.Equal(
            [[1L, "a", null, 7L, "x", -2.0], [2L, "b", null, 7L, "x", -2.0], [3L, "c", null, 7L, "x", -2.0]],
            db.Query("SELECT * FROM t ORDER BY id"));
        Assert.Equal([[2L]], db.Query("SELECT COUNT(*) FROM t WHERE d = 7 AND id < 3"));
        db.Execute("CREATE INDEX td ON t(s, d)");
        Assert.Equal([[1L], [2L], [3L]], db.Query("SELECT id FROM t WHERE s = 'x' AND d = 7 ORDER BY id"));
        Assert.Equal("ok", db.Scalar("PRAGMA integrity_check"));
    }

    [Fact]
    public void NonConstantDefaultIsRejectedAndChangesNothing()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY); INSERT INTO t VALUES (1)");
        var error = Assert.ThrowsAny<SharpCoreDBException>(() => db.Execute("ALTER TABLE t ADD COLUMN c TEXT DEFAULT CURRENT_TIMESTAMP"));
        Assert.Contains("non-constant default", error.Message);
        Assert.Equal([[1L]], db.Query("SELECT * FROM t"));
    }

    [Fact]
    public void AddedColumnDefaultSurvivesReopen()
    {
        using var dir = new TempDirectory("scdb-engine-");
        var options = new StorageOptions { Path = dir.File("db.scdb") };
        using (var db = new EngineHarness(options))
        {
            db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT)");
            for (int i = 1; i <= 500; i++)
            {
                db.Execute("INSERT INTO t VALUES (?, ?)", i, "row" + i);
            }

            db.Execute("ALTER TABLE t ADD COLUMN flag INTEGER DEFAULT 1; ALTER TABLE t ADD COLUMN tag TEXT DEFAULT ('new')");
        }

        using (var db = new EngineHarness(options))
        {
            Assert.Equal([[500L, 500L, 500L]], db.Query("SELECT COUNT(*), SUM(flag), SUM(tag = 'new') FROM t"));
            Assert.Equal([[250L, "row250", 1L, "new"]], db.Query("SELECT * FROM t WHERE id = 250"));
            Assert.Equal("ok", db.Scalar("PRAGMA integrity_check"));
        }
    }
}
