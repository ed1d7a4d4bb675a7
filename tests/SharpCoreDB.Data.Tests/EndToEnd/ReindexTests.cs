// REINDEX rebuilds indexes into new trees: the rows read through them are the same
// before and after, integrity_check stays clean, prepared statements pick up the new
// roots, the work is undone by ROLLBACK and kept across a reopen; the target is
// resolved as SQLite resolves it (collation, table, index) with its error otherwise.
using SharpCoreDB.TestSupport.Sqlite;

namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class ReindexTests
{
    [Fact]
    public void ReindexRebuildsEveryIndexItNames()
    {
        using var database = new TestDatabase();
        using (SharpCoreDBConnection connection = database.Open())
        {
            Statements.Run(connection, "CREATE TABLE t (a TEXT COLLATE NOCASE UNIQUE, b INTEGER); CREATE INDEX t_b ON t (b); CREATE TABLE u (x UNIQUE)");
            Statements.Run(connection, "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500) INSERT INTO t SELECT 'Key' || i, i % 7 FROM n");
            Statements.Run(connection, "INSERT INTO u VALUES (1), (2)");
            using var count = new SharpCoreDBCommand("SELECT count(*) FROM t WHERE b = 3", connection);
            Assert.Equal(72L, count.ExecuteScalar());
            List<string> roots = Roots(connection);

            Statements.Run(connection, "REINDEX t_b");
            Assert.Equal(72L, count.ExecuteScalar());
            Statements.Run(connection, "REINDEX nocase");
            Statements.Run(connection, "REINDEX u");
            Assert.Equal("Key42", Statements.Scalar(connection, "SELECT a FROM t WHERE a = 'KEY42'"));
            Assert.All(Roots(connection).Zip(roots), pair => Assert.NotEqual(pair.Second, pair.First));

            using (SharpCoreDBTransaction tx = connection.BeginTransaction())
            {
                Statements.Run(connection, "REINDEX");
                tx.Rollback();
            }

            Assert.Equal("ok", Statements.Scalar(connection, "PRAGMA integrity_check"));
            var error = Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "REINDEX nothing_by_that_name"));
            Assert.Equal("unable to identify the object to be reindexed", error.Message);
        }

        using (SharpCoreDBConnection connection = database.Reopen())
        {
            Assert.Equal("ok", Statements.Scalar(connection, "PRAGMA integrity_check"));
            Assert.Equal(72L, Statements.Scalar(connection, "SELECT count(*) FROM t WHERE b = 3"));
            Assert.Equal(1L, Statements.Scalar(connection, "SELECT count(*) FROM u WHERE x = 2"));
        }
    }

    private static List<string> Roots(SharpCoreDBConnection connection) =>
        SqliteReference.Rows(connection, "SELECT name, rootpage FROM sqlite_master WHERE type = 'index' ORDER BY name", RowText.Exact, out _);
}
