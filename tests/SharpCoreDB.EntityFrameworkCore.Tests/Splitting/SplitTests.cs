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
using SharpCoreDB.EntityFrameworkCore.Tests.Shop;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Splitting;

[Trait("Category", "Slow")]
public sealed class SplitTests : IDisposable
{
    private readonly TwinDatabases<SplitContext> _databases = new("scdb-efsplit-", "split", options => new SplitContext(options), SplitSeed.Fill);

    public static TheoryData<string> QueryNames => [.. SplitQueries.All().Select(q => q.Name)];

    public void Dispose() => _databases.Dispose();

    [Fact]
    public void EnsureCreatedBuildsTheSameTablesAsTheSqliteProvider()
    {
        using SplitContext sqlite = _databases.Sqlite();
        using SplitContext ours = _databases.Ours();
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
        string path = _databases.File("migrated.scdb");
        using var migrated = new SplitContext(new DbContextOptionsBuilder<SplitContext>().UseSharpCoreDB($"Data Source={path}").Options);
        IMigrationsModelDiffer differ = migrated.GetService<IMigrationsModelDiffer>();
        IMigrationsSqlGenerator generator = migrated.GetService<IMigrationsSqlGenerator>();
        IModel model = migrated.GetService<IDesignTimeModel>().Model;
        IReadOnlyList<MigrationCommand> commands = generator.Generate(differ.GetDifferences(null, model.GetRelationalModel()), model);
        migrated.Database.OpenConnection();
        migrated.GetService<IMigrationCommandExecutor>().ExecuteNonQuery(commands, migrated.GetService<IRelationalConnection>());

        using SplitContext created = _databases.Ours();
        const string Schema = "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite%' ORDER BY name";
        Assert.Equal(TestSql.Rows(created, Schema), TestSql.Rows(migrated, Schema));
        SplitSeed.Fill(migrated);
        Assert.Equal(Snapshot(_databases.Ours), Snapshot(() => migrated));
    }

    [Theory]
    [MemberData(nameof(QueryNames))]
    public void SameResultAsTheSqliteProvider(string name)
    {
        _databases.AssertSameResult(SplitQueries.All().Single(q => q.Name == name).Run);
    }

    [Fact]
    public void SaveChangesLeaveTheSameDataAsTheSqliteProvider()
    {
        string after = _databases.AssertEachStepLeavesBothEqual(SplitScript.Steps(), Snapshot, saveChanges: true);
        Assert.Contains("\"Carrier\":\"Bring\"", after, StringComparison.Ordinal);
        Assert.Contains("replaced detail", after, StringComparison.Ordinal);
        Assert.Contains("47 999", after, StringComparison.Ordinal);

        // Every order is still one row, the removed shipping's columns NULL again, and no contact row without its customer.
        using SplitContext ours = _databases.Ours();
        using SplitContext sqlite = _databases.Sqlite();
        const string Rows = "SELECT Id, Number, Priority, Gift, ShippingCarrier FROM Orders ORDER BY Id";
        Assert.Equal(TestSql.Rows(sqlite, Rows), TestSql.Rows(ours, Rows));
        Assert.Equal(0, TestSql.Scalar(ours, "SELECT COUNT(*) FROM CustomerContacts WHERE CustomerId NOT IN (SELECT Id FROM Customers)"));
        Assert.Equal(TestSql.Scalar(ours, "SELECT COUNT(*) FROM Customers"), TestSql.Scalar(ours, "SELECT COUNT(*) FROM CustomerContacts"));
    }

    [Fact]
    public void AnOrderWithoutItsRequiredDetailIsRefusedOnBoth()
    {
        // EF Core sends the row without the detail's columns; their NOT NULL constraint refuses it on both.
        foreach (Func<SplitContext> open in new[] { _databases.Sqlite, _databases.Ours })
        {
            using SplitContext context = open();
            context.Orders.Add(new SplitOrder { Number = "no detail", CustomerId = 1 });
            Assert.Throws<DbUpdateException>(() => context.SaveChanges());
        }

        using SplitContext check = _databases.Ours();
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
}
