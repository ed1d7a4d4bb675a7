// LINQ queries of the differential test, part 6: the query operators themselves in more
// shapes: element operators with predicates and on empty sets, quantifiers, Contains,
// aggregates over each numeric type (nullable too, and over nothing), Distinct on several
// columns, grouping by keys of each type with aggregates ordered and filtered, GroupJoin,
// cross joins and correlated subqueries, paging in subqueries, Include variants,
// inheritance operators, set operations on entities, and tracking options.
using Microsoft.EntityFrameworkCore;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Shop;

public static partial class ShopQueries
{
    private static IEnumerable<(string Name, Func<ShopContext, object?> Run)> Shapes()
    {
        // Element operators and quantifiers.
        yield return ("first with predicate", db => db.Orders.OrderBy(o => o.Total).First(o => o.Status == OrderStatus.Delivered).Id);
        yield return ("first or default projection", db => db.Customers.Where(c => c.City == "Cairo").OrderBy(c => c.Id).Select(c => c.Name).FirstOrDefault());
        yield return ("single or default none", db => db.Customers.SingleOrDefault(c => c.Id == -1));
        yield return ("last with predicate", db => db.Products.OrderBy(p => p.Id).Last(p => p.Price < 50m).Id);
        yield return ("last or default", db => db.Orders.OrderBy(o => o.OrderedAt).ThenBy(o => o.Id).Select(o => o.Id).LastOrDefault());
        yield return ("element at", db => db.Customers.OrderBy(c => c.Name).ThenBy(c => c.Id).Select(c => c.Id).ElementAt(4));
        yield return ("element at or default past end", db => db.Customers.OrderBy(c => c.Id).Select(c => (int?)c.Id).ElementAtOrDefault(500));
        yield return ("any without predicate", db => db.Orders.Where(o => o.Total < 0m).Any());
        yield return ("all on navigation", db => db.Customers.Where(c => c.Orders.All(o => o.Total > 50m)).OrderBy(c => c.Id).Select(c => c.Id).ToList());
        yield return ("all false", db => db.Customers.All(c => c.IsVip));
        yield return ("contains value", db => db.Orders.Select(o => o.CustomerId).Contains(7));
        yield return ("contains entity id list", db => { var ids = db.Orders.Where(o => o.Total > 300m).Select(o => o.Id).ToList(); return db.OrderLines.Where(l => ids.Contains(l.OrderId)).OrderBy(l => l.Id).Select(l => l.Id).ToList(); });
        yield return ("contains empty list", db => { int[] none = []; return db.Customers.Where(c => none.Contains(c.Id)).Select(c => c.Id).ToList(); });
        yield return ("not contains list", db => { long[] stocks = [0, 1, 2]; return db.Products.Where(p => !stocks.Contains(p.Stock)).OrderBy(p => p.Id).Select(p => p.Id).ToList(); });
        yield return ("contains decimal list", db => { List<decimal> prices = db.Products.OrderBy(p => p.Id).Select(p => p.Price).Take(4).ToList(); return db.OrderLines.Where(l => prices.Contains(l.UnitPrice)).OrderBy(l => l.Id).Select(l => l.Id).ToList(); });
        yield return ("contains datetime list", db => { List<DateTime> days = db.Orders.OrderBy(o => o.Id).Select(o => o.OrderedAt).Take(5).ToList(); return db.Orders.Where(o => days.Contains(o.OrderedAt)).OrderBy(o => o.Id).Select(o => o.Id).ToList(); });

        // Aggregates.
        yield return ("count on empty", db => db.Orders.Count(o => o.Total < 0m));
        yield return ("sum int", db => db.Orders.Sum(o => o.CustomerId));
        yield return ("sum long", db => db.Products.Sum(p => p.Stock));
        yield return ("sum decimal where", db => db.Orders.Where(o => o.Status == OrderStatus.Shipped).Sum(o => o.Total));
        yield return ("sum double nullable", db => db.Orders.Sum(o => o.Discount));
        yield return ("sum float nullable", db => db.Products.Sum(p => p.Weight));
        yield return ("sum on empty", db => db.Orders.Where(o => o.Id < 0).Sum(o => o.Total));
        yield return ("sum expression", db => db.OrderLines.Sum(l => l.Quantity * l.UnitPrice));
        yield return ("average int", db => db.OrderLines.Average(l => l.Quantity));
        yield return ("average decimal", db => db.Products.Average(p => p.Price));
        yield return ("average long where", db => db.Products.Where(p => p.Stock > 0).Average(p => p.Stock));
        yield return ("min int", db => db.Products.Min(p => p.Id));
        yield return ("max long", db => db.Products.Max(p => p.Stock));
        yield return ("min decimal", db => db.OrderLines.Min(l => l.UnitPrice));
        yield return ("max double nullable", db => db.Orders.Max(o => o.Discount));
        yield return ("max on empty nullable", db => db.Orders.Where(o => o.Id < 0).Max(o => (decimal?)o.Total));
        yield return ("min dateonly", db => db.Customers.Min(c => c.Birthday));
        yield return ("max timeonly", db => db.Customers.Max(c => c.PreferredCallTime));
        yield return ("count distinct strings", db => db.Customers.Select(c => c.City).Distinct().Count());
        yield return ("distinct two columns", db => db.Products.Select(p => new { p.Category, p.Discontinued }).Distinct().OrderBy(x => x.Category).ThenBy(x => x.Discontinued).ToList());
        yield return ("distinct enum", db => db.Orders.Select(o => o.Status).Distinct().OrderBy(s => s).ToList());

        // Grouping.
        yield return ("group by bool", db => db.Customers.GroupBy(c => c.IsVip).Select(g => new { g.Key, N = g.Count(), Credit = g.Sum(c => c.CreditLimit) }).OrderBy(x => x.Key).ToList());
        yield return ("group by enum number", db => db.Customers.GroupBy(c => c.Tier).Select(g => new { g.Key, Latest = g.Max(c => c.JoinedAt) }).OrderBy(x => x.Key).ToList());
        yield return ("group by nullable", db => db.Orders.GroupBy(o => o.Notes).Select(g => new { g.Key, N = g.Count() }).OrderBy(x => x.Key).ToList());
        yield return ("group by decimal", db => db.OrderLines.GroupBy(l => l.UnitPrice).Select(g => new { g.Key, Q = g.Sum(l => l.Quantity) }).OrderBy(x => x.Key).ToList());
        yield return ("group by dateonly", db => db.Customers.Where(c => c.Birthday != null).GroupBy(c => c.Birthday!.Value.Year / 10).Select(g => new { Decade = g.Key * 10, N = g.Count() }).OrderBy(x => x.Decade).ToList());
        yield return ("group by order by count", db => db.Orders.GroupBy(o => o.CustomerId).Select(g => new { g.Key, N = g.Count() }).OrderByDescending(x => x.N).ThenBy(x => x.Key).Take(5).ToList());
        yield return ("group by count predicate", db => db.Orders.GroupBy(o => o.CustomerId).Select(g => new { g.Key, Shipped = g.Count(o => o.ShippedAt != null) }).OrderBy(x => x.Key).ToList());
        yield return ("group by average decimal", db => db.Orders.GroupBy(o => o.Status).Select(g => new { g.Key, Avg = g.Average(o => o.Total) }).OrderBy(x => x.Key).ToList());
        yield return ("group by distinct count", db => db.OrderLines.GroupBy(l => l.OrderId).Select(g => new { g.Key, Products = g.Select(l => l.ProductId).Distinct().Count() }).OrderBy(x => x.Key).ToList());
        yield return ("group by having sum", db => db.OrderLines.GroupBy(l => l.ProductId).Where(g => g.Sum(l => l.Quantity) > 10).Select(g => g.Key).OrderBy(k => k).ToList());
        yield return ("group by conditional sum", db => db.Orders.GroupBy(o => o.CustomerId).Select(g => new { g.Key, Big = g.Sum(o => o.Total > 200m ? 1 : 0) }).OrderBy(x => x.Key).ToList());
        yield return ("group by key only", db => db.Products.GroupBy(p => p.Category).Select(g => g.Key).OrderBy(k => k).ToList());
        yield return ("group by first", db => db.Orders.GroupBy(o => o.CustomerId).Select(g => g.OrderBy(o => o.OrderedAt).First().Id).OrderBy(x => x).ToList());
        yield return ("group by string join", db => db.Products.GroupBy(p => p.Category).Select(g => new { g.Key, Names = string.Join("|", g.OrderBy(p => p.Id).Select(p => p.Id)) }).OrderBy(x => x.Key).ToList());
        yield return ("group by navigation key", db => db.Orders.GroupBy(o => o.Customer.City).Select(g => new { g.Key, Total = g.Sum(o => o.Total) }).OrderBy(x => x.Key).ToList());

        // Joins and subqueries.
        yield return ("group join", db => db.Customers.GroupJoin(db.Orders, c => c.Id, o => o.CustomerId, (c, os) => new { c.Id, N = os.Count() }).OrderBy(x => x.Id).ToList());
        yield return ("cross join filtered", db => (from c in db.Customers from t in db.Tags where c.Id == t.Id select new { c.Id, t.Label }).OrderBy(x => x.Id).ToList());
        yield return ("join on two keys", db => (from l in db.OrderLines join p in db.Products on new { l.ProductId, l.UnitPrice } equals new { ProductId = p.Id, UnitPrice = p.Price } select l.Id).OrderBy(x => x).ToList());
        yield return ("select many default if empty", db => db.Customers.SelectMany(c => c.Orders.DefaultIfEmpty(), (c, o) => new { c.Id, Total = (decimal?)o!.Total }).OrderBy(x => x.Id).ThenBy(x => x.Total).ToList());
        yield return ("correlated count filter", db => db.Products.Where(p => p.Tags.Count >= 3).OrderBy(p => p.Id).Select(p => p.Id).ToList());
        yield return ("correlated max", db => db.Customers.OrderBy(c => c.Id).Select(c => c.Orders.Max(o => (decimal?)o.Total)).ToList());
        yield return ("subquery first navigation", db => db.Customers.OrderBy(c => c.Id).Select(c => c.Orders.OrderBy(o => o.Id).Select(o => o.Status).FirstOrDefault()).ToList());
        yield return ("subquery take", db => db.Customers.OrderBy(c => c.Id).Select(c => new { c.Id, Top = c.Orders.OrderByDescending(o => o.Total).Take(2).Select(o => o.Total).ToList() }).ToList());
        yield return ("where exists", db => db.Tags.Where(t => db.Products.Any(p => p.Tags.Contains(t) && p.Discontinued)).OrderBy(t => t.Id).Select(t => t.Id).ToList());
        yield return ("in subquery with distinct", db => db.Customers.Where(c => db.Orders.Where(o => o.Total > 300m).Select(o => o.CustomerId).Distinct().Contains(c.Id)).OrderBy(c => c.Id).Select(c => c.Id).ToList());
        yield return ("paging after join", db => db.OrderLines.OrderBy(l => l.Product.Name).ThenBy(l => l.Id).Skip(3).Take(6).Select(l => l.Id).ToList());
        yield return ("take then where", db => db.Orders.OrderBy(o => o.Id).Take(20).Where(o => o.Total > 100m).Select(o => o.Id).ToList());
        yield return ("skip take skip", db => db.Orders.OrderBy(o => o.Id).Skip(2).Take(10).Skip(3).Select(o => o.Id).ToList());
        yield return ("order by descending then", db => db.Products.OrderByDescending(p => p.Category).ThenByDescending(p => p.Price).Select(p => p.Id).ToList());
        yield return ("order by conditional", db => db.Orders.OrderBy(o => o.ShippedAt == null ? 0 : 1).ThenBy(o => o.Id).Select(o => o.Id).ToList());
        yield return ("order by navigation", db => db.Orders.OrderBy(o => o.Customer.Name).ThenBy(o => o.Id).Select(o => o.Id).ToList());
        yield return ("reverse", db => db.Customers.OrderBy(c => c.Id).Reverse().Select(c => c.Id).Take(5).ToList());

        // Include, inheritance, sets, tracking.
        yield return ("include reference", db => db.OrderLines.Include(l => l.Product).OrderBy(l => l.Id).Take(10).ToList());
        yield return ("include collection ordered", db => db.Orders.Include(o => o.Lines.OrderByDescending(l => l.Quantity)).OrderBy(o => o.Id).Take(8).ToList());
        yield return ("include many to many", db => db.Tags.AsNoTracking().Include(t => t.Products).OrderBy(t => t.Id).ToList());
        yield return ("include with paging", db => db.Customers.Include(c => c.Orders).OrderBy(c => c.Name).Skip(5).Take(5).ToList());
        yield return ("no tracking with identity resolution", db => db.Orders.Include(o => o.Customer).AsNoTrackingWithIdentityResolution().OrderBy(o => o.Id).ToList());
        yield return ("of type base", db => db.Products.OfType<Product>().Where(p => p.Price > 100m).OrderBy(p => p.Id).Select(p => p.Id).ToList());
        yield return ("is not derived", db => db.Products.Where(p => !(p is DigitalProduct)).OrderBy(p => p.Id).Select(p => p.Id).ToList());
        yield return ("as derived member", db => db.Products.OrderBy(p => p.Id).Select(p => (int?)(p as DigitalProduct)!.SizeKb).ToList());
        yield return ("discriminator group", db => db.Products.GroupBy(p => EF.Property<string>(p, "Kind")).Select(g => new { g.Key, N = g.Count() }).OrderBy(x => x.Key).ToList());
        yield return ("union entities", db => db.Products.Where(p => p.Price < 20m).Union(db.Products.Where(p => p.Stock < 100)).OrderBy(p => p.Id).Select(p => p.Id).ToList());
        yield return ("concat then distinct", db => db.Orders.Select(o => o.CustomerId).Concat(db.Customers.Select(c => c.Id)).Distinct().Count());
        yield return ("except strings", db => db.Customers.Select(c => c.City).Except(db.Customers.Where(c => c.IsVip).Select(c => c.City)).OrderBy(x => x).ToList());
        yield return ("set operation with paging", db => db.Customers.Select(c => c.Id).Union(db.Orders.Select(o => o.Id)).OrderByDescending(x => x).Skip(5).Take(5).ToList());
        yield return ("composite key equality", db => db.Orders.Where(o => o.CustomerId == 4 && o.Version == 1).OrderBy(o => o.Id).Select(o => o.Id).ToList());
        yield return ("tuple projection", db => db.Customers.OrderBy(c => c.Id).Select(c => new Tuple<int, string>(c.Id, c.Name)).ToList());
        yield return ("ef property", db => db.Orders.OrderBy(o => o.Id).Select(o => EF.Property<int>(o, "Version")).ToList());
    }
}
