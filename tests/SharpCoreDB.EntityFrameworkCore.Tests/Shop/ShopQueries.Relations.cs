// LINQ queries of the differential test, part 2: joins and navigations, Include (single
// and split queries), many-to-many, grouping and aggregates, subqueries, set operations,
// and the string, math and date members the provider translates.
using Microsoft.EntityFrameworkCore;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Shop;

public static partial class ShopQueries
{
    /// <summary>Every query of the differential test.</summary>
    public static IEnumerable<(string Name, Func<ShopContext, object?> Run)> All() =>
        Basics().Concat(Relations()).Concat(Functions()).Concat(Operators()).Concat(Members()).Concat(Shapes());

    private static IEnumerable<(string Name, Func<ShopContext, object?> Run)> Relations()
    {
        yield return ("include", db => db.Customers.Include(c => c.Orders).OrderBy(c => c.Id).ToList());
        yield return ("include then include", db => db.Orders.Include(o => o.Lines).ThenInclude(l => l.Product).OrderBy(o => o.Id).ToList());
        yield return ("include split", db => db.Customers.Include(c => c.Orders).ThenInclude(o => o.Lines).AsSplitQuery().OrderBy(c => c.Id).ToList());
        yield return ("include filtered", db => db.Customers.Include(c => c.Orders.Where(o => o.Status != OrderStatus.Cancelled).OrderBy(o => o.Id)).OrderBy(c => c.Id).ToList());
        yield return ("reference navigation", db => db.Orders.OrderBy(o => o.Id).Select(o => new { o.Id, o.Customer.Name, o.Customer.Address.Street }).ToList());
        yield return ("navigation filter", db => db.Orders.Where(o => o.Customer.IsVip).OrderBy(o => o.Id).Select(o => o.Id).ToList());
        yield return ("collection count", db => db.Customers.OrderBy(c => c.Id).Select(c => new { c.Id, Orders = c.Orders.Count }).ToList());
        yield return ("collection any", db => db.Customers.Where(c => c.Orders.Any(o => o.Status == OrderStatus.Delivered)).OrderBy(c => c.Id).Select(c => c.Id).ToList());
        yield return ("collection sum", db => db.Customers.OrderBy(c => c.Id).Select(c => new { c.Id, Spent = c.Orders.Sum(o => o.Total) }).ToList());
        yield return ("collection projection", db => db.Customers.OrderBy(c => c.Id).Select(c => new { c.Id, Dates = c.Orders.OrderBy(o => o.OrderedAt).Select(o => o.OrderedAt).ToList() }).ToList());
        yield return ("many to many", db => db.Products.Include(p => p.Tags).OrderBy(p => p.Id).Select(p => new { p.Id, Tags = p.Tags.OrderBy(t => t.Id).Select(t => t.Label).ToList() }).ToList());
        yield return ("many to many filter", db => db.Tags.Where(t => t.Products.Any(p => p.Price > 150m)).OrderBy(t => t.Id).Select(t => t.Label).ToList());
        yield return ("join", db => db.Orders.Join(db.Customers, o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name }).OrderBy(x => x.Id).ToList());
        yield return ("left join", db => (from c in db.Customers
                                          join o in db.Orders on c.Id equals o.CustomerId into orders
                                          from o in orders.DefaultIfEmpty()
                                          orderby c.Id, o.Id
                                          select new { c.Id, Order = (int?)o.Id }).ToList());
        yield return ("select many", db => db.Customers.SelectMany(c => c.Orders, (c, o) => new { c.Id, OrderId = o.Id }).OrderBy(x => x.OrderId).ToList());
        yield return ("three way join", db => db.OrderLines.OrderBy(l => l.Id).Select(l => new { l.Id, Customer = l.Order.Customer.Name, Product = l.Product.Name }).ToList());
        yield return ("group by count", db => db.Customers.GroupBy(c => c.City).Select(g => new { City = g.Key, Count = g.Count() }).OrderBy(x => x.City).ToList());
        yield return ("group by sum decimal", db => db.Orders.GroupBy(o => o.CustomerId).Select(g => new { g.Key, Total = g.Sum(o => o.Total) }).OrderBy(x => x.Key).ToList());
        yield return ("group by max min", db => db.Orders.GroupBy(o => o.Status).Select(g => new { g.Key, First = g.Min(o => o.OrderedAt), Last = g.Max(o => o.OrderedAt) }).OrderBy(x => x.Key).ToList());
        yield return ("group by average", db => db.Products.GroupBy(p => p.Category).Select(g => new { g.Key, Stock = g.Average(p => p.Stock) }).OrderBy(x => x.Key).ToList());
        yield return ("group by having", db => db.Orders.GroupBy(o => o.CustomerId).Where(g => g.Count() >= 3).Select(g => g.Key).OrderBy(k => k).ToList());
        yield return ("group by two keys", db => db.Orders.GroupBy(o => new { o.Status, Big = o.Total > 200m }).Select(g => new { g.Key.Status, g.Key.Big, N = g.Count() }).OrderBy(x => x.Status).ThenBy(x => x.Big).ToList());
        yield return ("group by navigation", db => db.OrderLines.GroupBy(l => l.Product.Category).Select(g => new { g.Key, Quantity = g.Sum(l => l.Quantity) }).OrderBy(x => x.Key).ToList());
        yield return ("count distinct", db => db.OrderLines.Select(l => l.ProductId).Distinct().Count());
        yield return ("sum all", db => db.OrderLines.Sum(l => l.Quantity));
        yield return ("max decimal", db => db.Products.Max(p => p.Price));
        yield return ("min nullable", db => db.Orders.Min(o => o.ShippedAt));
        yield return ("average double", db => db.Orders.Where(o => o.Discount != null).Average(o => o.Discount));
        yield return ("subquery scalar", db => db.Customers.OrderBy(c => c.Id).Select(c => new { c.Id, Latest = c.Orders.OrderByDescending(o => o.OrderedAt).Select(o => (DateTime?)o.OrderedAt).FirstOrDefault() }).ToList());
        yield return ("subquery in where", db => db.Products.Where(p => db.OrderLines.Any(l => l.ProductId == p.Id && l.Quantity > 8)).OrderBy(p => p.Id).Select(p => p.Id).ToList());
        yield return ("not in subquery", db => db.Products.Where(p => !db.OrderLines.Select(l => l.ProductId).Contains(p.Id)).OrderBy(p => p.Id).Select(p => p.Id).ToList());
        yield return ("union", db => db.Customers.Where(c => c.IsVip).Select(c => c.Id).Union(db.Customers.Where(c => c.Tier == CustomerTier.Gold).Select(c => c.Id)).OrderBy(x => x).ToList());
        yield return ("concat", db => db.Customers.Where(c => c.Id < 3).Select(c => c.Name).Concat(db.Products.Where(p => p.Id < 3).Select(p => p.Name)).OrderBy(x => x).ToList());
        yield return ("intersect", db => db.Orders.Select(o => o.CustomerId).Intersect(db.Customers.Where(c => c.IsVip).Select(c => c.Id)).OrderBy(x => x).ToList());
        yield return ("except", db => db.Customers.Select(c => c.Id).Except(db.Orders.Select(o => o.CustomerId)).OrderBy(x => x).ToList());
        yield return ("nested set operations", db => db.Customers.Where(c => c.Id < 10).Select(c => c.Id).Union(db.Customers.Where(c => c.Id > 25).Select(c => c.Id)).Except(db.Customers.Where(c => c.Id % 2 == 0).Select(c => c.Id)).OrderBy(x => x).ToList());
        yield return ("distinct then page", db => db.OrderLines.Select(l => l.ProductId).Distinct().OrderBy(x => x).Skip(2).Take(5).ToList());
    }
}
