// DatabaseChanged, the event a desktop app refreshes its views from: one event per
// commit that changed something, from any connection to the file, with each table and
// its rowids; nothing for a rolled-back transaction, for rows a savepoint rollback or
// a failed statement undid, or after the handler is removed or the connection closed;
// rows written by triggers and foreign key actions included; a schema change flagged;
// a bulk change reported per table without listing every rowid.
using Dapper;

namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class ChangeNotificationTests
{
    private const string Schema = """
        CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
        CREATE TABLE book (id INTEGER PRIMARY KEY, author_id INTEGER REFERENCES author (id) ON DELETE CASCADE, title TEXT);
        CREATE TABLE audit (id INTEGER PRIMARY KEY, what TEXT);
        CREATE TRIGGER book_audit AFTER INSERT ON book BEGIN INSERT INTO audit (what) VALUES ('book ' || new.id); END;
        """;

    [Fact]
    public void EachCommitFromAnyConnectionReportsItsTablesAndRowids()
    {
        using var db = new TestDatabase();
        using SharpCoreDBConnection watcher = db.Open();
        Statements.Run(watcher, Schema);
        var seen = new List<SharpCoreDBChangesEventArgs>();
        watcher.DatabaseChanged += (_, e) => seen.Add(e);

        using SharpCoreDBConnection writer = db.Open();
        writer.Execute("INSERT INTO author (id, name) VALUES (1, 'Le Guin'), (2, 'Banks')");
        writer.Execute("INSERT INTO book (id, author_id, title) VALUES (10, 1, 'The Dispossessed')");
        writer.Execute("UPDATE author SET name = 'Iain M. Banks' WHERE id = 2");
        writer.Execute("DELETE FROM author WHERE id = 1");

        Assert.Equal(4, seen.Count);
        Assert.Equal(["author: 1, 2"], Describe(seen[0]));
        Assert.Equal(["audit: 1", "book: 10"], Describe(seen[1]));
        Assert.Equal(["author: 2"], Describe(seen[2]));
        Assert.Equal(["author: 1", "book: 10"], Describe(seen[3]));
        Assert.All(seen, e => Assert.False(e.SchemaChanged));
    }

    [Fact]
    public void RolledBackWorkIsNeverReported()
    {
        using var db = new TestDatabase();
        using SharpCoreDBConnection connection = db.Open();
        Statements.Run(connection, Schema);
        var seen = new List<SharpCoreDBChangesEventArgs>();
        connection.DatabaseChanged += (_, e) => seen.Add(e);

        using (SharpCoreDBTransaction tx = connection.BeginTransaction())
        {
            connection.Execute("INSERT INTO author (id, name) VALUES (1, 'a')");
            tx.Rollback();
        }

        using (SharpCoreDBTransaction tx = connection.BeginTransaction())
        {
            connection.Execute("INSERT INTO author (id, name) VALUES (5, 'kept')");
            tx.Save("s");
            connection.Execute("INSERT INTO author (id, name) VALUES (6, 'undone')");
            tx.Rollback("s");
            Assert.ThrowsAny<SharpCoreDBException>(() =>
                connection.Execute("INSERT INTO author (id, name) VALUES (7, 'x'), (8, 'kept')"));
            connection.Execute("UPDATE author SET name = 'kept too' WHERE id = 5");
            tx.Commit();
        }

        Assert.Equal(["author: 5"], Describe(Assert.Single(seen)));
        Assert.Equal(["kept too"], connection.Query<string>("SELECT name FROM author"));
    }

    [Fact]
    public void SchemaChangesAreFlaggedAndBulkChangesAreNotListedRowByRow()
    {
        using var db = new TestDatabase();
        using SharpCoreDBConnection connection = db.Open();
        var seen = new List<SharpCoreDBChangesEventArgs>();
        connection.DatabaseChanged += (_, e) => seen.Add(e);

        connection.Execute("CREATE TABLE n (i INTEGER PRIMARY KEY)");
        connection.Execute("WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 20000) INSERT INTO n SELECT i FROM c");

        Assert.Equal(2, seen.Count);
        Assert.True(seen[0].SchemaChanged);
        Assert.Empty(seen[0].Tables);
        SharpCoreDBTableChange bulk = Assert.Single(seen[1].Tables);
        Assert.Equal("n", bulk.Table);
        Assert.Null(bulk.RowIds);
    }

    [Fact]
    public void NoEventsAfterTheHandlerIsRemovedOrTheConnectionCloses()
    {
        using var db = new TestDatabase();
        using SharpCoreDBConnection writer = db.Open();
        writer.Execute("CREATE TABLE t (x INTEGER)");
        int count = 0;
        void Handler(object? sender, SharpCoreDBChangesEventArgs e) => count++;

        var watcher = new SharpCoreDBConnection(db.ConnectionString);
        watcher.DatabaseChanged += Handler;
        writer.Execute("INSERT INTO t VALUES (1)");
        Assert.Equal(0, count);

        watcher.Open();
        writer.Execute("INSERT INTO t VALUES (2)");
        Assert.Equal(1, count);

        watcher.DatabaseChanged -= Handler;
        writer.Execute("INSERT INTO t VALUES (3)");
        Assert.Equal(1, count);

        watcher.DatabaseChanged += Handler;
        watcher.Close();
        writer.Execute("INSERT INTO t VALUES (4)");
        Assert.Equal(1, count);

        watcher.Open();
        writer.Execute("INSERT INTO t VALUES (5)");
        Assert.Equal(2, count);
        watcher.Dispose();
    }

    // "table: rowid, rowid" per table, tables in name order.
    private static List<string> Describe(SharpCoreDBChangesEventArgs e) =>
        [.. e.Tables.OrderBy(t => t.Table, StringComparer.Ordinal).Select(t => $"{t.Table}: {string.Join(", ", t.RowIds!)}")];
}
