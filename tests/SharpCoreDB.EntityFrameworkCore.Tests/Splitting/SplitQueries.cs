// LINQ over the split model, run on both providers by SplitTests: each entity type of the
// shared Orders table loaded alone and together, filters, ordering, grouping and
// projections reaching from the principal into its dependents and back, the optional
// dependent's presence tested, and the entity split over two tables filtered and projected
// on either table's columns.
using Microsoft.EntityFrameworkCore;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Splitting;

internal static class SplitQueries
{
    public static IEnumerable<(string Name, Func<SplitContext, object?> Run)> All()
    {
        yield return ("principal alone", db => db.Orders.AsNoTracking().OrderBy(o => o.Id).ToList());
        yield return ("principal with dependents", db => db.Orders.AsNoTracking().Include(o => o.Detail).Include(o => o.Shipping).OrderBy(o => o.Id).ToList());
        yield return ("tracked with dependents", db => db.Orders.Include(o => o.Detail).Include(o => o.Shipping).OrderByDescending(o => o.Total).ToList());
        yield return ("required dependent alone", db => db.Details.AsNoTracking().OrderBy(d => d.Id).ToList());
        yield return ("optional dependent alone", db => db.Shippings.AsNoTracking().OrderBy(s => s.Id).ToList());
        yield return ("dependent with its principal", db => db.Details.AsNoTracking().Include(d => d.Order).Where(d => d.Gift).OrderBy(d => d.Id).ToList());
        yield return ("filter on the required dependent", db => db.Orders.Where(o => o.Detail.Priority > 0 && o.Detail.Comment != null).OrderBy(o => o.Id).Select(o => o.Number).ToList());
        yield return ("optional dependent absent", db => db.Orders.Where(o => o.Shipping == null).OrderBy(o => o.Id).Select(o => o.Id).ToList());
        yield return ("optional dependent present", db => db.Orders.Where(o => o.Shipping != null).OrderBy(o => o.Id).Select(o => o.Number).ToList());
        yield return ("filter on the optional dependent", db => db.Orders.Where(o => o.Shipping!.Carrier == "DHL" && o.Shipping.Fee > 5m).OrderBy(o => o.Id).Select(o => o.Id).ToList());
        yield return ("optional dependent not yet shipped", db => db.Shippings.Where(s => s.ShippedAt == null).Select(s => s.Id).ToList());
        yield return ("projection over all three", db => db.Orders.OrderBy(o => o.Id).Select(o => new
        {
            o.Number,
            o.Total,
            o.Detail.Gift,
            o.Detail.Comment,
            Carrier = o.Shipping != null ? o.Shipping.Carrier : "none",
            Fee = (decimal?)o.Shipping!.Fee,
        }).ToList());
        yield return ("projection of dependents", db => db.Orders.AsNoTracking().OrderBy(o => o.Id).Select(o => new { o.Id, o.Detail, o.Shipping }).ToList());
        yield return ("dependent to principal", db => db.Details.Where(d => d.Order.Total > 100m).OrderBy(d => d.Id).Select(d => new { d.Id, d.Order.Number, d.Priority }).ToList());
        yield return ("order by a dependent", db => db.Orders.OrderBy(o => o.Detail.Priority).ThenByDescending(o => o.Shipping!.Fee).ThenBy(o => o.Id).Select(o => o.Id).ToList());
        yield return ("group by a dependent", db => db.Orders.GroupBy(o => o.Detail.Gift).Select(g => new { g.Key, N = g.Count(), Total = g.Sum(o => o.Total), Shipped = g.Count(o => o.Shipping != null) }).OrderBy(x => x.Key).ToList());
        yield return ("count and sum over dependents", db => new
        {
            Shipped = db.Orders.Count(o => o.Shipping != null && o.Shipping.ShippedAt != null),
            Fees = db.Shippings.Sum(s => s.Fee),
            Gifts = db.Details.Count(d => d.Gift),
        });
        yield return ("entity split load", db => db.Customers.AsNoTracking().OrderBy(c => c.Id).ToList());
        yield return ("entity split filter on the second table", db => db.Customers.Where(c => c.Phone != null && c.Phone.StartsWith("+4")).OrderBy(c => c.Id).Select(c => c.Name).ToList());
        yield return ("entity split filter on both tables", db => db.Customers.Where(c => c.City == "Oslo" || c.Email.EndsWith(".no")).OrderBy(c => c.Email).Select(c => new { c.Id, c.City, c.Email }).ToList());
        yield return ("entity split order by", db => db.Customers.OrderByDescending(c => c.Phone).ThenBy(c => c.Born).Select(c => c.Id).ToList());
        yield return ("entity split include", db => db.Customers.AsNoTracking().Include(c => c.Orders).ThenInclude(o => o.Detail).OrderBy(c => c.Id).ToList());
        yield return ("entity split include as split query", db => db.Customers.AsNoTracking().AsSplitQuery().Include(c => c.Orders).ThenInclude(o => o.Shipping).OrderBy(c => c.Id).ToList());
        yield return ("join across both splits", db => db.Orders.Where(o => o.Customer.Email.EndsWith(".no") && o.Detail.Gift).OrderBy(o => o.Id).Select(o => new { o.Number, o.Customer.Phone }).ToList());
        yield return ("any over dependents", db => db.Customers.Where(c => c.Orders.Any(o => o.Shipping != null && o.Shipping.Carrier == "Posten")).OrderBy(c => c.Id).Select(c => c.Id).ToList());
    }
}
