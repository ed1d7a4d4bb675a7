// What an application collation means over a database's life: an index, UNIQUE and
// PRIMARY KEY in its order survive a reopen when the connection registers it again
// (the file keeps only the name, in the CREATE text); a connection without it may read
// what needs no comparison but is refused, with SQLite's message, wherever the
// collation is needed (writing such a table, comparing, ordering, creating a schema
// that names it), and never ordered wrongly; an exception in the comparison fails the
// statement with the collation's name and undoes it; REINDEX puts an index back in
// order after the comparison changed; VACUUM keeps the order without the comparison;
// registrations belong to the connection object (kept across Close/Open, never in
// another connection's pooled session, prepared statements follow a new one).
using SharpCoreDB.Data.Tests.EndToEnd;

namespace SharpCoreDB.Data.Tests.Collations;

public sealed class CollationLifecycleTests
{
    private const string Schema = """
        CREATE TABLE word (id INTEGER PRIMARY KEY, text TEXT COLLATE lenfirst UNIQUE, other TEXT);
        CREATE INDEX word_other ON word (other COLLATE reversed);
        INSERT INTO word (text, other) VALUES ('pear', 'b1'), ('fig', 'a2'), ('banana', 'c0'), ('KIWI', 'a1'), ('date', 'b2')
        """;

    [Fact]
    public void IndexesInTheCollationSurviveAReopenWithTheCollationRegisteredAgain()
    {
        using var database = new TestDatabase();
        using (SharpCoreDBConnection connection = database.Open())
        {
            TestCollations.Register(connection);
            Run(connection, Schema);
        }

        using (SharpCoreDBConnection connection = database.Open())
        {
            TestCollations.Register(connection);
            Assert.Equal("fig,date,KIWI,pear,banana", Statements.Scalar(connection, "SELECT group_concat(text, ',') FROM (SELECT text FROM word ORDER BY text)"));
            Assert.Equal("c0,a1,b1,a2,b2", Statements.Scalar(connection, "SELECT group_concat(other, ',') FROM (SELECT other FROM word ORDER BY other COLLATE reversed)"));
            Assert.Equal(4L, Statements.Scalar(connection, "SELECT id FROM word WHERE text = 'kiwi'"));
            Assert.Equal(4L, Statements.Scalar(connection, "SELECT count(*) FROM word WHERE text > 'zzz'"));
            Assert.Contains("USING INDEX", (string)Statements.Scalar(connection, "EXPLAIN QUERY PLAN SELECT id FROM word WHERE text = 'kiwi'")!, StringComparison.Ordinal);
            Assert.Contains("UNIQUE constraint failed: word.text",
                Assert.Throws<SharpCoreDBException>(() => Run(connection, "INSERT INTO word (text) VALUES ('Pear')")).Message, StringComparison.Ordinal);
            Run(connection, "INSERT INTO word (text, other) VALUES ('plum', 'z9')");
            Assert.Equal("ok", Statements.Scalar(connection, "PRAGMA integrity_check"));
        }

        using (SharpCoreDBConnection connection = database.Open())
        {
            TestCollations.Register(connection);
            Assert.Equal("fig,date,KIWI,pear,plum,banana", Statements.Scalar(connection, "SELECT group_concat(text, ',') FROM (SELECT text FROM word ORDER BY text)"));
        }
    }

    [Fact]
    public void AConnectionWithoutTheCollationIsRefusedWhereItIsNeeded()
    {
        using var database = new TestDatabase();
        using (SharpCoreDBConnection connection = database.Open())
        {
            TestCollations.Register(connection);
            Run(connection, Schema);
        }

        using SharpCoreDBConnection without = database.Open();
        Assert.Equal(5L, Statements.Scalar(without, "SELECT count(*) FROM word"));
        Assert.Equal("pear", Statements.Scalar(without, "SELECT text FROM word WHERE id = 1"));
        Assert.Equal("b1", Statements.Scalar(without, "SELECT other FROM word WHERE other LIKE 'b1'"));
        foreach (string needing in new[]
        {
            "INSERT INTO word (text) VALUES ('apple')", "UPDATE word SET text = 'x' WHERE id = 1", "DELETE FROM word WHERE id = 1",
            "SELECT id FROM word WHERE text = 'fig'", "SELECT text FROM word ORDER BY text", "SELECT count(*) FROM word GROUP BY text",
            "SELECT DISTINCT text FROM word", "SELECT id FROM word ORDER BY other COLLATE reversed", "CREATE TABLE t2 (x TEXT COLLATE lenfirst)",
            "CREATE INDEX word_text2 ON word (other COLLATE lenfirst)", "SELECT 'a' = 'A' COLLATE lenfirst", "PRAGMA integrity_check", "REINDEX word",
            "ALTER TABLE word ADD COLUMN extra TEXT COLLATE lenfirst",
        })
        {
            var error = Assert.Throws<SharpCoreDBException>(() => Run(without, needing));
            Assert.StartsWith("no such collation sequence: ", error.Message, StringComparison.Ordinal);
        }

        Assert.Equal(5L, Statements.Scalar(without, "SELECT count(*) FROM word"));
        without.CreateCollation("lenfirst", TestCollations.LengthFirst);
        without.CreateCollation("reversed", TestCollations.Reversed);
        Run(without, "INSERT INTO word (text) VALUES ('apple')");
        Assert.Equal(6L, Statements.Scalar(without, "SELECT id FROM word WHERE text = 'APPLE'"));
        Assert.Equal("ok", Statements.Scalar(without, "PRAGMA integrity_check"));
    }

    [Fact]
    public void AThrowingComparisonFailsTheStatementAndUndoesIt()
    {
        using SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        bool fail = false;
        connection.CreateCollation("fragile", (a, b) => fail ? throw new InvalidOperationException("comparison broke") : string.CompareOrdinal(a, b));
        Run(connection, "CREATE TABLE t (id INTEGER PRIMARY KEY, k TEXT COLLATE fragile UNIQUE); INSERT INTO t (k) VALUES ('b'), ('d'), ('f')");

        fail = true;
        foreach (string statement in new[] { "INSERT INTO t (k) VALUES ('a'), ('c')", "UPDATE t SET k = k || 'x'", "SELECT id FROM t WHERE k > 'c'", "SELECT count(*) FROM t GROUP BY k COLLATE fragile" })
        {
            var error = Assert.Throws<SharpCoreDBException>(() => Run(connection, statement));
            Assert.Contains("collation fragile failed: comparison broke", error.Message, StringComparison.Ordinal);
        }

        fail = false;
        Assert.Equal("b,d,f", Statements.Scalar(connection, "SELECT group_concat(k, ',') FROM (SELECT k FROM t ORDER BY k)"));
        Assert.Equal("ok", Statements.Scalar(connection, "PRAGMA integrity_check"));
    }

    [Fact]
    public void ReindexPutsAnIndexInTheNewOrderOfAChangedComparison()
    {
        using var database = new TestDatabase();
        using SharpCoreDBConnection connection = database.Open();
        connection.CreateCollation("flip", string.CompareOrdinal);
        Run(connection, "CREATE TABLE t (k TEXT COLLATE flip); CREATE INDEX t_k ON t (k); INSERT INTO t VALUES ('a'), ('b'), ('c'), ('d')");

        // The index was built in ascending order; read in the new one it is out of order until REINDEX.
        connection.CreateCollation("flip", (a, b) => string.CompareOrdinal(b, a));
        Assert.NotEqual("ok", Statements.Scalar(connection, "PRAGMA integrity_check"));
        Run(connection, "REINDEX flip");
        Assert.Equal("ok", Statements.Scalar(connection, "PRAGMA integrity_check"));
        Assert.Equal("d,c,b,a", Statements.Scalar(connection, "SELECT group_concat(k, ',') FROM (SELECT k FROM t ORDER BY k)"));
        Assert.Equal("c", Statements.Scalar(connection, "SELECT k FROM t WHERE k = 'c'"));
        Assert.Equal(2L, Statements.Scalar(connection, "SELECT count(*) FROM t WHERE k < 'b'"));
    }

    [Fact]
    public void VacuumKeepsTheOrderWithoutTheComparison()
    {
        using var database = new TestDatabase();
        using (SharpCoreDBConnection connection = database.Open())
        {
            TestCollations.Register(connection);
            Run(connection, "CREATE TABLE t (id INTEGER PRIMARY KEY, k TEXT COLLATE reversed UNIQUE)");
            using SharpCoreDBTransaction tx = connection.BeginTransaction();
            for (int i = 0; i < 2000; i++)
            {
                Run(connection, $"INSERT INTO t (k) VALUES ('{i * 7919 % 10007}x{i}')");
            }

            tx.Commit();
            Run(connection, "DELETE FROM t WHERE id % 2 = 0");
        }

        using (SharpCoreDBConnection without = database.Open())
        {
            Run(without, "VACUUM");
        }

        using SharpCoreDBConnection again = database.Open();
        TestCollations.Register(again);
        Assert.Equal("ok", Statements.Scalar(again, "PRAGMA integrity_check"));
        Assert.Equal(3L, Statements.Scalar(again, "SELECT id FROM t WHERE k = '5831x2'"));
        Assert.Null(Statements.Scalar(again, "SELECT id FROM t WHERE k = '7919x1'"));
        Assert.Equal(1000L, Statements.Scalar(again, "SELECT count(*) FROM t WHERE k > ''"));
    }

    [Fact]
    public void RegistrationsBelongToTheConnectionObject()
    {
        using var database = new TestDatabase();
        using (SharpCoreDBConnection connection = database.Open())
        {
            connection.CreateCollation("mine", (a, b) => string.CompareOrdinal(b, a));
            Run(connection, "CREATE TABLE t (k TEXT); INSERT INTO t VALUES ('a'), ('b')");
            using var prepared = new SharpCoreDBCommand("SELECT group_concat(k, ',') FROM (SELECT k FROM t ORDER BY k COLLATE mine)", connection);
            prepared.Prepare();
            Assert.Equal("b,a", prepared.ExecuteScalar());
            connection.CreateCollation("mine", string.CompareOrdinal);
            Assert.Equal("a,b", prepared.ExecuteScalar());

            connection.Close();
            connection.Open();
            Assert.Equal("a,b", Statements.Scalar(connection, "SELECT group_concat(k, ',') FROM (SELECT k FROM t ORDER BY k COLLATE mine)"));
            connection.CreateCollation("mine", null);
            Assert.Equal("no such collation sequence: mine", Assert.Throws<SharpCoreDBException>(() => Run(connection, "SELECT k FROM t ORDER BY k COLLATE mine")).Message);
            connection.CreateCollation("kept", string.CompareOrdinal);
            Assert.Throws<ArgumentException>(() => connection.CreateCollation("NoCase", string.CompareOrdinal));
        }

        // The pooled session the first connection gave back carries none of its collations.
        using SharpCoreDBConnection other = database.Open();
        Assert.Equal("no such collation sequence: kept", Assert.Throws<SharpCoreDBException>(() => Run(other, "SELECT k FROM t ORDER BY k COLLATE kept")).Message);
    }

    private static void Run(SharpCoreDBConnection connection, string script)
    {
        foreach (string statement in script.Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))
        {
            Statements.Run(connection, statement);
        }
    }
}
