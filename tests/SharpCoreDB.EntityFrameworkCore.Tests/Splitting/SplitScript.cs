// The SaveChanges steps SplitTests runs on both providers: a whole graph added, an order
// without its optional shipping, one side of a shared row changed alone (dependent only,
// principal only), an optional dependent added to and removed from an existing row, a
// required dependent replaced by a new instance, rows deleted with their dependents, and
// the entity split over two tables added, changed on either table and deleted.
using Microsoft.EntityFrameworkCore;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Splitting;

internal static class SplitScript
{
    public static IEnumerable<(string Step, Action<SplitContext> Change)> Steps()
    {
        yield return ("a graph over both splits", db => db.Customers.Add(new SplitCustomer
        {
            Name = "New",
            Born = new DateOnly(2000, 2, 29),
            Email = "new@example.no",
            Phone = "+47 999",
            Orders =
            {
                new SplitOrder { Number = "N-100", PlacedAt = new DateTime(2026, 5, 1), Total = 10.5m, Detail = new OrderDetail { Comment = "new", Priority = 2 }, Shipping = new OrderShipping { Carrier = "Bring", Fee = 0.99m } },
                new SplitOrder { Number = "N-101", PlacedAt = new DateTime(2026, 5, 2), Total = 0m, Detail = new OrderDetail { Gift = true } },
            },
        }));
        yield return ("the required dependent alone", db => db.Details.Single(d => d.Id == 2).Comment = "changed detail");
        yield return ("the principal alone", db => db.Orders.Single(o => o.Id == 3).Total += 1.25m);
        yield return ("the optional dependent alone", db => db.Shippings.Single(s => s.Id == 5).ShippedAt = new DateTime(2026, 3, 3, 3, 3, 3));
        yield return ("an optional dependent added to a row", db => db.Orders.Include(o => o.Shipping).Single(o => o.Number == "N-101").Shipping = new OrderShipping { Carrier = "Posten", Fee = 3m });
        yield return ("an optional dependent removed", db => db.Shippings.Remove(db.Shippings.Single(s => s.Id == 4)));
        yield return ("a required dependent replaced", db => db.Orders.Include(o => o.Detail).Single(o => o.Id == 1).Detail = new OrderDetail { Comment = "replaced detail", Priority = 9, Gift = true });
        yield return ("both dependents and the principal", db =>
        {
            SplitOrder order = db.Orders.Include(o => o.Detail).Include(o => o.Shipping).Single(o => o.Id == 6);
            order.Number = "N-006b";
            order.Detail.Priority = 7;
            order.Shipping!.Carrier = "Bring";
        }
        );
        yield return ("an order deleted with its dependents", db => db.Orders.Remove(db.Orders.Include(o => o.Detail).Include(o => o.Shipping).Single(o => o.Id == 7)));
        yield return ("entity split, second table only", db => db.Customers.Single(c => c.Id == 2).Phone = "+47 123");
        yield return ("entity split, first table only", db => db.Customers.Single(c => c.Id == 3).City = "Quito");
        yield return ("entity split, both tables", db =>
        {
            SplitCustomer customer = db.Customers.Single(c => c.Id == 4);
            customer.Name = "Four";
            customer.Email = "four@example.test";
            customer.Phone = null;
        }
        );
        yield return ("entity split deleted with its orders", db => db.Customers.Remove(db.Customers.Include(c => c.Orders).ThenInclude(o => o.Detail).Include(c => c.Orders).ThenInclude(o => o.Shipping).Single(c => c.Id == 1)));
    }
}
