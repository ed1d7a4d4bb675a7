// A scripted sequence of writes runs through SaveChanges (and ExecuteUpdate/Delete,
// transactions, a concurrency conflict) on EF Core's SQLite provider and on ours; after
// every step the whole database, read back through a fresh context, must be equal on
// both, and ours must read back the same after its file is closed and opened again.
using Microsoft.EntityFrameworkCore;
using SharpCoreDB.EntityFrameworkCore.Tests.Shop;

namespace SharpCoreDB.EntityFrameworkCore.Tests;

[Trait("Category", "Slow")]
public sealed class SaveChangesDifferentialTests
{
    private static readonly (string Name, Action<ShopContext> Step)[] Steps =
    [
        ("insert a graph", db =>
        {
            var customer = new Customer { Name = "New Customer", City = "Oslo", Email = "new@example.test", CreditLimit = 99.99m, JoinedAt = new DateTime(2026, 1, 2, 3, 4, 5, 600), ExternalId = Guid.Parse("0f8fad5b-d9cb-469f-a165-70867728950e"), Address = new Address { Street = "1 New Street" } };
            Product product = db.Products.OrderBy(p => p.Id).First();
            customer.Orders.Add(new Order { OrderedAt = new DateTime(2026, 2, 3), Total = 12.34m, Status = OrderStatus.Pending, Version = 1, Lines = { new OrderLine { Product = product, Quantity = 2, UnitPrice = 6.17m } } });
            db.Customers.Add(customer);
            db.SaveChanges();
        }),
        ("update scalars and owned", db =>
        {
            foreach (Customer customer in db.Customers.Where(c => c.Id % 4 == 1).ToList())
            {
                customer.Name += " (updated)";
                customer.IsVip = !customer.IsVip;
                customer.City = null;
                customer.CreditLimit += 0.01m;
                customer.Address.PostCode = "0000";
                customer.LastSeen = new DateTimeOffset(2026, 3, 4, 5, 6, 7, TimeSpan.FromHours(2));
            }

            db.SaveChanges();
        }),
        ("delete with cascade", db =>
        {
            db.Customers.Remove(db.Customers.Include(c => c.Orders).ThenInclude(o => o.Lines).Single(c => c.Id == 2));
            db.OrderLines.Remove(db.OrderLines.OrderBy(l => l.Id).Skip(3).First());
            db.SaveChanges();
        }),
        ("many to many links", db =>
        {
            Product product = db.Products.Include(p => p.Tags).OrderBy(p => p.Id).Skip(1).First();
            product.Tags.Clear();
            product.Tags.AddRange(db.Tags.Where(t => t.Id <= 3));
            db.SaveChanges();
        }),
        ("execute update and delete", db =>
        {
            db.Products.Where(p => p.Category == "Books").ExecuteUpdate(s => s.SetProperty(p => p.Price, p => p.Price * 1.1m).SetProperty(p => p.Stock, p => p.Stock + 1));
            db.OrderLines.Where(l => l.Quantity == 1).ExecuteDelete();
        }),
        ("rolled back transaction", db =>
        {
            using var transaction = db.Database.BeginTransaction();
            db.Customers.Single(c => c.Id == 3).Name = "never";
            db.SaveChanges();
            transaction.Rollback();
        }),
        ("savepoints", db =>
        {
            using var transaction = db.Database.BeginTransaction();
            db.Tags.Add(new Tag { Label = "kept" });
            db.SaveChanges();
            transaction.CreateSavepoint("before");
            db.Tags.Add(new Tag { Label = "undone" });
            db.SaveChanges();
            transaction.RollbackToSavepoint("before");
            transaction.Commit();
        }),
    ];

    [Fact]
    public void EveryStepLeavesBothDatabasesEqual()
    {
        using var databases = new ShopDatabases();
        string after = databases.AssertEachStepLeavesBothEqual(Steps, Dump, saveChanges: false);
        Assert.Contains("New Customer", after, StringComparison.Ordinal);
        Assert.Contains("(updated)", after, StringComparison.Ordinal);
        Assert.Contains("\"kept\"", after, StringComparison.Ordinal);
        Assert.DoesNotContain("undone", after, StringComparison.Ordinal);
        Assert.DoesNotContain("never", after, StringComparison.Ordinal);
    }

    [Fact]
    public void AConcurrentChangeIsReportedAsAConcurrencyException()
    {
        using var databases = new ShopDatabases();
        foreach (Func<ShopContext> open in new[] { databases.Sqlite, databases.Ours })
        {
            using ShopContext first = open();
            using ShopContext second = open();
            Order mine = first.Orders.OrderBy(o => o.Id).First();
            Order theirs = second.Orders.OrderBy(o => o.Id).First();
            theirs.Version++;
            theirs.Notes = "theirs";
            second.SaveChanges();

            mine.Version++;
            mine.Notes = "mine";
            DbUpdateConcurrencyException conflict = Assert.Throws<DbUpdateConcurrencyException>(() => first.SaveChanges());
            Assert.Same(mine, conflict.Entries.Single().Entity);

            using ShopContext check = open();
            Assert.Equal("theirs", check.Orders.OrderBy(o => o.Id).First().Notes);
        }
    }

    [Fact]
    public void AFailedSaveChangesLeavesTheDatabaseAsItWas()
    {
        using var databases = new ShopDatabases();
        string before = Dump(databases.Ours);
        using (ShopContext context = databases.Ours())
        {
            context.Tags.Add(new Tag { Label = "first of the batch" });
            string email = context.Customers.Where(c => c.Email != null).OrderBy(c => c.Id).Select(c => c.Email).First()!;
            context.Customers.Add(new Customer { Name = "duplicate", Email = email, Address = new Address { Street = "x" } });
            Assert.Throws<DbUpdateException>(() => context.SaveChanges());
        }

        Assert.Equal(before, Dump(databases.Ours));
    }

    // Every table through a fresh, non-tracking context, in key order.
    private static string Dump(Func<ShopContext> open)
    {
        using ShopContext db = open();
        return CanonicalJson.Of(new
        {
            Customers = db.Customers.AsNoTracking().OrderBy(c => c.Id).ToList(),
            Orders = db.Orders.AsNoTracking().OrderBy(o => o.Id).ToList(),
            Lines = db.OrderLines.AsNoTracking().OrderBy(l => l.Id).ToList(),
            Products = db.Products.AsNoTracking().OrderBy(p => p.Id).Select(p => new { Product = p, Tags = p.Tags.OrderBy(t => t.Id).Select(t => t.Id).ToList() }).ToList(),
            Tags = db.Tags.AsNoTracking().OrderBy(t => t.Id).ToList(),
        });
    }
}
