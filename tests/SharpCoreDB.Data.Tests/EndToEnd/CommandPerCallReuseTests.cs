// Applications that make a new command for every call (EF Core, Dapper) get the
// compiled statements an earlier command with the same text gave back to the
// session (Engine/PreparedScriptPool). These tests check that such a reused script
// is never run stale — after DDL, after the connection was closed and its pooled
// session reopened with other functions, while a reader of the old command still
// streams — and that the pool stays bounded and is really used.
using SharpCoreDB.Engine;

namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class CommandPerCallReuseTests
{
    private const string Insert = "INSERT INTO t (id, name) VALUES (@id, @name) RETURNING id";

    [Fact]
    public void ANewCommandWithTheSameTextReusesTheScriptAndReadsBackEveryRow()
    {
        using var db = new TestDatabase();
        using (SharpCoreDBConnection connection = db.Open())
        {
            Statements.Run(connection, "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL)");
            PreparedScriptPool pool = connection.Session.Scripts;
            int others = pool.Count;
            using (SharpCoreDBTransaction tx = connection.BeginTransaction())
            {
                for (long id = 1; id <= 200; id++)
                {
                    using SharpCoreDBCommand insert = connection.CreateCommand();
                    insert.CommandText = Insert;
                    insert.Parameters.AddWithValue("@id", id);
                    insert.Parameters.AddWithValue("@name", $"name {id}");
                    Assert.Equal(id, insert.ExecuteScalar());

                    // The command holds the script while it lives: the pool has none for its text.
                    Assert.Equal(others, pool.Count);
                }

                tx.Commit();
            }

            Assert.Equal(others + 1, pool.Count);
        }

        using SharpCoreDBConnection reopened = db.Open();
        Assert.Equal(200L, Statements.Scalar(reopened, "SELECT COUNT(*) FROM t"));
        Assert.Equal("name 117", Statements.Scalar(reopened, "SELECT name FROM t WHERE id = 117"));
    }

    [Fact]
    public void AScriptGivenBackBeforeDdlIsCompiledAgainForTheNewSchema()
    {
        using SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        Statements.Run(connection, "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL)");
        Statements.Run(connection, "INSERT INTO t VALUES (1, 'a')");
        Assert.Equal(["id", "name"], ColumnsOf(connection, "SELECT * FROM t"));

        Statements.Run(connection, "ALTER TABLE t ADD COLUMN extra INTEGER DEFAULT 7");
        Assert.Equal(["id", "name", "extra"], ColumnsOf(connection, "SELECT * FROM t"));
        Assert.Equal(7L, Statements.Scalar(connection, "SELECT extra FROM t"));

        Statements.Run(connection, "DROP TABLE t");
        Statements.Run(connection, "CREATE TABLE t (other TEXT)");
        Assert.Equal(["other"], ColumnsOf(connection, "SELECT * FROM t"));
    }

    [Fact]
    public void APooledSessionReopenedWithAnotherFunctionRunsTheNewOne()
    {
        using var db = new TestDatabase();
        using (SharpCoreDBConnection first = db.Open())
        {
            first.CreateFunction("answer", () => 1L);
            Assert.Equal(1L, Statements.Scalar(first, "SELECT answer()"));
        }

        // The same pooled session comes back (Pooling is on by default) with its kept scripts.
        using SharpCoreDBConnection second = db.Open();
        second.CreateFunction("answer", () => 2L);
        Assert.Equal(2L, Statements.Scalar(second, "SELECT answer()"));
    }

    [Fact]
    public void AReaderOfADisposedCommandKeepsItsRowsWhileANewCommandRunsTheSameText()
    {
        using SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        Statements.Run(connection, "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL)");
        Statements.Run(connection, "WITH RECURSIVE s(v) AS (SELECT 1 UNION ALL SELECT v + 1 FROM s WHERE v < 100) INSERT INTO t SELECT v, 'n' || v FROM s");
        const string Select = "SELECT id, name FROM t WHERE id >= @from ORDER BY id";

        SharpCoreDBCommand first = connection.CreateCommand();
        first.CommandText = Select;
        first.Parameters.AddWithValue("@from", 1L);
        using SharpCoreDBDataReader streaming = first.ExecuteReader();
        Assert.True(streaming.Read());
        first.Dispose();

        using (SharpCoreDBCommand second = connection.CreateCommand())
        {
            second.CommandText = Select;
            second.Parameters.AddWithValue("@from", 90L);
            using SharpCoreDBDataReader other = second.ExecuteReader();
            var ids = new List<long>();
            while (other.Read())
            {
                ids.Add(other.GetInt64(0));
            }

            Assert.Equal(Enumerable.Range(90, 11).Select(i => (long)i), ids);
        }

        long expected = 1;
        do
        {
            Assert.Equal(expected, streaming.GetInt64(0));
            Assert.Equal($"n{expected}", streaming.GetString(1));
            expected++;
        }
        while (streaming.Read());
        Assert.Equal(101, expected);
    }

    [Fact]
    public void TheSessionKeepsAtMostItsCapacityOfTexts()
    {
        using SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        for (int i = 0; i < PreparedScriptPool.Capacity + 50; i++)
        {
            Assert.Equal((long)i, Statements.Scalar(connection, $"SELECT {i}"));
        }

        Assert.Equal(PreparedScriptPool.Capacity, connection.Session.Scripts.Count);

        // The newest texts are the ones kept: the last one is taken back, not compiled again.
        using SharpCoreDBCommand last = connection.CreateCommand();
        last.CommandText = $"SELECT {PreparedScriptPool.Capacity + 49}";
        Assert.Equal((long)(PreparedScriptPool.Capacity + 49), last.ExecuteScalar());
        Assert.Equal(PreparedScriptPool.Capacity - 1, connection.Session.Scripts.Count);
    }

    [Fact]
    public void ACommandDisposedAfterItsConnectionClosedGivesNothingToAClosedSession()
    {
        var connection = new SharpCoreDBConnection("Data Source=:memory:");
        connection.Open();
        Session session = connection.Session;
        SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = "SELECT 1";
        Assert.Equal(1L, command.ExecuteScalar());
        connection.Close();

        command.Dispose();
        Assert.Equal(0, session.Scripts.Count);
    }

    private static List<string> ColumnsOf(SharpCoreDBConnection connection, string sql)
    {
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = sql;
        using SharpCoreDBDataReader reader = command.ExecuteReader();
        return Enumerable.Range(0, reader.FieldCount).Select(reader.GetName).ToList();
    }
}
