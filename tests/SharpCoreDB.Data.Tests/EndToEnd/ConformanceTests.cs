// Conformance-style checks of the ADO.NET contracts that generic code (and the
// AdoNet.Specification.Tests suite, which this machine's package source lacks)
// relies on, written against the base types only: DbConnection, DbCommand,
// DbParameter, DbDataReader obtained through the factory.
using System.Data;
using System.Data.Common;

namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class ConformanceTests
{
    private static DbConnection OpenThroughFactory()
    {
        DbConnection connection = SharpCoreDBFactory.Instance.CreateConnection();
        connection.ConnectionString = "Data Source=:memory:";
        connection.Open();
        return connection;
    }

    [Fact]
    public void CreateCommandBindsTheConnectionAndParametersThroughBaseTypes()
    {
        using DbConnection connection = OpenThroughFactory();
        using DbCommand command = connection.CreateCommand();
        Assert.Same(connection, command.Connection);
        command.CommandText = "SELECT @p";
        DbParameter parameter = command.CreateParameter();
        parameter.ParameterName = "@p";
        parameter.Value = 42;
        command.Parameters.Add(parameter);
        Assert.Equal(DbType.Int32, parameter.DbType);
        Assert.Equal(42L, command.ExecuteScalar());
    }

    [Fact]
    public void SelectValueOfEachKindThroughExecuteScalar()
    {
        using DbConnection connection = OpenThroughFactory();
        using DbCommand command = connection.CreateCommand();
        command.CommandText = "SELECT NULL";
        Assert.Equal(DBNull.Value, command.ExecuteScalar());
        command.CommandText = "SELECT 'text'";
        Assert.Equal("text", command.ExecuteScalar());
        command.CommandText = "SELECT 1.5";
        Assert.Equal(1.5, Convert.ToDouble(command.ExecuteScalar()));
    }

    [Fact]
    public void DeleteReturnsRowsAffectedAndSelectAfterDeleteIsEmpty()
    {
        using DbConnection connection = OpenThroughFactory();
        using DbCommand command = connection.CreateCommand();
        command.CommandText = "CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2), (3)";
        Assert.Equal(3, command.ExecuteNonQuery());
        command.CommandText = "DELETE FROM t WHERE x > 1";
        Assert.Equal(2, command.ExecuteNonQuery());
        command.CommandText = "DELETE FROM t WHERE x > 100";
        Assert.Equal(0, command.ExecuteNonQuery());
        command.CommandText = "SELECT x FROM t";
        using DbDataReader reader = command.ExecuteReader();
        Assert.True(reader.Read());
        Assert.False(reader.Read());
    }

    [Fact]
    public async Task AsyncMethodsHonourACancelledToken()
    {
        using DbConnection connection = SharpCoreDBFactory.Instance.CreateConnection();
        connection.ConnectionString = "Data Source=:memory:";
        using var cts = new CancellationTokenSource();
        cts.Cancel();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => connection.OpenAsync(cts.Token));
        await connection.OpenAsync();
        using DbCommand command = connection.CreateCommand();
        command.CommandText = "SELECT 1";
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => command.ExecuteReaderAsync(cts.Token));
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => command.ExecuteNonQueryAsync(cts.Token));
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => command.ExecuteScalarAsync(cts.Token));
        Assert.Equal(1L, await command.ExecuteScalarAsync());
    }

    [Fact]
    public void ClosingTheConnectionClosesItsReaders()
    {
        DbConnection connection = OpenThroughFactory();
        using DbCommand command = connection.CreateCommand();
        command.CommandText = "SELECT 1";
        DbDataReader reader = command.ExecuteReader();
        connection.Close();
        Assert.True(reader.IsClosed);
        connection.Dispose();
    }

    [Fact]
    public void BatchThroughBaseTypes()
    {
        using DbConnection connection = OpenThroughFactory();
        Assert.True(connection.CanCreateBatch);
        using DbBatch batch = connection.CreateBatch();
        DbBatchCommand create = batch.CreateBatchCommand();
        create.CommandText = "CREATE TABLE t (x INTEGER)";
        DbBatchCommand insert = batch.CreateBatchCommand();
        insert.CommandText = "INSERT INTO t VALUES (1), (2)";
        batch.BatchCommands.Add(create);
        batch.BatchCommands.Add(insert);
        Assert.Equal(2, batch.ExecuteNonQuery());
        Assert.Equal(2, insert.RecordsAffected);
    }

    [Fact]
    public void TransactionPropertyAndCommitThroughBaseTypes()
    {
        using DbConnection connection = OpenThroughFactory();
        using DbCommand create = connection.CreateCommand();
        create.CommandText = "CREATE TABLE t (x INTEGER)";
        create.ExecuteNonQuery();
        using DbTransaction tx = connection.BeginTransaction();
        using DbCommand insert = connection.CreateCommand();
        insert.Transaction = tx;
        insert.CommandText = "INSERT INTO t VALUES (1)";
        Assert.Equal(1, insert.ExecuteNonQuery());
        tx.Commit();
        Assert.Null(tx.Connection);
        insert.Transaction = null;
        insert.CommandText = "SELECT COUNT(*) FROM t";
        Assert.Equal(1L, insert.ExecuteScalar());
    }
}
