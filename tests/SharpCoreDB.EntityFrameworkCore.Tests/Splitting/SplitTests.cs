// Table splitting (Order, OrderDetail and an optional OrderShipping in one table) and
// entity splitting (Customer over Customers and CustomerContacts) against EF Core's SQLite
// provider: EnsureCreated and the migration SQL build the same tables, columns,
// nullability, keys and foreign keys on both; queries (Include, projections, filters and
// ordering on either side, the optional dependent present or absent) give equal results;
// a SaveChanges script (graphs added, one side changed alone, an optional dependent added
// to and removed from an existing row, a required dependent replaced, rows deleted) leaves
// equal data after every step, and ours the same after its file is reopened.
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Metadata;
using Microsoft.EntityFrameworkCore.Migrations;
using Microsoft.EntityFrameworkCore.Storage;
using SharpCoreDB.Data;
using SharpCoreDB.EntityFrameworkCore.Tests.Shop;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Splitting;

public sealed class SplitTests : IDisposable
{
    private readonly TempDirectory _directory = new("scdb-efsplit-");

    public SplitTests()
    {
        foreach (Func<SplitContext> open in new[] { Sqlite, Ours })
        {
            using SplitContext context = open();
            context.Database.EnsureCreated();
            SplitSeed.Fill(context);
        }
    }

    public static TheoryData<string> QueryNames => [.. SplitQueries.All().Select(q => q.Name)];

    public void Dispose()
    {
        Microsoft.Data.Sqlite.SqliteConnection.ClearAllPools();
        SharpCoreDBConnection.ClearAllPools();
        _directory.Dispose();
    }

    [Fact]
    public void EnsureCreatedBuildsTheSameTablesAsTheSqliteProvider()
    {
        using SplitContext sqlite = Sqlite();
        using SplitContext ours = Ours();
        const string Tables = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%' ORDER BY name";
        Assert.Equal("CustomerContacts;Customers;Orders", TestSql.Rows(ours, Tables));
        Assert.Equal(TestSql.Rows(sqlite, Tables), TestSql.Rows(ours, Tables));
        foreach (string table in new[] { "Orders", "Customers", "CustomerContacts" })
        {
            Assert.Equal(Columns(sqlite, table), Columns(ours, table));
        }

        // One row per order, the optional shipping's columns nullable, its carrier named by the model.
        Assert.Contains("ShippingCarrier|0|0", Columns(ours, "Orders"), StringComparison.Ordinal);
        Assert.Contains("Priority|1|0", Columns(ours, "Orders"), StringComparison.Ordinal);
        Assert.Equal(8, TestSql.Scalar(ours, "SELECT COUNT(*) FROM Orders"));
        Assert.Equal(3, TestSql.Scalar(ours, "SELECT COUNT(*) FROM Orders WHERE ShippingCarrier IS NULL"));
        Assert.Equal(5, TestSql.Scalar(ours, "SELECT COUNT(*) FROM CustomerContacts c JOIN Customers u ON u.Id = c.CustomerId"));

        // The contacts' key is also a foreign key to Customers, cascading: a customer deleted in SQL takes its contacts along.
        TestSql.Run(ours, "DELETE FROM Customers WHERE Id = 5");
        Assert.Equal(4, TestSql.Scalar(ours, "SELECT COUNT(*) FROM CustomerContacts"));
    }

    [Fact]
    public void TheMigrationSqlBuildsTheSameSchemaAsEnsureCreated()
    {
        string path = _directory.File("migrated.scdb");
        using var migrated = new SplitContext(new DbContextOptionsBuilder<SplitContext>().UseSharpCoreDB($"Data Source={path}").Options);
        IMigrationsModelDiffer differ = migrated.GetService<IMigrationsModelDiffer>();
        IMigrationsSqlGenerator generator = migrated.GetService<IMigrationsSqlGenerator>();
        IModel model = migrated.GetService<IDesignTimeModel>().Model;
        IReadOnlyList<MigrationCommand> commands = generator.Generate(differ.GetDifferences(null, model.GetRelationalModel()), model);
        migrated.Database.OpenConnection();
        migrated.GetService<IMigrationCommandExecutor>().ExecuteNonQuery(commands, migrated.GetService<IRelationalConnection>());

        using SplitContext created = Ours();
        const string Schema = "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite%' ORDER BY name";
        Assert.Equal(TestSql.Rows(created, Schema), TestSql.Rows(migrated, Schema));
        SplitSeed.Fill(migrated);
        Assert.Equal(Snapshot(Ours), Snapshot(() => migrated));
    }

    [Theory]
    [MemberData(nameof(QueryNames))]
    public void SameResultAsTheSqliteProvider(string name)
    {
        Func<SplitContext, object?> run = SplitQueries.All().Single(q => q.Name == name).Run;
        string ours;
        using (SplitContext context = Ours())
        {
            ours = CanonicalJson.Of(run(context));
        }

        using SplitContext reference = Sqlite();
        Assert.Equal(CanonicalJson.Of(run(reference)), ours);
    }

    [Fact]
    public void SaveChangesLeaveTheSameDataAsTheSqliteProvider()
    {
        foreach ((string step, Action<SplitContext> change) in SplitScript.Steps())
        {
            foreach (Func<SplitContext> open in new[] { Sqlite, Ours })
            {
                using SplitContext context = open();
                change(context);
                context.SaveChanges();
            }

            Assert.True(Snapshot(Sqlite) == Snapshot(Ours), $"after '{step}':\n{Snapshot(Sqlite)}\n{Snapshot(Ours)}");
        }

        string before = Snapshot(Ours);
        Assert.Contains("\"Carrier\":\"Bring\"", before, StringComparison.Ordinal);
        Assert.Contains("replaced detail", before, StringComparison.Ordinal);
        Assert.Contains("47 999", before, StringComparison.Ordinal);
        SharpCoreDBConnection.ClearAllPools();
        Assert.Equal(before, Snapshot(Ours));

        // Every order is still one row, the removed shipping's columns NULL again, and no contact row without its customer.
        using SplitContext ours = Ours();
        using SplitContext sqlite = Sqlite();
        const string Rows = "SELECT Id, Number, Priority, Gift, ShippingCarrier FROM Orders ORDER BY Id";
        Assert.Equal(TestSql.Rows(sqlite, Rows), TestSql.Rows(ours, Rows));
        Assert.Equal(0, TestSql.Scalar(ours, "SELECT COUNT(*) FROM CustomerContacts WHERE CustomerId NOT IN (SELECT Id FROM Customers)"));
        Assert.Equal(TestSql.Scalar(ours, "SELECT COUNT(*) FROM Customers"), TestSql.Scalar(ours, "SELECT COUNT(*) FROM CustomerContacts"));
    }

    [Fact]
    public void AnOrderWithoutItsRequiredDetailIsRefusedOnBoth()
    {
        // EF Core sends the row without the detail's columns; their NOT NULL constraint refuses it on both.
        foreach (Func<SplitContext> open in new[] { Sqlite, Ours })
        {
            using SplitContext context = open();
            context.Orders.Add(new SplitOrder { Number = "no detail", CustomerId = 1 });
            Assert.Throws<DbUpdateException>(() => context.SaveChanges());
        }

        using SplitContext check = Ours();
        Assert.Equal(0, check.Orders.Count(o => o.Number == "no detail"));
    }

    // A table's columns as "name|notnull|pk" in name order (PRAGMA table_info's columns 1, 3 and 5).
    private static string Columns(SplitContext context, string table) => string.Join(";", TestSql.Rows(context, $"PRAGMA table_info('{table}')")
        .Split(';').Select(row => row.Split('|')).Select(c => $"{c[1]}|{c[3]}|{c[5]}").Order(StringComparer.Ordinal));

    internal static string Snapshot(Func<SplitContext> open)
    {
        using SplitContext context = open();
        return CanonicalJson.Of(new
        {
            Customers = context.Customers.AsNoTracking().OrderBy(c => c.Id).ToList(),
            Orders = context.Orders.AsNoTracking().Include(o => o.Detail).Include(o => o.Shipping).OrderBy(o => o.Id).ToList(),
            Details = context.Details.AsNoTracking().OrderBy(d => d.Id).ToList(),
            Shippings = context.Shippings.AsNoTracking().OrderBy(s => s.Id).ToList(),
        });
    }

    private SplitContext Sqlite() => new(new DbContextOptionsBuilder<SplitContext>().UseSqlite($"Data Source={_directory.File("split.db")}").Options);

    private SplitContext Ours() => new(new DbContextOptionsBuilder<SplitContext>().UseSharpCoreDB($"Data Source={_directory.File("split.scdb")}").Options);
}
