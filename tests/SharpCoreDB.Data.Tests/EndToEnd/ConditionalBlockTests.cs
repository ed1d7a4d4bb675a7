// IF [NOT] EXISTS (query) THEN ... END IF, the extension EF Core's idempotent migration scripts
// run on: the body runs only when the condition says so, as one statement (all of it or none,
// in autocommit and inside a transaction), and what cannot run inside is refused by name.
namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class ConditionalBlockTests : IDisposable
{
    private const string Guarded = """
        IF NOT EXISTS (SELECT 1 FROM history WHERE id = 'step1') THEN
            CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            INSERT INTO t (name) VALUES ('a'), ('b');
            INSERT INTO history VALUES ('step1');
        END IF;
        """;

    private readonly TestDatabase _db = new();

    public ConditionalBlockTests()
    {
        using var connection = _db.Open();
        Statements.Run(connection, "CREATE TABLE history (id TEXT PRIMARY KEY)");
    }

    [Fact]
    public void RunsTheBodyOnceAndSkipsItAfterwards()
    {
        using (var connection = _db.Open())
        {
            Assert.Equal(3, Statements.Run(connection, Guarded));
            Assert.Equal(-1, Statements.Run(connection, Guarded));
            Assert.Equal(-1, Statements.Run(connection, Guarded + Guarded));
        }

        using var reopened = _db.Reopen();
        Assert.Equal(2L, Statements.Scalar(reopened, "SELECT count(*) FROM t"));
        Assert.Equal(1L, Statements.Scalar(reopened, "SELECT count(*) FROM history"));
    }

    [Fact]
    public void ExistsRunsTheBodyOnlyWhenTheQueryHasARow()
    {
        using var connection = _db.Open();
        Statements.Run(connection, "CREATE TABLE log (n INTEGER)");
        const string Block = "IF EXISTS (SELECT 1 FROM history WHERE id = 'x') THEN INSERT INTO log VALUES (1); END IF";
        Statements.Run(connection, Block);
        Assert.Equal(0L, Statements.Scalar(connection, "SELECT count(*) FROM log"));
        Statements.Run(connection, "INSERT INTO history VALUES ('x')");
        Statements.Run(connection, Block + "; " + Block);
        Assert.Equal(2L, Statements.Scalar(connection, "SELECT count(*) FROM log"));
    }

    [Fact]
    public void AFailingStatementUndoesTheWholeBlockInAutocommit()
    {
        using var connection = _db.Open();
        var error = Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, """
            IF NOT EXISTS (SELECT 1 FROM history WHERE id = 'step1') THEN
                CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                INSERT INTO history VALUES ('step1');
                INSERT INTO t (name) VALUES (NULL);
            END IF
            """));
        Assert.Contains("NOT NULL", error.Message);
        Assert.Equal(0L, Statements.Scalar(connection, "SELECT count(*) FROM history"));
        Assert.Equal(0L, Statements.Scalar(connection, "SELECT count(*) FROM sqlite_schema WHERE name = 't'"));
        Assert.Equal(3, Statements.Run(connection, Guarded));
    }

    [Fact]
    public void InsideATransactionAFailureUndoesTheBlockAndKeepsWhatCameBefore()
    {
        using var connection = _db.Open();
        using (var transaction = connection.BeginTransaction())
        {
            Statements.Run(connection, "INSERT INTO history VALUES ('before')");
            Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection,
                "IF NOT EXISTS (SELECT 1 FROM history WHERE id = 'y') THEN INSERT INTO history VALUES ('y'); INSERT INTO history VALUES ('before'); END IF"));
            Assert.Equal(3, Statements.Run(connection, Guarded));
            transaction.Commit();
        }

        Assert.Equal("before,step1", Statements.Scalar(connection, "SELECT group_concat(id, ',' ORDER BY id) FROM history"));
        Assert.Equal(2L, Statements.Scalar(connection, "SELECT count(*) FROM t"));
    }

    [Fact]
    public void NamedParametersReachEveryStatement()
    {
        using var connection = _db.Open();
        using var command = connection.CreateCommand();
        command.CommandText = "IF NOT EXISTS (SELECT 1 FROM history WHERE id = @id) THEN INSERT INTO history VALUES (@id); INSERT INTO history VALUES (@id || '-2'); END IF";
        command.Parameters.AddWithValue("@id", "p");
        Assert.Equal(2, command.ExecuteNonQuery());
        Assert.Equal(-1, command.ExecuteNonQuery());
        Assert.Equal("p,p-2", Statements.Scalar(connection, "SELECT group_concat(id, ',' ORDER BY id) FROM history"));
    }

    [Theory]
    [InlineData("IF EXISTS (SELECT 1) THEN BEGIN; END IF", "transaction control cannot run inside IF ... END IF")]
    [InlineData("IF EXISTS (SELECT 1) THEN COMMIT; END IF", "transaction control cannot run inside IF ... END IF")]
    [InlineData("IF EXISTS (SELECT 1) THEN VACUUM; END IF", "VACUUM cannot run inside IF ... END IF")]
    [InlineData("IF EXISTS (SELECT 1) THEN INSERT INTO history VALUES (?); END IF", "named parameters only")]
    [InlineData("IF EXISTS (SELECT 1) THEN IF EXISTS (SELECT 1) THEN SELECT 1; END IF; END IF", "syntax error")]
    [InlineData("EXPLAIN IF EXISTS (SELECT 1) THEN SELECT 1; END IF", "syntax error")]
    [InlineData("IF EXISTS (SELECT 1) THEN END IF", "syntax error")]
    public void WhatCannotRunInsideIsASyntaxError(string sql, string message)
    {
        using var connection = _db.Open();
        var error = Assert.Throws<SqlSyntaxException>(() => Statements.Run(connection, sql));
        Assert.Contains(message, error.Message);
    }

    [Fact]
    public void AReadOnlyConnectionRefusesTheBlock()
    {
        using var connection = _db.Open(";Mode=ReadOnly");
        var error = Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, Guarded));
        Assert.Equal(SharpCoreDBErrorCode.ReadOnly, error.ErrorCode);
    }

    public void Dispose() => _db.Dispose();
}
