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

    public enum TransactionEnd
    {
        Commit,
        Rollback,
        CommitReadOnly,
    }

    // A result streaming rows from a transaction stops with a clear error at its next row once the transaction
    // has ended: the pages it was reading may be reused from then on (docs/adonet.md, "Readers and transactions").
    // Before that it reads the transaction's own changes; after it, the data is as the end left it.
    [Theory]
    [InlineData(TransactionEnd.Commit)]
    [InlineData(TransactionEnd.Rollback)]
    [InlineData(TransactionEnd.CommitReadOnly)]
    public void AResultStopsWhenItsTransactionEnds(TransactionEnd end)
    {
        using SharpCoreDBConnection connection = Open();
        connection.Execute("WITH RECURSIVE s (v) AS (SELECT 1 UNION ALL SELECT v + 1 FROM s WHERE v < 3000) INSERT INTO t SELECT v FROM s");
        SharpCoreDBTransaction tx = connection.BeginTransaction();
        if (end != TransactionEnd.CommitReadOnly)
        {
            connection.Execute("UPDATE t SET x = -x WHERE x <= 10");
        }

        using var command = new SharpCoreDBCommand("SELECT x FROM t ORDER BY rowid", connection, tx);
        using var reader = command.ExecuteReader();
        for (int row = 1; row <= 3; row++)
        {
            Assert.True(reader.Read());
            Assert.Equal(end == TransactionEnd.CommitReadOnly ? row : -row, reader.GetInt64(0));
        }

        if (end == TransactionEnd.Rollback)
        {
            tx.Rollback();
        }
        else
        {
            tx.Commit();
        }

        // Later commits rewrite the pages the reader stood on.
        connection.Execute("UPDATE t SET x = x * 10");
        connection.Execute("UPDATE t SET x = x * 10");
        var error = Assert.Throws<SharpCoreDBException>(() => reader.Read());
        Assert.Equal(SharpCoreDBErrorCode.Misuse, error.ErrorCode);
        Assert.Contains("transaction this result was reading from has ended", error.Message);
        reader.Dispose();
        long first = end == TransactionEnd.Commit ? -100 : 100;
        Assert.Equal(first, connection.ExecuteScalar<long>("SELECT x FROM t ORDER BY rowid LIMIT 1"));
    }
}
