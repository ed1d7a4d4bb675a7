// EnsureDeleted on an in-memory database, which has no file to delete: it must leave the
// database as a new one is (no table, index, view or trigger, user_version 0), for the
// context's connection and for every other connection sharing the database, with foreign
// keys still enforced afterwards (ANALYZE's sqlite_stat1 may stay, empty); EnsureCreated then
// builds the model again. Inside a transaction it is refused and drops nothing.
using Microsoft.EntityFrameworkCore;
using SharpCoreDB.Data;
using SharpCoreDB.EntityFrameworkCore.Tests.Shop;

namespace SharpCoreDB.EntityFrameworkCore.Tests;

public sealed class InMemoryDeleteTests
{
    [Fact]
    public void EnsureDeletedEmptiesAPrivateInMemoryDatabase()
    {
        using var connection = new SharpCoreDBConnection("Data Source=:memory:");
        connection.Open();
        var options = new DbContextOptionsBuilder<ShopContext>().UseSharpCoreDB(connection).Options;
        using (var context = new ShopContext(options))
        {
            Assert.True(context.Database.EnsureCreated());
            ShopSeed.Fill(context);
        }

        TestSql.Run(connection, """
            CREATE VIEW "CustomerCities" AS SELECT "City", count(*) AS "Customers" FROM "Customers" GROUP BY "City";
            CREATE TRIGGER "OrdersAudit" AFTER DELETE ON "Orders" BEGIN DELETE FROM "Tags" WHERE "Id" < 0; END;
            PRAGMA user_version = 7;
            """);
        TestSql.Run(connection, "ANALYZE");
        Assert.True(TestSql.Scalar(connection, "SELECT count(*) FROM sqlite_stat1") > 0);
        Assert.True(TestSql.Scalar(connection, "SELECT count(*) FROM sqlite_master WHERE type = 'index'") > 0);

        using (var context = new ShopContext(options))
        {
            Assert.True(context.Database.EnsureDeleted());
        }

        // ANALYZE's statistics table is all that may remain, and it is empty.
        Assert.Equal(0, TestSql.Scalar(connection, "SELECT count(*) FROM sqlite_master WHERE name <> 'sqlite_stat1'"));
        Assert.Equal(0, TestSql.Scalar(connection, "SELECT count(*) FROM sqlite_stat1"));
        Assert.Equal(0, TestSql.Scalar(connection, "PRAGMA user_version"));
        Assert.Equal(1, TestSql.Scalar(connection, "PRAGMA foreign_keys"));
        Assert.Equal(System.Data.ConnectionState.Open, connection.State);

        // A new model on the emptied database, with its foreign keys enforced.
        using (var context = new ShopContext(options))
        {
            Assert.True(context.Database.EnsureCreated());
            context.Tags.Add(new Tag { Label = "again" });
            context.SaveChanges();
            Assert.Equal("again", context.Tags.Single().Label);
        }

        SharpCoreDBException orphan = Assert.Throws<SharpCoreDBException>(() => TestSql.Run(connection, """INSERT INTO "Orders" ("CustomerId", "OrderedAt", "Total", "Status", "DeliveryWindow", "Version") VALUES (99, '2026-01-01', 1, 'Pending', 0, 0)"""));
        Assert.Equal(SharpCoreDBErrorCode.ForeignKeyConstraint, orphan.ErrorCode);
    }

    [Fact]
    public void EnsureDeletedEmptiesASharedInMemoryDatabaseForEveryConnection()
    {
        const string ConnectionString = "Data Source=ensure-deleted-shared;Mode=Memory";
        using var keeper = new SharpCoreDBConnection(ConnectionString);
        keeper.Open();
        var options = new DbContextOptionsBuilder<ShopContext>().UseSharpCoreDB(ConnectionString).Options;
        using (var context = new ShopContext(options))
        {
            context.Database.EnsureCreated();
            context.Tags.Add(new Tag { Label = "shared" });
            context.SaveChanges();
        }

        Assert.Equal(1, TestSql.Scalar(keeper, "SELECT count(*) FROM \"Tags\""));
        using (var context = new ShopContext(options))
        {
            Assert.True(context.Database.EnsureDeleted());
        }

        Assert.Equal(0, TestSql.Scalar(keeper, "SELECT count(*) FROM sqlite_master"));
    }

    [Fact]
    public void EnsureDeletedInsideATransactionIsRefusedAndDropsNothing()
    {
        using var connection = new SharpCoreDBConnection("Data Source=:memory:");
        connection.Open();
        var options = new DbContextOptionsBuilder<ShopContext>().UseSharpCoreDB(connection).Options;
        using var context = new ShopContext(options);
        context.Database.EnsureCreated();
        long objects = TestSql.Scalar(connection, "SELECT count(*) FROM sqlite_master");
        using (context.Database.BeginTransaction())
        {
            InvalidOperationException error = Assert.Throws<InvalidOperationException>(() => context.Database.EnsureDeleted());
            Assert.Contains("transaction", error.Message, StringComparison.Ordinal);
        }

        Assert.Equal(objects, TestSql.Scalar(connection, "SELECT count(*) FROM sqlite_master"));
    }
}
