// LINQ queries of the differential test, part 1: filters, projections, ordering,
// paging, element operators, nulls, every column type in a predicate, enums, owned
// types and inheritance. Each is written the way applications write them and orders
// its results wherever order is not part of the answer.
using Microsoft.EntityFrameworkCore;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Shop;

public static partial class ShopQueries
{
    private static IEnumerable<(string Name, Func<ShopContext, object?> Run)> Basics()
    {
        yield return ("all customers", db => db.Customers.OrderBy(c => c.Id).ToList());
        yield return ("no tracking", db => db.Products.AsNoTracking().OrderBy(p => p.Id).ToList());
        yield return ("where int", db => db.Orders.Where(o => o.CustomerId > 10 && o.CustomerId <= 20).OrderBy(o => o.Id).Select(o => o.Id).ToList());
        yield return ("where bool", db => db.Customers.Where(c => c.IsVip).OrderBy(c => c.Id).Select(c => c.Name).ToList());
        yield return ("where not bool", db => db.Products.Where(p => !p.Discontinued).OrderBy(p => p.Id).Select(p => p.Id).ToList());
        yield return ("where decimal", db => db.Products.Where(p => p.Price > 100m).OrderBy(p => p.Id).Select(p => new { p.Id, p.Price }).ToList());
        yield return ("decimal parameter", db => { decimal limit = 1000.50m; return db.Customers.Where(c => c.CreditLimit >= limit).OrderBy(c => c.Id).Select(c => c.Id).ToList(); });
        yield return ("where double nullable", db => db.Orders.Where(o => o.Discount > 0.1).OrderBy(o => o.Id).Select(o => o.Discount).ToList());
        yield return ("where float", db => db.Products.Where(p => p.Weight < 5f).OrderBy(p => p.Id).Select(p => p.Weight).ToList());
        yield return ("where long", db => db.Products.Where(p => p.Stock > 2000L).OrderBy(p => p.Id).Select(p => p.Stock).ToList());
        yield return ("where string equals", db => db.Customers.Where(c => c.City == "berlin").OrderBy(c => c.Id).Select(c => c.Id).ToList());
        yield return ("where string parameter", db => { string city = "Zürich"; return db.Customers.Where(c => c.City == city).OrderBy(c => c.Id).Select(c => c.Id).ToList(); });
        yield return ("where null", db => db.Customers.Where(c => c.City == null).OrderBy(c => c.Id).Select(c => c.Id).ToList());
        yield return ("where not null", db => db.Customers.Where(c => c.Email != null).OrderBy(c => c.Id).Select(c => c.Email).ToList());
        yield return ("nullable parameter null", db => { string? city = null; return db.Customers.Where(c => c.City == city).OrderBy(c => c.Id).Select(c => c.Id).ToList(); });
        yield return ("compare two nullable columns", db => db.Customers.Where(c => c.City != c.Address.PostCode).OrderBy(c => c.Id).Select(c => c.Id).ToList());
        yield return ("where DateTime", db => db.Orders.Where(o => o.OrderedAt >= new DateTime(2024, 9, 1)).OrderBy(o => o.Id).Select(o => o.OrderedAt).ToList());
        yield return ("DateTime parameter", db => { var since = new DateTime(2024, 6, 15, 12, 30, 0); return db.Customers.Where(c => c.JoinedAt < since).OrderBy(c => c.Id).Select(c => c.Id).ToList(); });
        yield return ("nullable DateTime", db => db.Orders.Where(o => o.ShippedAt == null).OrderBy(o => o.Id).Select(o => o.Id).ToList());
        yield return ("DateOnly", db => db.Customers.Where(c => c.Birthday < new DateOnly(1980, 1, 1)).OrderBy(c => c.Id).Select(c => c.Birthday).ToList());
        yield return ("TimeOnly", db => db.Customers.Where(c => c.PreferredCallTime >= new TimeOnly(12, 0)).OrderBy(c => c.Id).Select(c => c.PreferredCallTime).ToList());
        yield return ("TimeSpan", db => db.Orders.Where(o => o.DeliveryWindow > TimeSpan.FromHours(5)).OrderBy(o => o.Id).Select(o => o.DeliveryWindow).ToList());
        yield return ("Guid equals", db => { Guid id = db.Customers.OrderBy(c => c.Id).Select(c => c.ExternalId).Skip(3).First(); return db.Customers.Where(c => c.ExternalId == id).Select(c => c.Id).ToList(); });
        yield return ("DateTimeOffset not null", db => db.Customers.Where(c => c.LastSeen != null).OrderBy(c => c.Id).Select(c => c.LastSeen).ToList());
        yield return ("byte array not null", db => db.Products.Where(p => p.Thumbnail != null).OrderBy(p => p.Id).Select(p => p.Thumbnail).ToList());
        yield return ("enum by number", db => db.Customers.Where(c => c.Tier == CustomerTier.Gold).OrderBy(c => c.Id).Select(c => c.Name).ToList());
        yield return ("enum by name", db => db.Orders.Where(o => o.Status == OrderStatus.Shipped).OrderBy(o => o.Id).Select(o => new { o.Id, o.Status }).ToList());
        yield return ("enum in list", db => { var wanted = new[] { OrderStatus.Pending, OrderStatus.Cancelled }; return db.Orders.Where(o => wanted.Contains(o.Status)).OrderBy(o => o.Id).Select(o => o.Id).ToList(); });
        yield return ("int in list", db => { int[] ids = [1, 3, 5, 8, 13, 21]; return db.Customers.Where(c => ids.Contains(c.Id)).OrderBy(c => c.Id).Select(c => c.Name).ToList(); });
        yield return ("string in list", db => { string[] cities = ["Oslo", "Cairo"]; return db.Customers.Where(c => cities.Contains(c.City)).OrderBy(c => c.Id).Select(c => c.Id).ToList(); });
        yield return ("owned type", db => db.Customers.AsNoTracking().Where(c => c.Address.PostCode != null).OrderBy(c => c.Id).Select(c => c.Address).ToList());
        yield return ("owned member filter", db => db.Customers.Where(c => c.Address.Street.Contains("Street")).OrderBy(c => c.Id).Select(c => c.Id).ToList());
        yield return ("OfType", db => db.Products.OfType<DigitalProduct>().OrderBy(p => p.Id).ToList());
        yield return ("is derived", db => db.Products.Where(p => p is DigitalProduct).OrderBy(p => p.Id).Select(p => p.Name).ToList());
        yield return ("derived member", db => db.Products.OfType<DigitalProduct>().Where(p => p.SizeKb > 1000).OrderBy(p => p.Id).Select(p => p.DownloadUrl).ToList());
        yield return ("order by then by desc", db => db.Customers.OrderBy(c => c.City).ThenByDescending(c => c.Name).Select(c => new { c.City, c.Name }).ToList());
        yield return ("order by nullable", db => db.Orders.OrderBy(o => o.ShippedAt).ThenBy(o => o.Id).Select(o => o.Id).ToList());
        yield return ("order by DateTime desc", db => db.Orders.OrderByDescending(o => o.OrderedAt).Select(o => o.Id).Take(10).ToList());
        yield return ("order by bool", db => db.Products.OrderBy(p => p.Discontinued).ThenBy(p => p.Id).Select(p => p.Id).ToList());
        yield return ("skip take", db => db.Orders.OrderBy(o => o.Id).Skip(5).Take(7).Select(o => o.Id).ToList());
        yield return ("skip only", db => db.Orders.OrderBy(o => o.Id).Skip(60).Select(o => o.Id).ToList());
        yield return ("take parameter", db => { int n = 3; return db.Products.OrderBy(p => p.Id).Take(n).Select(p => p.Name).ToList(); });
        yield return ("first", db => db.Customers.OrderBy(c => c.Name).First().Name);
        yield return ("first or default none", db => db.Customers.FirstOrDefault(c => c.Name == "nobody"));
        yield return ("single", db => db.Customers.Single(c => c.Id == 7).Name);
        yield return ("last", db => db.Orders.OrderBy(o => o.Id).Last().Id);
        yield return ("any", db => db.Orders.Any(o => o.Total > 1000m));
        yield return ("all", db => db.Products.All(p => p.Price >= 0m));
        yield return ("count where", db => db.Orders.Count(o => o.Notes != null));
        yield return ("long count", db => db.OrderLines.LongCount());
        yield return ("distinct", db => db.Customers.Select(c => c.City).Distinct().OrderBy(c => c).ToList());
        yield return ("conditional projection", db => db.Orders.OrderBy(o => o.Id).Select(o => o.Discount == null ? "none" : o.Discount > 0.15 ? "big" : "small").ToList());
        yield return ("coalesce", db => db.Customers.OrderBy(c => c.Id).Select(c => c.City ?? "(unknown)").ToList());
        yield return ("arithmetic", db => db.OrderLines.OrderBy(l => l.Id).Select(l => new { l.Id, Amount = l.Quantity * l.UnitPrice, Half = l.Quantity / 2, Rest = l.Quantity % 3 }).ToList());
        yield return ("double arithmetic", db => db.Orders.Where(o => o.Discount != null).OrderBy(o => o.Id).Select(o => o.Discount * 100 + 1).ToList());
        yield return ("string concat", db => db.Customers.OrderBy(c => c.Id).Select(c => c.Name + " from " + (c.City ?? "?")).ToList());
        yield return ("anonymous with nested", db => db.Customers.OrderBy(c => c.Id).Select(c => new { c.Id, Contact = new { c.Email, c.Address.Street } }).ToList());
    }
}
