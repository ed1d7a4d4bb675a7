// A statement that fails inside an explicit transaction is undone alone: the rows
// of the statements before it stay, none of its own do, and the transaction goes on
// and commits. The failing INSERT here writes 150 rows into the very leaves that the
// statements before it filled (its savepoint keeps only their heads), splits them,
// and then fails on its last row; the database is checked before and after a reopen.
using SharpCoreDB.Storage;

namespace SharpCoreDB.Tests.Engine;

public sealed class StatementRollbackTests() : TempDirectoryTests("scdb-stmt-")
{
    private string DbPath => Dir.File("t.scdb");

    [Fact]
    public void AFailedInsertLeavesTheEarlierStatementsOfItsTransactionAndNothingOfItsOwn()
    {
        using (var db = new EngineHarness(new StorageOptions { Path = DbPath }))
        {
            db.Execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL, code INTEGER UNIQUE)");
            db.Execute("CREATE INDEX ix_name ON t (name)");
            db.Execute("BEGIN");
            for (int i = 1; i <= 300; i++)
            {
                db.Execute("INSERT INTO t VALUES (?1, ?2, ?3)", i, "name" + i, i);
            }

            var rows = new List<string>();
            for (int i = 301; i <= 450; i++)
            {
                rows.Add($"({i}, 'late{i}', {i})");
            }

            rows.Add("(451, 'duplicate', 7)");
            var error = Assert.Throws<SharpCoreDBException>(() => db.Execute("INSERT INTO t VALUES " + string.Join(", ", rows)));

            Assert.Equal(SharpCoreDBErrorCode.UniqueConstraint, error.ErrorCode);
            AssertHoldsTheFirst300Rows(db);
            db.Execute("INSERT INTO t VALUES (301, 'after', 301)");
            db.Execute("COMMIT");
        }

        using (var reopened = new EngineHarness(new StorageOptions { Path = DbPath }))
        {
            Assert.Equal(301L, reopened.Scalar("SELECT COUNT(*) FROM t"));
            Assert.Equal(301L, reopened.Scalar("SELECT id FROM t WHERE name = 'after'"));
            Assert.Equal(300L, reopened.Scalar("SELECT COUNT(*) FROM t WHERE name LIKE 'name%'"));
            Assert.Empty(reopened.Query("SELECT id FROM t WHERE name = 'late302'"));
            Assert.Equal("ok", reopened.Scalar("PRAGMA integrity_check"));
        }
    }

    private static void AssertHoldsTheFirst300Rows(EngineHarness db)
    {
        Assert.Equal(300L, db.Scalar("SELECT COUNT(*) FROM t"));
        Assert.Equal(300L, db.Scalar("SELECT MAX(id) FROM t"));
        Assert.Equal(150L, db.Scalar("SELECT id FROM t WHERE name = 'name150'"));
        Assert.Empty(db.Query("SELECT id FROM t WHERE name = 'late301'"));
        Assert.Empty(db.Query("SELECT id FROM t WHERE code = 450"));
        Assert.Equal("ok", db.Scalar("PRAGMA integrity_check"));
    }
}
