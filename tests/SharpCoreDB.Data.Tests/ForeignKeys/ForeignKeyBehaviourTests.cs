// What an application relies on beyond SQLite's outcomes: the error names the key,
// its child table and its parent; a failed statement (a cascade halfway) leaves the
// database exactly as it was; keys, and the rows cascades wrote, survive a reopen;
// a COMMIT refused for a deferred key leaves the transaction open to be mended;
// PRAGMA foreign_keys is per connection (the Foreign Keys setting starts it); EXPLAIN shows the index a child lookup
// uses; runaway cascades stop at SQLite's depth limit with an error.
using SharpCoreDB.Data.Tests.EndToEnd;
using SharpCoreDB.TestSupport.Sqlite;

namespace SharpCoreDB.Data.Tests.ForeignKeys;

public sealed class ForeignKeyBehaviourTests
{
    private const string Schema =
        "CREATE TABLE customer (id INTEGER PRIMARY KEY, name TEXT);" +
        "CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER, CONSTRAINT fk_orders_customer FOREIGN KEY (customer_id) REFERENCES customer (id) ON DELETE CASCADE);" +
        "CREATE INDEX orders_by_customer ON orders (customer_id);" +
        "CREATE TABLE invoice (id INTEGER PRIMARY KEY, order_id INTEGER REFERENCES orders (id));" +
        "INSERT INTO customer VALUES (1, 'Ann'), (2, 'Bob');" +
        "INSERT INTO orders VALUES (10, 1), (11, 1), (12, 2);" +
        "INSERT INTO invoice VALUES (100, 12)";

    [Fact]
    public void TheErrorNamesTheKeyTheChildAndTheParent()
    {
        using SharpCoreDBConnection connection = Open();
        var error = Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "INSERT INTO orders VALUES (13, 7)"));
        Assert.Equal(SharpCoreDBErrorCode.ForeignKeyConstraint, error.ErrorCode);
        Assert.Equal("FOREIGN KEY constraint failed: fk_orders_customer: orders(customer_id) REFERENCES customer(id)", error.Message);

        error = Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "DELETE FROM orders WHERE id = 12"));
        Assert.Equal("FOREIGN KEY constraint failed: invoice(order_id) REFERENCES orders(id)", error.Message);
    }

    [Fact]
    public void AFailedCascadeLeavesTheDatabaseAsItWas()
    {
        using SharpCoreDBConnection connection = Open();
        string before = Dump(connection);

        // Deleting Bob cascades to order 12, which invoice 100 still needs: the whole statement is undone.
        Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "DELETE FROM customer"));
        Assert.Equal(before, Dump(connection));

        using (SharpCoreDBTransaction tx = connection.BeginTransaction())
        {
            Statements.Run(connection, "INSERT INTO customer VALUES (3, 'Cid')");
            Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "DELETE FROM customer WHERE id >= 2"));
            Statements.Run(connection, "DELETE FROM customer WHERE id = 1");
            tx.Commit();
        }

        Assert.Equal(["2,Bob", "3,Cid"], Rows(connection, "SELECT * FROM customer ORDER BY id"));
        Assert.Equal(["12,2"], Rows(connection, "SELECT * FROM orders"));
    }

    [Fact]
    public void KeysAndCascadedRowsSurviveAReopen()
    {
        using var database = new TestDatabase();
        using (SharpCoreDBConnection connection = database.Open())
        {
            Statements.Run(connection, Schema);
            Statements.Run(connection, "DELETE FROM customer WHERE id = 1");
        }

        using (SharpCoreDBConnection connection = database.Reopen())
        {
            Assert.Equal(["12,2"], Rows(connection, "SELECT * FROM orders"));
            Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "INSERT INTO orders VALUES (20, 9)"));
            Assert.Equal(["0,0,customer,customer_id,id,NO ACTION,CASCADE,NONE"], Rows(connection, "PRAGMA foreign_key_list(orders)"));
            Assert.Empty(Rows(connection, "PRAGMA foreign_key_check"));
        }
    }

    [Fact]
    public void ARefusedCommitLeavesTheTransactionOpenToMend()
    {
        using SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        Statements.Run(connection, "CREATE TABLE p (id INTEGER PRIMARY KEY); CREATE TABLE c (pid INTEGER REFERENCES p DEFERRABLE INITIALLY DEFERRED)");
        using SharpCoreDBTransaction tx = connection.BeginTransaction();
        Statements.Run(connection, "INSERT INTO c VALUES (5)");
        var error = Assert.Throws<SharpCoreDBException>(tx.Commit);
        Assert.Equal(SharpCoreDBErrorCode.ForeignKeyConstraint, error.ErrorCode);

        Statements.Run(connection, "INSERT INTO p VALUES (5)");
        tx.Commit();
        Assert.Equal(["5"], Rows(connection, "SELECT pid FROM c"));
    }

    [Fact]
    public void EnforcementIsPerConnection()
    {
        using var database = new TestDatabase();
        using SharpCoreDBConnection loose = database.Open();
        using SharpCoreDBConnection strict = database.Open();
        Statements.Run(loose, Schema);
        Statements.Run(loose, "PRAGMA foreign_keys = OFF");
        Statements.Run(loose, "INSERT INTO orders VALUES (13, 7)");
        Assert.Throws<SharpCoreDBException>(() => Statements.Run(strict, "INSERT INTO orders VALUES (14, 7)"));
        Assert.Equal(["orders,13,customer,0"], Rows(strict, "PRAGMA foreign_key_check"));
        Assert.Equal(["1"], Rows(strict, "PRAGMA foreign_keys"));
        Assert.Equal(["0"], Rows(loose, "PRAGMA foreign_keys"));
    }

    [Fact]
    public void TheConnectionStringSetsEnforcementAndEachOpenStartsFromIt()
    {
        using var database = new TestDatabase();
        using (SharpCoreDBConnection setup = database.Open())
        {
            Statements.Run(setup, Schema);
            Statements.Run(setup, "PRAGMA foreign_keys = OFF"); // goes back to the pool with the session
        }

        using (SharpCoreDBConnection strict = database.Open())
        {
            Assert.Equal(["1"], Rows(strict, "PRAGMA foreign_keys"));
        }

        using SharpCoreDBConnection loose = database.Open(";Foreign Keys=False");
        Assert.Equal(["0"], Rows(loose, "PRAGMA foreign_keys"));
        Statements.Run(loose, "INSERT INTO orders VALUES (20, 99)");
        Assert.False(new SharpCoreDBConnectionStringBuilder("Data Source=x.scdb;ForeignKeys=false").ForeignKeys);
    }

    [Fact]
    public void ExplainShowsTheLookupsAndTheirIndexes()
    {
        using SharpCoreDBConnection connection = Open();
        List<string> delete = Rows(connection, "EXPLAIN QUERY PLAN DELETE FROM customer WHERE id = 1");
        Assert.Contains(delete, l => l.Contains("FOREIGN KEY fk_orders_customer: orders(customer_id) REFERENCES customer(id): CHILD ROWS", StringComparison.Ordinal));
        Assert.Contains(delete, l => l.Contains("SEARCH orders USING COVERING INDEX orders_by_customer (customer_id=?)", StringComparison.Ordinal)
            || l.Contains("SEARCH orders USING INDEX orders_by_customer (customer_id=?)", StringComparison.Ordinal));

        List<string> insert = Rows(connection, "EXPLAIN QUERY PLAN INSERT INTO invoice VALUES (101, 10)");
        Assert.Contains(insert, l => l.Contains("PARENT LOOKUP", StringComparison.Ordinal));
        Assert.Contains(insert, l => l.Contains("SEARCH orders USING INTEGER PRIMARY KEY (rowid=?)", StringComparison.Ordinal));
    }

    [Fact]
    [Trait("Category", "Slow")]
    public void ACascadeDeeperThanTheLimitStopsWithAnError()
    {
        using SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        Statements.Run(connection, "CREATE TABLE chain (id INTEGER PRIMARY KEY, up INTEGER REFERENCES chain ON DELETE CASCADE)");
        Statements.Run(connection, "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 900) INSERT INTO chain SELECT i, nullif(i - 1, 0) FROM n");
        Statements.Run(connection, "DELETE FROM chain WHERE id = 1");
        Assert.Equal(0L, Statements.Scalar(connection, "SELECT count(*) FROM chain"));

        Statements.Run(connection, "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1100) INSERT INTO chain SELECT i, nullif(i - 1, 0) FROM n");
        var error = Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "DELETE FROM chain WHERE id = 1"));
        Assert.Contains("too many levels of trigger recursion", error.Message, StringComparison.Ordinal);
        Assert.Equal(1100L, Statements.Scalar(connection, "SELECT count(*) FROM chain"));
    }

    private static SharpCoreDBConnection Open()
    {
        SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        Statements.Run(connection, Schema);
        return connection;
    }

    private static string Dump(SharpCoreDBConnection connection) => string.Join(" / ",
        Rows(connection, "SELECT * FROM customer ORDER BY id").Concat(Rows(connection, "SELECT * FROM orders ORDER BY id"))
            .Concat(Rows(connection, "SELECT * FROM invoice ORDER BY id")));

    private static List<string> Rows(SharpCoreDBConnection connection, string sql) => SqliteReference.Rows(connection, sql, RowText.Exact, out _);
}
