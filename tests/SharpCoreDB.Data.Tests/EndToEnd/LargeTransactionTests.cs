// Transactions larger than the page cache, through SQL: an import of many rows in one
// transaction, a CREATE INDEX over a large table, each on a database whose cache is a
// small fraction of the data. The transaction's private pages move out to its page
// file as it goes (the engine's memory stays within the cache budget) and its commit
// writes whole pages through the checkpoint journal, not the log. What a user relies
// on: the rows and indexes read back exactly (after a reopen too, integrity_check ok),
// failed statements and savepoints inside such a transaction undo exactly, a
// rollback leaves nothing, and another connection's reader keeps its snapshot.
using Dapper;

namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class LargeTransactionTests : IDisposable
{
    // A 256 KiB cache: a write transaction keeps 16 pages (128 KiB) of its own in memory.
    private const string SmallCache = ";Cache Size=256KB";
    private const int Rows = 12_000;
    private readonly TestDatabase _db = new(extra: SmallCache);

    public void Dispose() => _db.Dispose();

    [Fact]
    [Trait("Category", "Slow")]
    public void AnImportLargerThanTheCacheCommitsEveryRowAndIndexEntry()
    {
        using (var connection = _db.Open())
        {
            connection.Execute("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL UNIQUE, age INT, score REAL)");
            connection.Execute("CREATE INDEX users_age ON users (age)");
            using var tx = connection.BeginTransaction();
            int refused = 0;
            for (int id = 1; id <= Rows; id++)
            {
                // Every 500th row repeats an earlier email: the statement fails alone, the transaction goes on.
                string email = id % 500 == 0 ? Email(id - 1) : Email(id);
                try
                {
                    connection.Execute("INSERT INTO users VALUES (@id, @name, @email, @age, @score)", new { id, name = Name(id), email, age = id % 90, score = id * 0.25 }, tx);
                }
                catch (SharpCoreDBException e) when (e.ErrorCode == SharpCoreDBErrorCode.UniqueConstraint)
                {
                    refused++;
                }
            }

            Assert.Equal(Rows / 500, refused);

            // A savepoint inside the large transaction undoes its part exactly.
            tx.Save("late");
            connection.Execute("UPDATE users SET name = 'changed' WHERE id % 3 = 0", transaction: tx);
            connection.Execute("DELETE FROM users WHERE id > 11000", transaction: tx);
            tx.Rollback("late");
            tx.Commit();
            AssertImported(connection);
        }

        // Committed through the checkpoint journal: the log holds a record saying so, not the pages.
        long logBytes = Directory.GetFiles(Path.GetDirectoryName(_db.Path)!, "test.scdb-wal*").Sum(f => new FileInfo(f).Length);
        long dataBytes = new FileInfo(_db.Path).Length;
        Assert.True(dataBytes > 1_000_000 && logBytes < dataBytes / 2, $"log {logBytes} bytes for a {dataBytes}-byte database");

        using (var reopened = _db.Reopen())
        {
            AssertImported(reopened);
            Assert.Equal("ok", reopened.ExecuteScalar<string>("PRAGMA integrity_check"));
        }
    }

    [Fact]
    public void ALargeTransactionRolledBackLeavesNothingAndReadersKeepTheirSnapshot()
    {
        using var connection = _db.Open();
        connection.Execute("CREATE TABLE t (id INTEGER PRIMARY KEY, payload TEXT)");
        connection.Execute("INSERT INTO t VALUES (1, 'before')");
        using var reader = _db.Open();
        using (var readTx = reader.BeginTransaction(System.Data.IsolationLevel.Snapshot))
        {
            Assert.Equal(1L, reader.ExecuteScalar<long>("SELECT count(*) FROM t", transaction: readTx));
            foreach (bool commit in new[] { false, true })
            {
                using var tx = connection.BeginTransaction();
                for (int id = 2; id <= 4000; id++)
                {
                    connection.Execute("INSERT INTO t VALUES (@id, @payload)", new { id, payload = new string((char)('a' + (id % 26)), 200) }, tx);
                }

                if (commit)
                {
                    tx.Commit();
                }
                else
                {
                    tx.Rollback();
                    Assert.Equal(1L, connection.ExecuteScalar<long>("SELECT count(*) FROM t"));
                }
            }

            // The reader's snapshot predates both.
            Assert.Equal(1L, reader.ExecuteScalar<long>("SELECT count(*) FROM t", transaction: readTx));
            Assert.Equal("before", reader.ExecuteScalar<string>("SELECT payload FROM t WHERE id = 1", transaction: readTx));
        }

        Assert.Equal(4000L, reader.ExecuteScalar<long>("SELECT count(*) FROM t"));
        Assert.Equal("ok", connection.ExecuteScalar<string>("PRAGMA integrity_check"));
    }

    [Fact]
    public void ACreateIndexLargerThanTheCacheBuildsOrFailsWhole()
    {
        using (var connection = _db.Open())
        {
            connection.Execute("CREATE TABLE t (id INTEGER PRIMARY KEY, k TEXT, v TEXT)");
            using (var tx = connection.BeginTransaction())
            {
                for (int id = 1; id <= 8000; id++)
                {
                    connection.Execute("INSERT INTO t VALUES (@id, @k, @v)", new { id, k = $"key-{id * 7919 % 8000:00000}-{id}", v = Name(id) }, tx);
                }

                tx.Commit();
            }

            // One statement that writes far more index pages than the transaction may keep in memory.
            connection.Execute("CREATE INDEX t_k ON t (k)");
            Assert.Equal(8000L, connection.ExecuteScalar<long>("SELECT count(*) FROM t INDEXED BY t_k WHERE k >= ''"));

            // A unique index that fails on the last rows leaves no index and no change behind.
            connection.Execute("UPDATE t SET v = 'same' WHERE id > 7990");
            var error = Assert.Throws<SharpCoreDBException>(() => connection.Execute("CREATE UNIQUE INDEX t_v ON t (v)"));
            Assert.Equal(SharpCoreDBErrorCode.UniqueConstraint, error.ErrorCode);
            Assert.Equal(0L, connection.ExecuteScalar<long>("SELECT count(*) FROM sqlite_schema WHERE name = 't_v'"));
        }

        using var reopened = _db.Reopen();
        Assert.Equal("ok", reopened.ExecuteScalar<string>("PRAGMA integrity_check"));
        Assert.Equal(
            reopened.Query<long>("SELECT id FROM t ORDER BY k").ToList(),
            reopened.Query<long>("SELECT id FROM t NOT INDEXED ORDER BY k").ToList());
    }

    // The usual loop: read rows and write others in the same transaction, one statement per row. The writes move pages
    // out of memory (the reader's among them) and the arrays of those pages are reused by later statements; the
    // reader, which kept its place in pages it had read, must still return every row exactly once, with its values.
    [Fact]
    public void AReaderInterleavedWithWritesInALargeTransactionReadsEveryRow()
    {
        using var connection = _db.Open();
        connection.Execute("CREATE TABLE source (id INTEGER PRIMARY KEY, payload TEXT)");
        connection.Execute("CREATE TABLE target (id INTEGER PRIMARY KEY, source_id INTEGER, payload TEXT)");
        connection.Execute("CREATE INDEX target_source ON target (source_id)");
        using var tx = connection.BeginTransaction();
        for (int id = 1; id <= 3000; id++)
        {
            connection.Execute("INSERT INTO source VALUES (@id, @payload)", new { id, payload = Name(id) }, tx);
        }

        using var read = new SharpCoreDBCommand("SELECT id, payload FROM source ORDER BY id", connection, tx);
        using var insert = new SharpCoreDBCommand("INSERT INTO target (source_id, payload) VALUES (@s, @p)", connection, tx);
        var sourceId = new SharpCoreDBParameter("@s", null);
        var payload = new SharpCoreDBParameter("@p", null);
        insert.Parameters.Add(sourceId);
        insert.Parameters.Add(payload);
        int expected = 1;
        using (var reader = read.ExecuteReader())
        {
            while (reader.Read())
            {
                Assert.Equal(expected, reader.GetInt64(0));
                Assert.Equal(Name(expected), reader.GetString(1));
                for (int copy = 0; copy < 3; copy++)
                {
                    sourceId.Value = expected;
                    payload.Value = Name(expected) + new string('x', 300);
                    insert.ExecuteNonQuery();
                }

                expected++;
            }
        }

        Assert.Equal(3001, expected);
        tx.Commit();
        Assert.Equal(9000L, connection.ExecuteScalar<long>("SELECT count(*) FROM target"));
        Assert.Equal(0L, connection.ExecuteScalar<long>("SELECT count(*) FROM target t JOIN source s ON s.id = t.source_id WHERE t.payload NOT LIKE s.payload || '%'"));
        Assert.Equal("ok", connection.ExecuteScalar<string>("PRAGMA integrity_check"));
    }

    private static void AssertImported(SharpCoreDBConnection connection)
    {
        var expected = Enumerable.Range(1, Rows).Where(id => id % 500 != 0).ToList();
        Assert.Equal(expected.Count, connection.ExecuteScalar<long>("SELECT count(*) FROM users"));
        Assert.Equal(expected.Sum(id => (long)(id % 90)), connection.ExecuteScalar<long>("SELECT sum(age) FROM users"));
        Assert.Equal(0L, connection.ExecuteScalar<long>("SELECT count(*) FROM users WHERE name = 'changed'"));
        Assert.Equal(Name(7777), connection.ExecuteScalar<string>("SELECT name FROM users WHERE email = @email", new { email = Email(7777) }));
        Assert.Equal(expected.Count(id => id % 90 == 42), connection.ExecuteScalar<long>("SELECT count(*) FROM users INDEXED BY users_age WHERE age = 42"));
    }

    private static string Name(int id) => $"User {id:00000000} Name with some length";

    private static string Email(int id) => $"user{id * 2654435761L % 100_000_000:00000000}.{id}@example.com";
}
