// The rows both providers start from: five customers (one without a phone, one without
// orders) and eight orders, each with its detail, five of them with a shipping (one not
// yet shipped), added through SaveChanges so that keys are numbered by each database.
namespace SharpCoreDB.EntityFrameworkCore.Tests.Splitting;

internal static class SplitSeed
{
    public static void Fill(SplitContext db)
    {
        string[] cities = ["Oslo", "Bergen", "Lima", "Oslo", "Cairo"];
        var customers = Enumerable.Range(1, 5).Select(i => new SplitCustomer
        {
            Name = $"Customer {i}",
            City = i == 3 ? null : cities[i - 1],
            Born = new DateOnly(1970 + (i * 7), i, i * 3),
            Phone = i == 2 ? null : $"+4{i} 555 0{i}",
            Email = $"c{i}@example.{(i % 2 == 0 ? "no" : "test")}",
        }).ToList();
        db.Customers.AddRange(customers);
        for (int i = 1; i <= 8; i++)
        {
            var order = new SplitOrder
            {
                Number = $"N-{i:000}",
                PlacedAt = new DateTime(2026, 1, i, 9, i * 5, i, i * 10),
                Total = (i * 37.25m) % 250m,
                Customer = customers[i % 4],
                Detail = new OrderDetail { Comment = i % 3 == 0 ? null : $"note {i}", Priority = i % 3, Gift = i % 2 == 0 },
                Shipping = i % 8 >= 3 ? new OrderShipping { Carrier = i % 2 == 0 ? "DHL" : "Posten", ShippedAt = i == 5 ? null : new DateTime(2026, 2, i), Fee = i * 1.5m } : null,
            };
            db.Orders.Add(order);
        }

        db.SaveChanges();
    }
}
