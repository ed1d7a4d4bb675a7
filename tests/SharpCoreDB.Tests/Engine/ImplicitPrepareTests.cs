// A command executed again without Prepare() reuses the plan its first execution
// compiled, as Microsoft.Data.Sqlite does: Dapper and most hand-written code never
// call Prepare. Before, such a command compiled its plan at every execution (5.9 KB
// more per single-row INSERT). The plan follows CommandText: a new text compiles
// anew, and a schema change recompiles it.
using SharpCoreDB.Data;
using SharpCoreDB.Tests.Support;

namespace SharpCoreDB.Tests.Engine;

public sealed class ImplicitPrepareTests
{
    [Fact]
    public void AnUnpreparedInsertRunAgainInATransactionAllocatesNothingPerRow()
    {
        using var connection = new SharpCoreDBConnection("Data Source=:memory:");
        connection.Open();
        Statements.Run(connection, "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score REAL NOT NULL)");
        using var insert = connection.CreateCommand();
        insert.CommandText = "INSERT INTO t (name, score) VALUES (@name, @score)";
        insert.Parameters.AddWithValue("@name", "name 12345");
        insert.Parameters.AddWithValue("@score", 0.5);
        using var transaction = connection.BeginTransaction();
        insert.Transaction = transaction;
        long bytes = AllocationMeter.FewestBytes(() =>
        {
            for (int i = 0; i < 100; i++)
            {
                insert.ExecuteNonQuery();
            }
        });
        transaction.Commit();
        Assert.True(bytes < 100 * 64, $"{bytes / 100} bytes allocated per INSERT");
    }

    [Fact]
    public void TheKeptPlanFollowsTheTextAndTheSchema()
    {
        using var connection = new SharpCoreDBConnection("Data Source=:memory:");
        connection.Open();
        Statements.Run(connection, "CREATE TABLE t (a INTEGER)");
        Statements.Run(connection, "INSERT INTO t VALUES (1), (2)");
        using var command = connection.CreateCommand();
        command.CommandText = "SELECT * FROM t ORDER BY 1";
        Assert.Equal(1L, command.ExecuteScalar());
        Statements.Run(connection, "ALTER TABLE t ADD COLUMN b TEXT DEFAULT 'x'");
        using (var reader = command.ExecuteReader())
        {
            Assert.Equal(2, reader.FieldCount);
        }

        command.CommandText = "SELECT COUNT(*) FROM t";
        Assert.Equal(2L, command.ExecuteScalar());
    }
}
