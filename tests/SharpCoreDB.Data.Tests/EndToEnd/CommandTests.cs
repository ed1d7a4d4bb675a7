// Commands: several statements with NextResult, rows affected, scalars,
// Prepare with re-execution, every parameter spelling, missing parameters,
// CommandBehavior flags, batches, and stopping a long query by token, Cancel() or timeout.
using System.Data;
using System.Diagnostics;

namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class CommandTests
{
    private static SharpCoreDBConnection WithNumbers(int count)
    {
        SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        Statements.Run(connection, "CREATE TABLE n (v INTEGER PRIMARY KEY, label TEXT)");
        using SharpCoreDBCommand insert = connection.CreateCommand();
        insert.CommandText = "INSERT INTO n (v, label) VALUES (@v, @label)";
        SharpCoreDBParameter v = insert.Parameters.AddWithValue("v", 0);
        SharpCoreDBParameter label = insert.Parameters.AddWithValue("label", "");
        insert.Prepare();
        using SharpCoreDBTransaction tx = connection.BeginTransaction();
        for (int i = 1; i <= count; i++)
        {
            v.Value = i;
            label.Value = "n" + i;
            Assert.Equal(1, insert.ExecuteNonQuery());
        }

        tx.Commit();
        return connection;
    }

    [Fact]
    public void SeveralStatementsWithNextResultAndRowsAffected()
    {
        using SharpCoreDBConnection connection = WithNumbers(5);
        using SharpCoreDBCommand command = new(
            "UPDATE n SET label = 'x' WHERE v <= 2; SELECT v FROM n WHERE label = 'x' ORDER BY v; DELETE FROM n WHERE v = 5; SELECT COUNT(*) FROM n",
            connection);
        using (SharpCoreDBDataReader reader = command.ExecuteReader())
        {
            Assert.True(reader.Read());
            Assert.Equal(1L, reader.GetInt64(0));
            Assert.True(reader.Read());
            Assert.False(reader.Read());
            Assert.True(reader.NextResult());
            Assert.True(reader.Read());
            Assert.Equal(4L, reader.GetInt64(0));
            Assert.False(reader.NextResult());
            Assert.Equal(3, reader.RecordsAffected);
        }

        Assert.Equal(-1, new SharpCoreDBCommand("CREATE TABLE other (x INTEGER)", connection).ExecuteNonQuery());
        Assert.Equal(4, new SharpCoreDBCommand("UPDATE n SET label = 'y'", connection).ExecuteNonQuery());
        Assert.Equal(4L, new SharpCoreDBCommand("SELECT COUNT(*) FROM n", connection).ExecuteScalar());
        Assert.Null(new SharpCoreDBCommand("SELECT v FROM n WHERE v > 100", connection).ExecuteScalar());
    }

    [Fact]
    public void PreparedCommandReexecutesWithNewValues()
    {
        using SharpCoreDBConnection connection = WithNumbers(20);
        using var select = new SharpCoreDBCommand("SELECT label FROM n WHERE v = $v", connection);
        SharpCoreDBParameter p = select.Parameters.AddWithValue("$v", 1);
        select.Prepare();
        for (int i = 1; i <= 20; i++)
        {
            p.Value = i;
            Assert.Equal("n" + i, select.ExecuteScalar());
        }
    }

    [Fact]
    public void EveryParameterSpellingBinds()
    {
        using SharpCoreDBConnection connection = WithNumbers(3);
        using var command = new SharpCoreDBCommand("SELECT COUNT(*) FROM n WHERE v >= @a AND v <= :b AND label <> $c", connection);
        command.Parameters.AddWithValue("a", 1);
        command.Parameters.AddWithValue("b", 3);
        command.Parameters.AddWithValue("c", "n2");
        Assert.Equal(2L, command.ExecuteScalar());

        using var positional = new SharpCoreDBCommand("SELECT label FROM n WHERE v = ?; SELECT label FROM n WHERE v = ?", connection);
        positional.Parameters.AddWithValue(null, 1);
        positional.Parameters.AddWithValue(null, 3);
        using SharpCoreDBDataReader reader = positional.ExecuteReader();
        Assert.True(reader.Read());
        Assert.Equal("n1", reader.GetString(0));
        Assert.True(reader.NextResult());
        Assert.True(reader.Read());
        Assert.Equal("n3", reader.GetString(0));
    }

    [Fact]
    public void ValuesAreBoundNeverPasted()
    {
        using SharpCoreDBConnection connection = WithNumbers(2);
        const string hostile = "x'); DROP TABLE n; --";
        using var insert = new SharpCoreDBCommand("INSERT INTO n (v, label) VALUES (10, @label)", connection);
        insert.Parameters.AddWithValue("@label", hostile);
        Assert.Equal(1, insert.ExecuteNonQuery());
        Assert.Equal(hostile, new SharpCoreDBCommand("SELECT label FROM n WHERE v = 10", connection).ExecuteScalar());
        Assert.Equal(3L, new SharpCoreDBCommand("SELECT COUNT(*) FROM n", connection).ExecuteScalar());
    }

    [Fact]
    public void MissingParameterThrowsNamingIt()
    {
        using SharpCoreDBConnection connection = WithNumbers(1);
        using var command = new SharpCoreDBCommand("SELECT * FROM n WHERE v = @wanted", connection);
        var e = Assert.Throws<SharpCoreDBException>(() => command.ExecuteReader());
        Assert.Equal(SharpCoreDBErrorCode.Misuse, e.ErrorCode);
        Assert.Contains("@wanted", e.Message);
        using var positional = new SharpCoreDBCommand("SELECT * FROM n WHERE v = ?", connection);
        Assert.Contains("?1", Assert.Throws<SharpCoreDBException>(() => positional.ExecuteScalar()).Message);
    }

    [Fact]
    public void CommandBehaviorFlagsAreHonoured()
    {
        using SharpCoreDBConnection connection = WithNumbers(5);
        using var command = new SharpCoreDBCommand("SELECT v FROM n ORDER BY v; SELECT label FROM n", connection);
        using (SharpCoreDBDataReader single = command.ExecuteReader(CommandBehavior.SingleRow))
        {
            Assert.True(single.Read());
            Assert.False(single.Read());
        }

        using (SharpCoreDBDataReader one = command.ExecuteReader(CommandBehavior.SingleResult))
        {
            Assert.False(one.NextResult());
        }

        using (SharpCoreDBDataReader schema = command.ExecuteReader(CommandBehavior.SchemaOnly))
        {
            Assert.Equal("v", schema.GetName(0));
            Assert.Equal(typeof(long), schema.GetFieldType(0));
            Assert.False(schema.Read());
        }

        using (SharpCoreDBDataReader keyed = command.ExecuteReader(CommandBehavior.KeyInfo | CommandBehavior.SequentialAccess))
        {
            DataTable table = keyed.GetSchemaTable()!;
            Assert.True((bool)table.Rows[0][System.Data.Common.SchemaTableColumn.IsKey]);
            Assert.True(keyed.Read());
            Assert.Equal(1L, keyed.GetInt64(0));
        }

        SharpCoreDBDataReader closing = command.ExecuteReader(CommandBehavior.CloseConnection);
        closing.Close();
        Assert.Equal(ConnectionState.Closed, connection.State);
    }

    [Fact]
    public void BatchRunsEachCommandWithItsOwnParameters()
    {
        using SharpCoreDBConnection connection = WithNumbers(3);
        using SharpCoreDBBatch batch = connection.CreateBatch();
        batch.BatchCommands.Add("UPDATE n SET label = @l WHERE v <= @max").Parameters.AddWithValue("l", "low");
        batch.BatchCommands[0].Parameters.AddWithValue("max", 2);
        batch.BatchCommands.Add("DELETE FROM n WHERE v = @v").Parameters.AddWithValue("v", 3);
        batch.BatchCommands.Add("SELECT label FROM n ORDER BY v");
        using (SharpCoreDBDataReader reader = batch.ExecuteReader())
        {
            Assert.True(reader.Read());
            Assert.Equal("low", reader.GetString(0));
        }

        Assert.Equal(2, batch.BatchCommands[0].RecordsAffected);
        Assert.Equal(1, batch.BatchCommands[1].RecordsAffected);
        Assert.Equal(2L, new SharpCoreDBCommand("SELECT COUNT(*) FROM n", connection).ExecuteScalar());
    }

    internal const string Long = "SELECT COUNT(*) FROM n a, n b, n c, n d";

    [Fact]
    public async Task ACancelledTokenStopsALongQuery()
    {
        using SharpCoreDBConnection connection = WithNumbers(300);
        using var command = new SharpCoreDBCommand(Long, connection) { CommandTimeout = 0 };
        using var cts = new CancellationTokenSource(TimeSpan.FromMilliseconds(200));
        var watch = Stopwatch.StartNew();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => command.ExecuteScalarAsync(cts.Token));
        Assert.True(watch.Elapsed < TestTimeouts.Hang);
        Assert.Equal(300L, new SharpCoreDBCommand("SELECT COUNT(*) FROM n", connection).ExecuteScalar());
    }

    [Fact]
    public void CancelAndCommandTimeoutStopALongQuery()
    {
        using SharpCoreDBConnection connection = WithNumbers(300);
        using var timed = new SharpCoreDBCommand(Long, connection) { CommandTimeout = 1 };
        Assert.Equal(SharpCoreDBErrorCode.Timeout, Assert.Throws<SharpCoreDBException>(() => timed.ExecuteScalar()).ErrorCode);

        using var cancelled = new SharpCoreDBCommand(Long, connection) { CommandTimeout = 0 };
        using var timer = new Timer(_ => cancelled.Cancel(), null, 300, Timeout.Infinite);
        Assert.Equal(SharpCoreDBErrorCode.Cancelled, Assert.Throws<SharpCoreDBException>(() => cancelled.ExecuteScalar()).ErrorCode);
    }

    [Fact]
    public void CommandContractChecks()
    {
        using var command = new SharpCoreDBCommand("SELECT 1");
        Assert.Throws<InvalidOperationException>(() => command.ExecuteScalar());
        using var connection = new SharpCoreDBConnection("Data Source=:memory:");
        command.Connection = connection;
        Assert.Throws<InvalidOperationException>(() => command.ExecuteScalar());
        connection.Open();
        Assert.Equal(1L, command.ExecuteScalar());
        command.CommandText = "";
        Assert.Throws<InvalidOperationException>(() => command.ExecuteNonQuery());
        Assert.Throws<ArgumentException>(() => command.CommandType = CommandType.StoredProcedure);
        command.CommandText = "SELEC 1";
        Assert.Equal(SharpCoreDBErrorCode.SyntaxError, Assert.Throws<SqlSyntaxException>(() => command.ExecuteNonQuery()).ErrorCode);
    }
}
