// Scalar functions an application registers on its connection: typed arguments and
// results converted as the provider converts columns and parameters, any number of
// arguments as objects, used in SELECT, WHERE, UPDATE, CHECK and trigger bodies;
// replacing a built-in on this connection only; a prepared statement follows a new
// registration; an exception inside fails the statement with the function's name and
// undoes it; NULL for a value-type argument is a clear error; registrations outlive
// Close/Open, are removed by a null function, and never reach another connection
// (pooled sessions come back without them). A deterministic function may key an index
// or compute a generated column, as in SQLite; a non-deterministic one is refused there,
// and a connection without the function cannot write such a table.

namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class ApplicationFunctionTests
{
    [Fact]
    public void FunctionsServeEveryKindOfStatement()
    {
        using var database = new TestDatabase();
        using SharpCoreDBConnection connection = database.Open();
        connection.CreateFunction("with_tax", (double price) => Math.Round(price * 1.2, 2), isDeterministic: true);
        connection.CreateFunction<string?, string>("shout", s => (s ?? "nobody").ToUpperInvariant() + "!");
        connection.CreateFunction("joined", (object?[] parts) => string.Join("-", parts.Select(p => p ?? "null")));
        connection.CreateFunction("answer", () => 42L);
        Statements.Run(connection, """
            CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT, price REAL CHECK (with_tax(price) < 1000));
            CREATE TABLE log (x TEXT);
            CREATE TRIGGER item_in AFTER INSERT ON item BEGIN INSERT INTO log VALUES (shout(new.name)); END;
            INSERT INTO item VALUES (1, 'pen', 2.5), (2, NULL, 10), (3, 'desk', 150)
            """);

        Assert.Equal("PEN!|NOBODY!|DESK!", Statements.Scalar(connection, "SELECT group_concat(x, '|') FROM log"));
        Assert.Equal(3.0, Statements.Scalar(connection, "SELECT with_tax(price) FROM item WHERE id = 1"));
        Assert.Equal(3L, Statements.Scalar(connection, "SELECT id FROM item WHERE with_tax(price) > 100"));
        Assert.Equal("1-pen-2.5|2-null-10", Statements.Scalar(connection, "SELECT group_concat(joined(id, name, price), '|') FROM item WHERE id < 3"));
        Assert.Equal(42L, Statements.Scalar(connection, "SELECT answer()"));
        Statements.Run(connection, "UPDATE item SET name = shout(name) WHERE id = 3");
        Assert.Equal("DESK!", Statements.Scalar(connection, "SELECT name FROM item WHERE id = 3"));
        var check = Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "INSERT INTO item VALUES (4, 'car', 5000)"));
        Assert.Equal(SharpCoreDBErrorCode.CheckConstraint, check.ErrorCode);
    }

    [Fact]
    public void AFailingFunctionUndoesItsStatementAndNamesItself()
    {
        using SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        connection.CreateFunction("fragile", (long x) => x < 3 ? x * 10 : throw new InvalidOperationException("too big"));
        Statements.Run(connection, "CREATE TABLE t (v INTEGER); INSERT INTO t VALUES (1), (2), (3), (4)");

        var error = Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "UPDATE t SET v = fragile(v)"));
        Assert.Contains("fragile()", error.Message, StringComparison.Ordinal);
        Assert.Contains("too big", error.Message, StringComparison.Ordinal);
        Assert.Equal("1,2,3,4", Statements.Scalar(connection, "SELECT group_concat(v) FROM t"));

        var nullArgument = Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "SELECT fragile(NULL)"));
        Assert.Equal(SharpCoreDBErrorCode.TypeMismatch, nullArgument.ErrorCode);
        Assert.Contains("fragile(): argument 1 (NULL)", nullArgument.Message, StringComparison.Ordinal);
        Assert.Equal("wrong number of arguments to function fragile()", Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "SELECT fragile(1, 2)")).Message);
    }

    [Fact]
    public void RegistrationsBelongToTheConnectionObject()
    {
        using var database = new TestDatabase();
        using (SharpCoreDBConnection connection = database.Open())
        {
            Statements.Run(connection, "CREATE TABLE t (x TEXT); INSERT INTO t VALUES ('a')");
            connection.CreateFunction("upper", (string s) => "replaced " + s);
            using var prepared = new SharpCoreDBCommand("SELECT upper(x) FROM t", connection);
            prepared.Prepare();
            Assert.Equal("replaced a", prepared.ExecuteScalar());
            connection.CreateFunction("upper", (string s) => "again " + s);
            Assert.Equal("again a", prepared.ExecuteScalar());

            connection.Close();
            connection.Open();
            Assert.Equal("again a", Statements.Scalar(connection, "SELECT upper(x) FROM t"));
            connection.CreateFunction<string, string>("upper", null);
            Assert.Equal("A", Statements.Scalar(connection, "SELECT upper(x) FROM t"));
            connection.CreateFunction("mine", () => 1L);
        }

        // The pooled session the first connection gave back carries none of its functions.
        using SharpCoreDBConnection other = database.Open();
        Assert.Equal("A", Statements.Scalar(other, "SELECT upper(x) FROM t"));
        Assert.Equal("no such function: mine", Assert.Throws<SharpCoreDBException>(() => Statements.Run(other, "SELECT mine()")).Message);
    }

    [Fact]
    public void DeterministicFunctionsMayKeyAnIndexAndComputeAGeneratedColumn()
    {
        using var database = new TestDatabase();
        using (SharpCoreDBConnection connection = database.Open())
        {
            connection.CreateFunction("norm", (string s) => s.Trim().ToLowerInvariant(), isDeterministic: true);
            connection.CreateFunction("noisy", (string s) => s + Random.Shared.Next());
            Statements.Run(connection, "CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT, key TEXT GENERATED ALWAYS AS (norm(name)) STORED)");
            Statements.Run(connection, "INSERT INTO person (name) VALUES ('  Alice '), ('BOB')");
            Statements.Run(connection, "CREATE INDEX person_norm ON person (norm(name))");
            Statements.Run(connection, "INSERT INTO person (name) VALUES (' Carol')");

            Assert.Equal(3L, Statements.Scalar(connection, "SELECT id FROM person WHERE norm(name) = 'carol'"));
            Assert.Contains("USING INDEX person_norm", (string?)Statements.Scalar(connection, "EXPLAIN QUERY PLAN SELECT id FROM person WHERE norm(name) = 'carol'"));
            Assert.Equal("bob", Statements.Scalar(connection, "SELECT key FROM person WHERE id = 2"));
            Assert.Equal("ok", Statements.Scalar(connection, "PRAGMA integrity_check"));

            var refused = Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "CREATE INDEX person_noisy ON person (noisy(name))"));
            Assert.StartsWith("non-deterministic functions prohibited in index expressions", refused.Message);
            Statements.Run(connection, "CREATE TABLE scratch (a TEXT, b TEXT GENERATED ALWAYS AS (noisy(a)))");
            Assert.StartsWith("non-deterministic functions prohibited in generated columns",
                Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "INSERT INTO scratch (a) VALUES ('x')")).Message);
        }

        using SharpCoreDBConnection without = database.Open();
        Assert.Equal("no such function: norm",
            Assert.Throws<SharpCoreDBException>(() => Statements.Run(without, "INSERT INTO person (name) VALUES ('Dan')")).Message);
        Assert.Equal(3L, Statements.Scalar(without, "SELECT count(*) FROM person"));
        without.CreateFunction("norm", (string s) => s.Trim().ToLowerInvariant(), isDeterministic: true);
        Statements.Run(without, "INSERT INTO person (name) VALUES ('Dan ')");
        Assert.Equal(4L, Statements.Scalar(without, "SELECT id FROM person WHERE norm(name) = 'dan'"));
        Assert.Equal("ok", Statements.Scalar(without, "PRAGMA integrity_check"));
    }
}
