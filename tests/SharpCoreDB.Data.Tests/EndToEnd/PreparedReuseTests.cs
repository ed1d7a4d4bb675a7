// A prepared INSERT/UPDATE/DELETE keeps its table store (open trees), row buffers,
// parameter array and cancellation between executions. These tests change what
// such kept state depends on between two executions — the schema, the
// transaction, a rollback, a savepoint rollback, another connection's commit —
// and check the rows read back, after a reopen too, with the tree structure
// verified by PRAGMA integrity_check.
namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class PreparedReuseTests
{
    private const string Padding = "................................................................................";

    [Fact]
    public void SchemaChangesBetweenExecutionsInOneTransactionAreSeen()
    {
        using var db = new TestDatabase();
        using (SharpCoreDBConnection connection = db.Open())
        {
            Statements.Run(connection, "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL)");
            using SharpCoreDBCommand insert = Insert(connection);
            using (SharpCoreDBTransaction tx = connection.BeginTransaction())
            {
                Execute(insert, 1, 10);
                Statements.Run(connection, "CREATE UNIQUE INDEX ix_t_name ON t (name)");
                Execute(insert, 11, 20);

                // The unique index now applies to the prepared statement's rows too.
                insert.Parameters[0].Value = 21L;
                insert.Parameters[1].Value = Name(5);
                Assert.Equal(SharpCoreDBErrorCode.UniqueConstraint, Assert.Throws<SharpCoreDBException>(() => insert.ExecuteNonQuery()).ErrorCode);

                Statements.Run(connection, "DROP TABLE t");
                Statements.Run(connection, "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL, extra INTEGER DEFAULT 7)");
                Execute(insert, 100, 110);
                tx.Commit();
            }

            Execute(insert, 111, 115);
        }

        using (SharpCoreDBConnection reopened = db.Open())
        {
            Assert.Equal(Ids(100, 115), ReadIds(reopened, "SELECT id FROM t ORDER BY id"));
            Assert.Equal(16L, Statements.Scalar(reopened, "SELECT COUNT(*) FROM t WHERE extra = 7"));
            Assert.Equal("ok", Statements.Scalar(reopened, "PRAGMA integrity_check"));
        }
    }

    [Fact]
    public void RollbackThenExecuteAgainKeepsOnlyTheCommittedRows()
    {
        using var db = new TestDatabase();
        using (SharpCoreDBConnection connection = db.Open())
        {
            Statements.Run(connection, "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL)");
            Statements.Run(connection, "CREATE INDEX ix_t_name ON t (name)");
            using SharpCoreDBCommand insert = Insert(connection);
            using (SharpCoreDBTransaction tx = connection.BeginTransaction())
            {
                Execute(insert, 1, 300);
                tx.Rollback();
            }

            using (SharpCoreDBTransaction tx = connection.BeginTransaction())
            {
                Execute(insert, 301, 600);
                tx.Commit();
            }

            // A failing autocommit rolls back its own transaction; the next execution starts clean.
            insert.Parameters[0].Value = 600L;
            insert.Parameters[1].Value = Name(600);
            Assert.Equal(SharpCoreDBErrorCode.PrimaryKeyConstraint, Assert.Throws<SharpCoreDBException>(() => insert.ExecuteNonQuery()).ErrorCode);
            Execute(insert, 601, 610);
        }

        using (SharpCoreDBConnection reopened = db.Open())
        {
            Assert.Equal(Ids(301, 610), ReadIds(reopened, "SELECT id FROM t ORDER BY id"));
            Assert.Equal(Ids(450, 450), ReadIds(reopened, $"SELECT id FROM t WHERE name = '{Name(450)}'"));
            Assert.Empty(ReadIds(reopened, $"SELECT id FROM t WHERE name = '{Name(150)}'"));
            Assert.Equal("ok", Statements.Scalar(reopened, "PRAGMA integrity_check"));
        }
    }

    [Fact]
    public void SavepointRollbacksBetweenExecutionsUndoExactlyTheirRows()
    {
        using var db = new TestDatabase();
        using (SharpCoreDBConnection connection = db.Open())
        {
            Statements.Run(connection, "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL)");
            Statements.Run(connection, "CREATE INDEX ix_t_name ON t (name)");
            using SharpCoreDBCommand insert = Insert(connection);
            using SharpCoreDBCommand update = Command(connection, "UPDATE t SET name = @name WHERE id = @id", "@name", "@id");
            using SharpCoreDBCommand delete = Command(connection, "DELETE FROM t WHERE id = @id", "@id");
            using (SharpCoreDBTransaction tx = connection.BeginTransaction())
            {
                Execute(insert, 1, 100);
                tx.Save("a");

                // Enough rows to split pages after the savepoint, so the rollback restores older tree shapes.
                Execute(insert, 101, 400);
                Change(update, 50, "changed");
                Change(delete, 60);
                tx.Rollback("a");

                Execute(insert, 1001, 1050);
                Change(update, 10, "kept");
                Change(delete, 20);
                tx.Save("b");
                Change(delete, 30);
                tx.Rollback("b");
                Change(delete, 40);
                tx.Release("a");
                tx.Commit();
            }
        }

        List<long> expected = [.. Ids(1, 100), .. Ids(1001, 1050)];
        expected.Remove(20);
        expected.Remove(40);
        using (SharpCoreDBConnection reopened = db.Open())
        {
            Assert.Equal(expected, ReadIds(reopened, "SELECT id FROM t ORDER BY id"));
            Assert.Equal(Ids(10, 10), ReadIds(reopened, "SELECT id FROM t WHERE name = 'kept'"));
            Assert.Equal(Ids(50, 50), ReadIds(reopened, $"SELECT id FROM t WHERE name = '{Name(50)}'"));
            Assert.Empty(ReadIds(reopened, $"SELECT id FROM t WHERE name = '{Name(200)}'"));
            Assert.Equal("ok", Statements.Scalar(reopened, "PRAGMA integrity_check"));
        }
    }

    [Fact]
    public void OnePreparedStatementAcrossTransactionsAndOtherConnectionsWrites()
    {
        using var db = new TestDatabase();
        using (SharpCoreDBConnection first = db.Open())
        using (SharpCoreDBConnection second = db.Open())
        {
            Statements.Run(first, "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL)");
            Statements.Run(first, "CREATE INDEX ix_t_name ON t (name)");
            using SharpCoreDBCommand insert = Insert(first);
            using SharpCoreDBCommand other = Insert(second);
            for (int round = 0; round < 4; round++)
            {
                int start = round * 1000;
                using (SharpCoreDBTransaction tx = first.BeginTransaction())
                {
                    Execute(insert, start + 1, start + 200);
                    tx.Commit();
                }

                // Another session's commits change the pages under the first one's kept trees.
                Execute(other, start + 201, start + 400);
                Execute(insert, start + 401, start + 410);
            }

            // The same command moved to the other connection.
            insert.Connection = second;
            insert.Prepare();
            Execute(insert, 5001, 5010);
        }

        List<long> expected = [];
        for (int round = 0; round < 4; round++)
        {
            expected.AddRange(Ids((round * 1000) + 1, (round * 1000) + 410));
        }

        expected.AddRange(Ids(5001, 5010));
        using (SharpCoreDBConnection reopened = db.Open())
        {
            Assert.Equal(expected, ReadIds(reopened, "SELECT id FROM t ORDER BY id"));
            Assert.Equal(Ids(3250, 3250), ReadIds(reopened, $"SELECT id FROM t WHERE name = '{Name(3250)}'"));
            Assert.Equal("ok", Statements.Scalar(reopened, "PRAGMA integrity_check"));
        }
    }

    [Fact]
    public void AReusedCancellationNeitherTimesOutLateNorCarriesACancelOver()
    {
        using SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        Statements.Run(connection, "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL)");
        using SharpCoreDBCommand insert = Insert(connection);
        insert.CommandTimeout = 1;
        Execute(insert, 1, 5);

        // The timeout clock restarts with each execution: a second after the last one, the next still runs.
        Thread.Sleep(1500);
        Execute(insert, 6, 10);

        // Cancel() between executions has nothing to stop.
        insert.Cancel();
        Execute(insert, 11, 15);

        using var timed = new SharpCoreDBCommand("SELECT COUNT(*) FROM t a, t b, t c, t d", connection) { CommandTimeout = 1 };
        Execute(insert, 16, 300);
        Assert.Equal(SharpCoreDBErrorCode.Timeout, Assert.Throws<SharpCoreDBException>(() => timed.ExecuteNonQuery()).ErrorCode);
        Assert.Equal(Ids(1, 300), ReadIds(connection, "SELECT id FROM t ORDER BY id"));
    }

    [Fact]
    public void PreparedQueriesSeeEachSnapshotAndTheTransactionsOwnWrites()
    {
        using var db = new TestDatabase();
        using SharpCoreDBConnection reader = db.Open();
        using SharpCoreDBConnection writer = db.Open();
        Statements.Run(writer, "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL)");
        Statements.Run(writer, "CREATE INDEX ix_t_name ON t (name)");
        using SharpCoreDBCommand insert = Insert(writer);
        using SharpCoreDBCommand byId = Command(reader, "SELECT name FROM t WHERE id = @id", "@id");
        using SharpCoreDBCommand byName = Command(reader, "SELECT id FROM t WHERE name = @name", "@name");
        using SharpCoreDBCommand scan = Command(reader, "SELECT id FROM t WHERE name LIKE @pattern ORDER BY id", "@pattern");
        for (int round = 1; round <= 3; round++)
        {
            Execute(insert, ((round - 1) * 200) + 1, round * 200);
            byId.Parameters[0].Value = (long)(round * 200);
            Assert.Equal(Name(round * 200), byId.ExecuteScalar());
            byName.Parameters[0].Value = Name(round * 150);
            Assert.Equal((long)(round * 150), byName.ExecuteScalar());
            scan.Parameters[0].Value = "name-%";
            Assert.Equal(Ids(1, round * 200), Read(scan));
        }

        // Inside a transaction the same prepared queries read its own writes, and a savepoint rollback undoes them.
        using (SharpCoreDBTransaction tx = reader.BeginTransaction())
        {
            using SharpCoreDBCommand own = Insert(reader);
            tx.Save("s");
            Execute(own, 1001, 1100);
            byId.Parameters[0].Value = 1050L;
            Assert.Equal(Name(1050), byId.ExecuteScalar());
            tx.Rollback("s");
            Assert.Null(byId.ExecuteScalar());
            byName.Parameters[0].Value = Name(1050);
            Assert.Null(byName.ExecuteScalar());
            Assert.Equal(Ids(1, 600), Read(scan));
            tx.Commit();
        }

        Assert.Equal(Ids(1, 600), Read(scan));
    }

    private static List<long> Read(SharpCoreDBCommand command)
    {
        using SharpCoreDBDataReader reader = command.ExecuteReader();
        var ids = new List<long>();
        while (reader.Read())
        {
            ids.Add(reader.GetInt64(0));
        }

        return ids;
    }

    private static string Name(long id) => "name-" + id + Padding;

    private static List<long> Ids(long from, long to)
    {
        var ids = new List<long>();
        for (long id = from; id <= to; id++)
        {
            ids.Add(id);
        }

        return ids;
    }

    private static SharpCoreDBCommand Insert(SharpCoreDBConnection connection) =>
        Command(connection, "INSERT INTO t (id, name) VALUES (@id, @name)", "@id", "@name");

    private static SharpCoreDBCommand Command(SharpCoreDBConnection connection, string sql, params string[] names)
    {
        SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = sql;
        foreach (string name in names)
        {
            command.Parameters.AddWithValue(name, DBNull.Value);
        }

        command.Prepare();
        return command;
    }

    private static void Execute(SharpCoreDBCommand insert, long from, long to)
    {
        for (long id = from; id <= to; id++)
        {
            insert.Parameters[0].Value = id;
            insert.Parameters[1].Value = Name(id);
            Assert.Equal(1, insert.ExecuteNonQuery());
        }
    }

    private static void Change(SharpCoreDBCommand command, long id, string? name = null)
    {
        if (name is null)
        {
            command.Parameters[0].Value = id;
        }
        else
        {
            command.Parameters[0].Value = name;
            command.Parameters[1].Value = id;
        }

        Assert.Equal(1, command.ExecuteNonQuery());
    }

    private static List<long> ReadIds(SharpCoreDBConnection connection, string sql)
    {
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = sql;
        using SharpCoreDBDataReader reader = command.ExecuteReader();
        var ids = new List<long>();
        while (reader.Read())
        {
            ids.Add(reader.GetInt64(0));
        }

        return ids;
    }
}
