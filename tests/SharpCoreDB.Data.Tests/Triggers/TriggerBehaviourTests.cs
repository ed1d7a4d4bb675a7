// What an application relies on beyond SQLite's outcomes: triggers are stored in
// the file and fire after a reopen; a statement whose trigger fails is undone
// with everything its triggers wrote; RAISE's error carries the trigger's message
// and the TriggerConstraint code; a trigger follows its table's rename, and a
// rename its body would no longer match is refused by name; runaway recursion
// stops at SQLite's limit with the database unchanged; recursive_triggers is per
// connection; EXPLAIN lists the triggers a write fires.
using SharpCoreDB.Data.Tests.EndToEnd;
using SharpCoreDB.TestSupport.Sqlite;

namespace SharpCoreDB.Data.Tests.Triggers;

public sealed class TriggerBehaviourTests
{
    private const string Schema =
        "CREATE TABLE account (id INTEGER PRIMARY KEY, owner TEXT, balance INTEGER NOT NULL);" +
        "CREATE TABLE movement (account INTEGER, amount INTEGER);" +
        "CREATE TABLE summary (accounts INTEGER, total INTEGER);" +
        "INSERT INTO summary VALUES (0, 0);" +
        "CREATE TRIGGER account_in AFTER INSERT ON account BEGIN UPDATE summary SET accounts = accounts + 1, total = total + new.balance; END;" +
        "CREATE TRIGGER account_move AFTER UPDATE OF balance ON account BEGIN " +
        "INSERT INTO movement VALUES (new.id, new.balance - old.balance); UPDATE summary SET total = total + new.balance - old.balance; END;" +
        "CREATE TRIGGER no_overdraft BEFORE UPDATE OF balance ON account WHEN new.balance < 0 BEGIN SELECT RAISE(ABORT, 'overdraft on ' || old.owner); END";

    [Fact]
    public void TriggersAreStoredAndFireAfterAReopen()
    {
        using var database = new TestDatabase();
        using (SharpCoreDBConnection connection = database.Open())
        {
            Statements.Run(connection, Schema);
            Statements.Run(connection, "INSERT INTO account VALUES (1, 'ann', 100), (2, 'bob', 50)");
        }

        using (SharpCoreDBConnection connection = database.Reopen())
        {
            Statements.Run(connection, "UPDATE account SET balance = balance - 30 WHERE id = 1");
            Assert.Equal(["2,120"], Rows(connection, "SELECT * FROM summary"));
            Assert.Equal(["1,-30"], Rows(connection, "SELECT * FROM movement"));
            Assert.Equal(
                ["account_in,account,CREATE TRIGGER account_in AFTER INSERT ON account BEGIN UPDATE summary SET accounts = accounts + 1, total = total + new.balance; END"],
                Rows(connection, "SELECT name, tbl_name, sql FROM sqlite_master WHERE name = 'account_in'"));
        }
    }

    [Fact]
    public void AFailingTriggerUndoesTheStatementAndWhatItsTriggersWrote()
    {
        using SharpCoreDBConnection connection = Open();
        string before = Dump(connection);
        var error = Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "UPDATE account SET balance = balance - 80"));
        Assert.Equal(SharpCoreDBErrorCode.TriggerConstraint, error.ErrorCode);
        Assert.Equal("overdraft on bob", error.Message);
        Assert.Equal(before, Dump(connection));

        using (SharpCoreDBTransaction tx = connection.BeginTransaction())
        {
            Statements.Run(connection, "UPDATE account SET balance = balance + 1 WHERE id = 1");
            Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "UPDATE account SET balance = balance - 80"));
            tx.Commit();
        }

        Assert.Equal(["2,151"], Rows(connection, "SELECT * FROM summary"));
        Assert.Equal(["1,1"], Rows(connection, "SELECT * FROM movement"));
    }

    [Fact]
    public void RaiseRollbackEndsTheTransaction()
    {
        using SharpCoreDBConnection connection = Open();
        Statements.Run(connection, "CREATE TRIGGER frozen BEFORE DELETE ON account BEGIN SELECT RAISE(ROLLBACK, 'accounts are never deleted'); END");
        SharpCoreDBTransaction tx = connection.BeginTransaction();
        Statements.Run(connection, "INSERT INTO account VALUES (3, 'cid', 5)");
        var error = Assert.ThrowsAny<SharpCoreDBException>(() => Statements.Run(connection, "DELETE FROM account WHERE id = 1"));
        Assert.Equal("accounts are never deleted", error.Message);
        Assert.Equal(["1,ann,100", "2,bob,50"], Rows(connection, "SELECT * FROM account ORDER BY id"));
        Statements.Run(connection, "INSERT INTO account VALUES (4, 'dan', 1)");
        Assert.Equal(3L, Statements.Scalar(connection, "SELECT count(*) FROM account"));
        tx.Dispose();
    }

    [Fact]
    public void ATriggerFollowsItsTableAndARenameItsBodyNamesIsRefused()
    {
        using SharpCoreDBConnection connection = Open();

        // no_overdraft's body reads old.owner: renaming owner would leave it naming a column that is gone.
        var error = Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "ALTER TABLE account RENAME COLUMN owner TO holder"));
        Assert.Equal("cannot rename column owner: trigger no_overdraft refers to it in its body (drop the trigger first, and create it again after)", error.Message);
        Statements.Run(connection, "DROP TRIGGER no_overdraft");
        Statements.Run(connection, "ALTER TABLE account RENAME COLUMN owner TO holder");
        Statements.Run(connection, "ALTER TABLE account RENAME TO ledger");
        Assert.Equal(["account_in,ledger", "account_move,ledger"],
            Rows(connection, "SELECT name, tbl_name FROM sqlite_master WHERE type = 'trigger' ORDER BY name"));
        Assert.StartsWith("CREATE TRIGGER account_move AFTER UPDATE OF balance ON ledger BEGIN",
            (string)Statements.Scalar(connection, "SELECT sql FROM sqlite_master WHERE name = 'account_move'")!, StringComparison.Ordinal);
        Statements.Run(connection, "INSERT INTO ledger VALUES (3, 'cid', 7)");
        Assert.Equal(["3,157"], Rows(connection, "SELECT * FROM summary"));

        error = Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "ALTER TABLE ledger RENAME COLUMN balance TO amount"));
        Assert.Contains("trigger account_in refers to it", error.Message, StringComparison.Ordinal);
        Statements.Run(connection, "CREATE TABLE other (x)");
        Statements.Run(connection, "CREATE TRIGGER other_in AFTER INSERT ON other BEGIN INSERT INTO ledger (balance) VALUES (new.x); END");
        error = Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "ALTER TABLE ledger RENAME TO books"));
        Assert.Contains("cannot rename table ledger: trigger other_in refers to it", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void RunawayRecursionStopsAtTheLimitAndChangesNothing()
    {
        using SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        Statements.Run(connection, "CREATE TABLE t (n INTEGER); CREATE TRIGGER up AFTER INSERT ON t BEGIN INSERT INTO t VALUES (new.n + 1); END");
        Statements.Run(connection, "INSERT INTO t VALUES (1)");
        Assert.Equal(2L, Statements.Scalar(connection, "SELECT count(*) FROM t"));

        Statements.Run(connection, "PRAGMA recursive_triggers = ON");
        var error = Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "INSERT INTO t VALUES (1)"));
        Assert.Equal("too many levels of trigger recursion", error.Message);
        Assert.Equal(2L, Statements.Scalar(connection, "SELECT count(*) FROM t"));

        // The setting belongs to the connection: another one on the same database starts with it off.
        using var database = new TestDatabase();
        using SharpCoreDBConnection first = database.Open();
        using SharpCoreDBConnection second = database.Open();
        Statements.Run(first, "PRAGMA recursive_triggers = ON");
        Assert.Equal(1L, Statements.Scalar(first, "PRAGMA recursive_triggers"));
        Assert.Equal(0L, Statements.Scalar(second, "PRAGMA recursive_triggers"));
    }

    [Fact]
    public void ExplainListsTheTriggersAWriteFires()
    {
        using SharpCoreDBConnection connection = Open();
        List<string> plan = Rows(connection, "EXPLAIN UPDATE account SET balance = 0 WHERE id = 1");
        Assert.Contains("  TRIGGER no_overdraft: CREATE TRIGGER no_overdraft BEFORE UPDATE OF balance ON account WHEN new.balance < 0", plan);
        Assert.Contains("  TRIGGER account_move: CREATE TRIGGER account_move AFTER UPDATE OF balance ON account", plan);
        Assert.DoesNotContain(plan, line => line.Contains("account_in", StringComparison.Ordinal));
    }

    [Fact]
    public void WhatTriggersCannotDoIsRefusedByName()
    {
        using SharpCoreDBConnection connection = Open();
        Assert.Contains("TEMP triggers are not supported",
            Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "CREATE TEMP TRIGGER t AFTER INSERT ON account BEGIN SELECT 1; END")).Message,
            StringComparison.Ordinal);
        Assert.Contains("RAISE() may only be used within a trigger-program",
            Assert.ThrowsAny<SharpCoreDBException>(() => Statements.Run(connection, "SELECT RAISE(ABORT, 'x')")).Message, StringComparison.Ordinal);
        Assert.Contains("cannot use RETURNING in a trigger",
            Assert.ThrowsAny<SharpCoreDBException>(() => Statements.Run(connection, "CREATE TRIGGER r AFTER INSERT ON account BEGIN DELETE FROM movement RETURNING *; END")).Message,
            StringComparison.Ordinal);
    }

    private static SharpCoreDBConnection Open()
    {
        SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        Statements.Run(connection, Schema);
        Statements.Run(connection, "INSERT INTO account VALUES (1, 'ann', 100), (2, 'bob', 50)");
        return connection;
    }

    private static string Dump(SharpCoreDBConnection connection) => string.Join(" / ",
        Rows(connection, "SELECT * FROM account ORDER BY id").Concat(Rows(connection, "SELECT * FROM movement"))
            .Concat(Rows(connection, "SELECT * FROM summary")));

    private static List<string> Rows(SharpCoreDBConnection connection, string sql) => SqliteReference.Rows(connection, sql, RowText.Exact, out _);
}
