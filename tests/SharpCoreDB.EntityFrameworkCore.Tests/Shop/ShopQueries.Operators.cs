// LINQ queries of the differential test, part 4: the operators on every column type,
// comparisons (against constants, parameters and other columns), three-valued logic and
// EF Core's null semantics, arithmetic on each numeric type, bitwise operators, casts and
// conversions, conditionals and coalescing. Each orders its results where order is not
// part of the answer.
namespace SharpCoreDB.EntityFrameworkCore.Tests.Shop;

public static partial class ShopQueries
{
    private static IEnumerable<(string Name, Func<ShopContext, object?> Run)> Operators()
    {
        // Comparisons on each type.
        yield return ("int not equal", db => db.Orders.Where(o => o.CustomerId != 3).OrderBy(o => o.Id).Select(o => o.Id).ToList());
        yield return ("int less or equal", db => db.Customers.Where(c => c.Id <= 4).OrderBy(c => c.Id).Select(c => c.Name).ToList());
        yield return ("short greater", db => db.OrderLines.Where(l => l.Quantity > 6).OrderBy(l => l.Id).Select(l => l.Quantity).ToList());
        yield return ("long between", db => db.Products.Where(p => p.Stock >= 100 && p.Stock < 3000).OrderBy(p => p.Id).Select(p => p.Stock).ToList());
        yield return ("long negative", db => db.Products.Where(p => p.Stock < 0).OrderBy(p => p.Id).Select(p => p.Id).ToList());
        yield return ("decimal equals", db => db.Customers.Where(c => c.CreditLimit == 0m).OrderBy(c => c.Id).Select(c => c.Id).ToList());
        yield return ("decimal less than column", db => db.OrderLines.Where(l => l.UnitPrice < l.Product.Price).OrderBy(l => l.Id).Select(l => l.Id).ToList());
        yield return ("decimal greater or equal", db => db.Orders.Where(o => o.Total >= 250.5m).OrderBy(o => o.Id).Select(o => o.Total).ToList());
        yield return ("double less or equal", db => db.Orders.Where(o => o.Discount <= 0.05).OrderBy(o => o.Id).Select(o => o.Discount).ToList());
        yield return ("double not equal nullable", db => db.Orders.Where(o => o.Discount != 0.1).OrderBy(o => o.Id).Select(o => o.Id).ToList());
        yield return ("float greater", db => db.Products.Where(p => p.Weight > 7.5f).OrderBy(p => p.Id).Select(p => p.Weight).ToList());
        yield return ("bool equals false", db => db.Customers.Where(c => c.IsVip == false).OrderBy(c => c.Id).Select(c => c.Id).ToList());
        yield return ("bool equals column", db => db.Products.Where(p => p.Discontinued == (p.Stock < 0)).OrderBy(p => p.Id).Select(p => p.Id).ToList());
        yield return ("string not equals", db => db.Customers.Where(c => c.City != "Oslo").OrderBy(c => c.Id).Select(c => c.Id).ToList());
        yield return ("string case sensitive equals", db => db.Customers.Where(c => c.City == "Berlin").OrderBy(c => c.Id).Select(c => c.Id).ToList());
        yield return ("string equals column", db => db.Products.Where(p => p.Category == p.Name).OrderBy(p => p.Id).Select(p => p.Id).ToList());
        yield return ("string compare to", db => db.Products.Where(p => p.Category.CompareTo("Games") <= 0).OrderBy(p => p.Id).Select(p => p.Category).ToList());
        yield return ("string compare static less", db => db.Customers.Where(c => string.Compare(c.Name, "D") < 0).OrderBy(c => c.Id).Select(c => c.Name).ToList());
        yield return ("string equals method", db => db.Customers.Where(c => c.Name.Equals("nobody")).Select(c => c.Id).ToList());
        yield return ("DateTime not equal", db => db.Orders.Where(o => o.ShippedAt != o.OrderedAt).OrderBy(o => o.Id).Select(o => o.Id).ToList());
        yield return ("DateTime between", db => db.Orders.Where(o => o.OrderedAt > new DateTime(2024, 3, 1) && o.OrderedAt < new DateTime(2024, 9, 30, 12, 0, 0)).OrderBy(o => o.Id).Select(o => o.Id).ToList());
        yield return ("DateTime compare columns", db => db.Orders.Where(o => o.ShippedAt > o.OrderedAt.AddHours(48)).OrderBy(o => o.Id).Select(o => o.Id).ToList());
        yield return ("DateTime with fraction", db => { DateTime first = db.Customers.OrderBy(c => c.Id).Select(c => c.JoinedAt).First(); return db.Customers.Where(c => c.JoinedAt == first).Select(c => c.Id).ToList(); });
        yield return ("DateOnly equals parameter", db => { DateOnly? day = db.Customers.Where(c => c.Birthday != null).OrderBy(c => c.Id).Select(c => c.Birthday).First(); return db.Customers.Where(c => c.Birthday == day).Select(c => c.Id).ToList(); });
        yield return ("DateOnly greater or equal", db => db.Customers.Where(c => c.Birthday >= new DateOnly(1990, 6, 15)).OrderBy(c => c.Id).Select(c => c.Id).ToList());
        yield return ("TimeOnly less", db => db.Customers.Where(c => c.PreferredCallTime < new TimeOnly(10, 30)).OrderBy(c => c.Id).Select(c => c.PreferredCallTime).ToList());
        yield return ("TimeOnly equals", db => db.Customers.Where(c => c.PreferredCallTime == new TimeOnly(9, 0)).OrderBy(c => c.Id).Select(c => c.Id).ToList());
        yield return ("Guid not equal", db => { Guid id = db.Customers.OrderBy(c => c.Id).Select(c => c.ExternalId).First(); return db.Customers.Where(c => c.ExternalId != id).OrderBy(c => c.Id).Select(c => c.Id).ToList(); });
        yield return ("Guid in list", db => { List<Guid> ids = db.Customers.OrderBy(c => c.Id).Select(c => c.ExternalId).Take(3).ToList(); return db.Customers.Where(c => ids.Contains(c.ExternalId)).OrderBy(c => c.Id).Select(c => c.Id).ToList(); });
        yield return ("DateTimeOffset equals parameter", db => { DateTimeOffset? seen = db.Customers.Where(c => c.LastSeen != null).OrderBy(c => c.Id).Select(c => c.LastSeen).First(); return db.Customers.Where(c => c.LastSeen == seen).Select(c => c.Id).ToList(); });
        yield return ("byte array equals", db => { byte[]? thumb = db.Products.Where(p => p.Thumbnail != null && p.Thumbnail.Length > 2).OrderBy(p => p.Id).Select(p => p.Thumbnail).First(); return db.Products.Where(p => p.Thumbnail == thumb).Select(p => p.Id).ToList(); });
        yield return ("byte array length", db => db.Products.Where(p => p.Thumbnail != null).OrderBy(p => p.Id).Select(p => p.Thumbnail!.Length).ToList());
        yield return ("enum by number compare", db => db.Customers.Where(c => c.Tier >= CustomerTier.Silver).OrderBy(c => c.Id).Select(c => c.Tier).ToList());
        yield return ("enum by name not equal", db => db.Orders.Where(o => o.Status != OrderStatus.Pending).OrderBy(o => o.Id).Select(o => o.Status).ToList());
        yield return ("enum parameter", db => { var tier = CustomerTier.Basic; return db.Customers.Where(c => c.Tier == tier).OrderBy(c => c.Id).Select(c => c.Id).ToList(); });
        yield return ("enum cast to int", db => db.Customers.OrderBy(c => c.Id).Select(c => (int)c.Tier * 10).ToList());

        // Logic and null semantics.
        yield return ("or", db => db.Customers.Where(c => c.IsVip || c.Tier == CustomerTier.Gold).OrderBy(c => c.Id).Select(c => c.Id).ToList());
        yield return ("and not", db => db.Products.Where(p => p.Price > 50m && !(p.Category == "Books")).OrderBy(p => p.Id).Select(p => p.Id).ToList());
        yield return ("not or", db => db.Orders.Where(o => !(o.Discount > 0.2 || o.Notes == null)).OrderBy(o => o.Id).Select(o => o.Id).ToList());
        yield return ("nullable bool logic", db => db.Orders.Where(o => (o.Discount > 0.1) == (o.Total > 100m)).OrderBy(o => o.Id).Select(o => o.Id).ToList());
        yield return ("negated nullable comparison", db => db.Orders.Where(o => !(o.Discount > 0.1)).OrderBy(o => o.Id).Select(o => o.Id).ToList());
        yield return ("nullable equals nullable", db => db.Orders.Where(o => o.ShippedAt == o.Customer.Orders.Max(x => x.ShippedAt)).OrderBy(o => o.Id).Select(o => o.Id).ToList());
        yield return ("null parameter not equal", db => { string? notes = null; return db.Orders.Where(o => o.Notes != notes).OrderBy(o => o.Id).Select(o => o.Id).ToList(); });
        yield return ("has value", db => db.Orders.Where(o => o.Discount.HasValue).OrderBy(o => o.Id).Select(o => o.Discount!.Value).ToList());
        yield return ("get value or default", db => db.Orders.OrderBy(o => o.Id).Select(o => o.Discount.GetValueOrDefault()).ToList());
        yield return ("coalesce chain", db => db.Customers.OrderBy(c => c.Id).Select(c => c.City ?? c.Email ?? c.Address.PostCode ?? "none").ToList());
        yield return ("coalesce number", db => db.Orders.OrderBy(o => o.Id).Select(o => o.Discount ?? -1).ToList());
        yield return ("conditional in where", db => db.Orders.Where(o => (o.Discount == null ? 0 : o.Discount) > 0.1).OrderBy(o => o.Id).Select(o => o.Id).ToList());
        yield return ("conditional nested", db => db.Products.OrderBy(p => p.Id).Select(p => p.Stock < 0 ? "back" : p.Stock < 1000 ? "low" : p.Stock < 5000 ? "ok" : "high").ToList());
        yield return ("conditional bool result", db => db.Customers.OrderBy(c => c.Id).Select(c => c.City == null ? false : c.City.StartsWith("S")).ToList());
        yield return ("boolean projection", db => db.Products.OrderBy(p => p.Id).Select(p => new { p.Id, Cheap = p.Price < 20m, HasWeight = p.Weight != null }).ToList());
        yield return ("equals on owned nullable", db => db.Customers.Where(c => c.Address.PostCode == null).OrderBy(c => c.Id).Select(c => c.Id).ToList());

        // Arithmetic.
        yield return ("int arithmetic", db => db.Orders.OrderBy(o => o.Id).Select(o => new { A = o.CustomerId + o.Version * 3, S = o.CustomerId - 10, D = o.Id / 4, M = o.Id % 5 }).ToList());
        yield return ("negation", db => db.Products.OrderBy(p => p.Id).Select(p => -p.Stock).ToList());
        yield return ("long division", db => db.Products.Where(p => p.Stock > 0).OrderBy(p => p.Id).Select(p => p.Stock / 7).ToList());
        yield return ("decimal arithmetic", db => db.OrderLines.OrderBy(l => l.Id).Select(l => new { Net = l.UnitPrice * 0.8m, Plus = l.UnitPrice + 1.25m, Minus = l.UnitPrice - 0.01m }).ToList());
        yield return ("decimal division", db => db.Orders.Where(o => o.Total > 0m).OrderBy(o => o.Id).Select(o => Math.Round(o.Total / 3m, 4)).ToList());
        yield return ("decimal in where arithmetic", db => db.OrderLines.Where(l => l.Quantity * l.UnitPrice > 500m).OrderBy(l => l.Id).Select(l => l.Id).ToList());
        yield return ("double division", db => db.Orders.Where(o => o.Discount != null).OrderBy(o => o.Id).Select(o => o.Discount / 3).ToList());
        yield return ("float arithmetic", db => db.Products.Where(p => p.Weight != null).OrderBy(p => p.Id).Select(p => p.Weight * 2 + 1).ToList());
        yield return ("mixed int double", db => db.Orders.Where(o => o.Discount != null).OrderBy(o => o.Id).Select(o => o.Id * o.Discount).ToList());
        yield return ("arithmetic on nullable", db => db.Orders.OrderBy(o => o.Id).Select(o => o.Discount * 100).ToList());
        yield return ("modulo filter", db => db.Customers.Where(c => c.Id % 3 == 1).OrderBy(c => c.Id).Select(c => c.Id).ToList());
        yield return ("bitwise and or", db => db.Customers.OrderBy(c => c.Id).Select(c => new { A = c.Id & 6, O = c.Id | 8 }).ToList());
        yield return ("bitwise xor", db => db.Customers.OrderBy(c => c.Id).Select(c => c.Id ^ 5).ToList());
        yield return ("bitwise filter", db => db.Orders.Where(o => (o.Id & 1) == 0).OrderBy(o => o.Id).Select(o => o.Id).ToList());
        yield return ("bool and or columns", db => db.Products.Where(p => p.Discontinued | p.Price > 150m).OrderBy(p => p.Id).Select(p => p.Id).ToList());

        // Casts and conversions.
        yield return ("cast int to long", db => db.Orders.OrderBy(o => o.Id).Select(o => (long)o.CustomerId * 1000000000L).ToList());
        yield return ("cast int to double", db => db.Orders.OrderBy(o => o.Id).Select(o => (double)o.Id / 4).ToList());
        yield return ("cast short to int", db => db.OrderLines.OrderBy(l => l.Id).Select(l => (int)l.Quantity + 1000).ToList());
        yield return ("cast double to int", db => db.Orders.Where(o => o.Discount != null).OrderBy(o => o.Id).Select(o => (int)(o.Discount!.Value * 100)).ToList());
        yield return ("cast decimal to double", db => db.Products.OrderBy(p => p.Id).Select(p => (double)p.Price).ToList());
        yield return ("cast to nullable", db => db.Customers.OrderBy(c => c.Id).Select(c => (int?)c.Id).ToList());
        yield return ("int to string", db => db.Customers.OrderBy(c => c.Id).Select(c => c.Id.ToString()).ToList());
        yield return ("long to string concat", db => db.Products.OrderBy(p => p.Id).Select(p => p.Name + "#" + p.Stock).ToList());
        yield return ("string concat method", db => db.Customers.OrderBy(c => c.Id).Select(c => string.Concat(c.Name, "/", c.Address.Street)).ToList());
        yield return ("bool to string", db => db.Customers.OrderBy(c => c.Id).Select(c => c.IsVip.ToString()).ToList());
        yield return ("convert to int32", db => db.OrderLines.OrderBy(l => l.Id).Select(l => Convert.ToInt32(l.Quantity)).ToList());
        yield return ("convert to double", db => db.OrderLines.OrderBy(l => l.Id).Select(l => Convert.ToDouble(l.Quantity) / 2).ToList());
    }
}
