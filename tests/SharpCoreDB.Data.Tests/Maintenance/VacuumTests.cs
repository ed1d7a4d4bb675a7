// VACUUM rewrites the database into the fewest pages and gives the rest back to the
// file system, keeping everything a user relies on: every row of tables with several
// column types and realistic text, indexes (partial and on expressions too), views,
// triggers, AUTOINCREMENT counters and user_version, read back the same before and
// after, after a reopen, encrypted as before. It runs in autocommit only, while a
// reader keeps its snapshot (the file is cut once the reader is gone). VACUUM INTO
// makes a compacted copy that opens on its own (same password by default, another or
// none through the connection), never overwrites a file, and needs no writer lock.
using SharpCoreDB.Data.Tests.EndToEnd;
using SharpCoreDB.TestSupport.Sqlite;

namespace SharpCoreDB.Data.Tests.Maintenance;

public sealed class VacuumTests
{
    internal const string Everything = """
        SELECT 'order', id, customer, placed, total, note, hex(payload) FROM orders
        UNION ALL SELECT 'line', id, order_id, sku, qty, price, NULL FROM lines
        UNION ALL SELECT 'view', * , NULL, NULL, NULL, NULL FROM big_orders
        UNION ALL SELECT 'audit', n, what, NULL, NULL, NULL, NULL FROM audit
        UNION ALL SELECT 'schema', type, name, tbl_name, sql, NULL, NULL FROM sqlite_master
        ORDER BY 1, 2, 3, 4
        """;

    [Fact]
    public void VacuumShrinksTheFileAndKeepsEverything()
    {
        using var database = new TestDatabase();
        List<string> before;
        long grown;
        using (SharpCoreDBConnection connection = database.Open())
        {
            Fill(connection);
            before = Rows(connection, Everything);
            connection.Checkpoint();
            grown = new FileInfo(database.Path).Length;
            SharpCoreDBStatistics filled = connection.GetStatistics();
            Assert.True(filled.FreePageCount * 2 > filled.PageCount, $"the deletes should have freed pages: {filled}");

            Statements.Run(connection, "VACUUM");

            SharpCoreDBStatistics statistics = connection.GetStatistics();
            Assert.Equal(0, statistics.FreePageCount);
            Assert.Equal(statistics.PageCount * statistics.PageSize, new FileInfo(database.Path).Length);
            Assert.True(new FileInfo(database.Path).Length * 2 < grown, $"{new FileInfo(database.Path).Length} bytes after VACUUM, {grown} before");
            Assert.Equal(before, Rows(connection, Everything));
            Assert.Equal("ok", Statements.Scalar(connection, "PRAGMA integrity_check"));
            Assert.Contains("USING INDEX orders_open", (string)Statements.Scalar(connection, "EXPLAIN QUERY PLAN SELECT * FROM orders WHERE placed > '2026-06' AND total > 0")!,
                StringComparison.Ordinal);
        }

        using (SharpCoreDBConnection connection = database.Reopen())
        {
            Assert.Equal(before, Rows(connection, Everything));
            Assert.Equal("ok", Statements.Scalar(connection, "PRAGMA integrity_check"));
            Assert.Equal(42L, Statements.Scalar(connection, "PRAGMA user_version"));

            // The AUTOINCREMENT counter survived (the highest id was deleted), and the trigger still fires.
            Statements.Run(connection, "INSERT INTO orders (customer, placed, total) VALUES ('Zoë Ångström', '2026-12-01', 5)");
            Assert.Equal(2001L, Statements.Scalar(connection, "SELECT max(id) FROM orders"));
            Assert.Equal(1L, Statements.Scalar(connection, "SELECT count(*) FROM audit WHERE what = 'order 2001'"));
        }
    }

    [Fact]
    public void AnEncryptedDatabaseStaysEncrypted()
    {
        using var database = new TestDatabase(password: "correct horse");
        List<string> before;
        using (SharpCoreDBConnection connection = database.Open())
        {
            Fill(connection);
            before = Rows(connection, Everything);
            Statements.Run(connection, "VACUUM");
            Assert.True(connection.GetStatistics().IsEncrypted);
        }

        SharpCoreDBConnection.ClearAllPools();
        byte[] file = File.ReadAllBytes(database.Path);
        Assert.Equal(-1, file.AsSpan().IndexOf("Ångström"u8));
        Assert.Equal(-1, file.AsSpan().IndexOf("CREATE TABLE"u8));
        using (SharpCoreDBConnection connection = database.Open())
        {
            Assert.Equal(before, Rows(connection, Everything));
        }

        SharpCoreDBConnection.ClearAllPools();
        using var wrong = new SharpCoreDBConnection($"Data Source={database.Path};Password=wrong");
        Assert.Throws<SharpCoreDBException>(wrong.Open);
    }

    [Fact]
    public void VacuumRunsOnlyOutsideATransactionAndOnMain()
    {
        using SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        Fill(connection);
        List<string> before = Rows(connection, Everything);
        using (SharpCoreDBTransaction tx = connection.BeginTransaction())
        {
            var error = Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "VACUUM"));
            Assert.Equal("cannot VACUUM from within a transaction", error.Message);
            tx.Rollback();
        }

        Assert.Equal("unknown database other", Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "VACUUM other")).Message);
        Statements.Run(connection, "VACUUM main");
        Assert.Equal(before, Rows(connection, Everything));
        Assert.Equal(0, connection.GetStatistics().FreePageCount);
    }

    [Fact]
    public void AReaderKeepsItsSnapshotAndTheFileIsCutOnceItIsGone()
    {
        using var database = new TestDatabase();
        using SharpCoreDBConnection writer = database.Open();
        using SharpCoreDBConnection reader = database.Open();
        Fill(writer);
        writer.Checkpoint();
        long grown = new FileInfo(database.Path).Length;
        List<string> expected = Rows(writer, "SELECT id, customer, note FROM orders ORDER BY id");

        using (var command = new SharpCoreDBCommand("SELECT id, customer, note FROM orders ORDER BY id", reader))
        using (SharpCoreDBDataReader rows = command.ExecuteReader())
        {
            // The open reader holds its snapshot: VACUUM and a later delete do not change what it reads, and the file
            // keeps its length until it is done.
            var seen = new List<string>();
            Assert.True(rows.Read());
            seen.Add(Row(rows));

            Statements.Run(writer, "VACUUM");
            Statements.Run(writer, "DELETE FROM orders WHERE id < 100");
            writer.Checkpoint();
            Assert.Equal(grown, new FileInfo(database.Path).Length);

            while (rows.Read())
            {
                seen.Add(Row(rows));
            }

            Assert.Equal(expected, seen);
        }

        writer.Checkpoint();
        Assert.True(new FileInfo(database.Path).Length * 2 < grown);
        Assert.Equal("ok", Statements.Scalar(writer, "PRAGMA integrity_check"));
    }

    // Orders with several column types and realistic text, lines referring to them, a partial index and one on an
    // expression, a view, a trigger, AUTOINCREMENT and user_version; then four fifths of the rows deleted.
    internal static void Fill(SharpCoreDBConnection connection)
    {
        Statements.Run(connection, """
            CREATE TABLE orders (id INTEGER PRIMARY KEY AUTOINCREMENT, customer TEXT NOT NULL, placed TEXT, total REAL, note TEXT, payload BLOB);
            CREATE TABLE lines (id INTEGER PRIMARY KEY, order_id INTEGER REFERENCES orders ON DELETE CASCADE, sku TEXT, qty INTEGER, price NUMERIC);
            CREATE INDEX orders_open ON orders (placed) WHERE total > 0;
            CREATE INDEX orders_customer ON orders (lower(customer));
            CREATE INDEX lines_order ON lines (order_id);
            CREATE VIEW big_orders AS SELECT id, customer FROM orders WHERE total > 900;
            CREATE TABLE audit (n INTEGER PRIMARY KEY, what TEXT);
            CREATE TRIGGER order_in AFTER INSERT ON orders BEGIN INSERT INTO audit (what) VALUES ('order ' || new.id); END;
            PRAGMA user_version = 42
            """);
        Statements.Run(connection, """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
            INSERT INTO orders (customer, placed, total, note, payload)
            SELECT 'Customer ' || i || ' Ångström-' || (i % 97), '2026-' || substr('0' || (1 + i % 12), -2) || '-' || substr('0' || (1 + i % 28), -2),
                   (i * 37 % 1000) - 50 + 0.25, CASE WHEN i % 3 = 0 THEN NULL ELSE substr('Leave at the back door; ring twice. Fragile items inside, handle with care. ', 1, 20 + i % 60) END,
                   CASE i % 4 WHEN 0 THEN NULL WHEN 1 THEN x'00FF10' ELSE CAST('blob-' || i AS BLOB) END
            FROM n
            """);
        Statements.Run(connection, """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 6000)
            INSERT INTO lines (order_id, sku, qty, price) SELECT 1 + i % 2000, 'SKU-' || (i * 7919 % 100000), 1 + i % 9, (i % 500) / 4.0 FROM n
            """);
        Statements.Run(connection, "PRAGMA foreign_keys = ON; DELETE FROM orders WHERE id % 5 <> 0 OR id = 2000; DELETE FROM audit WHERE n % 2 = 0");
    }

    internal static List<string> Rows(SharpCoreDBConnection connection, string sql) => SqliteReference.Rows(connection, sql, RowText.Exact, out _);

    private static string Row(SharpCoreDBDataReader rows) =>
        string.Join(",", Enumerable.Range(0, rows.FieldCount).Select(i => rows.IsDBNull(i) ? "NULL" : Convert.ToString(rows.GetValue(i), System.Globalization.CultureInfo.InvariantCulture)));
}
