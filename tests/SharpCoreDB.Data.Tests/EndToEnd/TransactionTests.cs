// Transactions: accepted and refused isolation levels, commit and rollback,
// savepoints, joining, disposal rolling back, closing rolling back, and a
// transaction ended by SQL text.
using System.Data;
using Dapper;

namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class TransactionTests
{
    private static SharpCoreDBConnection Open()
    {
        SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        connection.Execute("CREATE TABLE t (x INTEGER)");
        return connection;
    }

    [Theory]
    [InlineData(IsolationLevel.Unspecified, IsolationLevel.Serializable)]
    [InlineData(IsolationLevel.Snapshot, IsolationLevel.Snapshot)]
    [InlineData(IsolationLevel.ReadCommitted, IsolationLevel.Serializable)]
    [InlineData(IsolationLevel.RepeatableRead, IsolationLevel.Serializable)]
    [InlineData(IsolationLevel.Serializable, IsolationLevel.Serializable)]
    public void AcceptedIsolationLevels(IsolationLevel requested, IsolationLevel given)
    {
        using SharpCoreDBConnection connection = Open();
        using SharpCoreDBTransaction tx = connection.BeginTransaction(requested);
        Assert.Equal(given, tx.IsolationLevel);
        Assert.Same(connection, tx.Connection);
    }

    [Theory]
    [InlineData(IsolationLevel.ReadUncommitted)]
    [InlineData(IsolationLevel.Chaos)]
    public void RefusedIsolationLevels(IsolationLevel requested)
    {
        using SharpCoreDBConnection connection = Open();
        Assert.Throws<ArgumentException>(() => connection.BeginTransaction(requested));
        connection.BeginTransaction().Dispose();
    }

    [Fact]
    public void SavepointsRollBackAndRelease()
    {
        using SharpCoreDBConnection connection = Open();
        using SharpCoreDBTransaction tx = connection.BeginTransaction();
        Assert.True(tx.SupportsSavepoints);
        connection.Execute("INSERT INTO t VALUES (1)");
        tx.Save("a");
        connection.Execute("INSERT INTO t VALUES (2)");
        tx.Rollback("a");
        tx.Save("b");
        connection.Execute("INSERT INTO t VALUES (3)");
        tx.Release("b");
        tx.Commit();
        Assert.Equal(new long[] { 1, 3 }, connection.Query<long>("SELECT x FROM t ORDER BY x").ToArray());
        Assert.Null(tx.Connection);
        Assert.Throws<InvalidOperationException>(tx.Commit);
    }

    [Fact]
    public void DisposeAndCloseRollBackAnOpenTransaction()
    {
        using var db = new TestDatabase();
        using (SharpCoreDBConnection connection = db.Open())
        {
            connection.Execute("CREATE TABLE t (x INTEGER)");
            using (connection.BeginTransaction())
            {
                connection.Execute("INSERT INTO t VALUES (1)");
            }

            connection.BeginTransaction();
            connection.Execute("INSERT INTO t VALUES (2)");
        }

        using SharpCoreDBConnection reopened = db.Open();
        Assert.Equal(0L, reopened.ExecuteScalar<long>("SELECT COUNT(*) FROM t"));
        reopened.BeginTransaction().Commit();
    }

    [Fact]
    public void OneTransactionPerConnectionAndForeignTransactionsAreRefused()
    {
        using SharpCoreDBConnection a = Open();
        using SharpCoreDBConnection b = Open();
        using SharpCoreDBTransaction tx = a.BeginTransaction();
        Assert.Throws<InvalidOperationException>(() => a.BeginTransaction());
        using var command = new SharpCoreDBCommand("SELECT 1", b, tx);
        Assert.Throws<InvalidOperationException>(() => command.ExecuteScalar());
    }

    [Fact]
    public void CommitStatementEndsTheTransactionObject()
    {
        using SharpCoreDBConnection connection = Open();
        SharpCoreDBTransaction tx = connection.BeginTransaction();
        connection.Execute("INSERT INTO t VALUES (1)");
        connection.Execute("COMMIT");
        Assert.Throws<InvalidOperationException>(tx.Commit);
        Assert.Equal(1L, connection.ExecuteScalar<long>("SELECT COUNT(*) FROM t"));
        connection.BeginTransaction().Rollback();
    }

    [Fact]
    public async Task AsyncCommitAndRollback()
    {
        using SharpCoreDBConnection connection = Open();
        SharpCoreDBTransaction tx = connection.BeginTransaction();
        await connection.ExecuteAsync("INSERT INTO t VALUES (1)");
        await tx.CommitAsync();
        SharpCoreDBTransaction second = connection.BeginTransaction();
        await connection.ExecuteAsync("INSERT INTO t VALUES (2)");
        await second.RollbackAsync();
        Assert.Equal(1L, await connection.ExecuteScalarAsync<long>("SELECT COUNT(*) FROM t"));
    }
}
