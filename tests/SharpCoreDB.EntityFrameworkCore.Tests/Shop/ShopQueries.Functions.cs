// LINQ queries of the differential test, part 3: string methods (including LIKE's
// wildcards in the data and in patterns), EF.Functions.Like, Math, and date parts.
using Microsoft.EntityFrameworkCore;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Shop;

public static partial class ShopQueries
{
    private static IEnumerable<(string Name, Func<ShopContext, object?> Run)> Functions()
    {
        yield return ("string length", db => db.Customers.OrderBy(c => c.Id).Select(c => c.Name.Length).ToList());
        yield return ("to upper lower", db => db.Customers.OrderBy(c => c.Id).Select(c => new { U = c.Name.ToUpper(), L = c.City!.ToLower() }).ToList());
        yield return ("contains constant", db => db.Products.Where(p => p.Name.Contains("a")).OrderBy(p => p.Id).Select(p => p.Id).ToList());
        yield return ("contains parameter", db => { string part = "Example1"; return db.Customers.Where(c => c.Name.Contains(part)).OrderBy(c => c.Id).Select(c => c.Id).ToList(); });
        yield return ("contains percent", db => db.Products.Where(p => p.Name.Contains("100%")).OrderBy(p => p.Id).Select(p => p.Name).ToList());
        yield return ("starts with constant", db => db.Products.Where(p => p.Name.StartsWith("gamma")).OrderBy(p => p.Id).Select(p => p.Name).ToList());
        yield return ("starts with underscore", db => db.Products.Where(p => p.Name.StartsWith("under_")).OrderBy(p => p.Id).Select(p => p.Name).ToList());
        yield return ("starts with parameter", db => { string prefix = "Be"; return db.Products.Where(p => p.Name.StartsWith(prefix)).OrderBy(p => p.Id).Select(p => p.Name).ToList(); });
        yield return ("ends with", db => db.Customers.Where(c => c.Email!.EndsWith(".test")).OrderBy(c => c.Id).Select(c => c.Id).ToList());
        yield return ("ends with parameter", db => { string suffix = "1"; return db.Customers.Where(c => c.Name.EndsWith(suffix)).OrderBy(c => c.Id).Select(c => c.Id).ToList(); });
        yield return ("like", db => db.Customers.Where(c => EF.Functions.Like(c.Name, "%a%")).OrderBy(c => c.Id).Select(c => c.Id).ToList());
        yield return ("like escape", db => db.Products.Where(p => EF.Functions.Like(p.Name, "%!%%", "!")).OrderBy(p => p.Id).Select(p => p.Id).ToList());
        yield return ("index of", db => db.Customers.OrderBy(c => c.Id).Select(c => c.Name.IndexOf("a")).ToList());
        yield return ("substring", db => db.Customers.OrderBy(c => c.Id).Select(c => c.Name.Substring(1, 3)).ToList());
        yield return ("substring from", db => db.Products.OrderBy(p => p.Id).Select(p => p.Category.Substring(2)).ToList());
        yield return ("replace", db => db.Customers.OrderBy(c => c.Id).Select(c => c.Address.Street.Replace("Street", "St.")).ToList());
        yield return ("trim", db => db.Customers.OrderBy(c => c.Id).Select(c => (" " + c.Name + " ").Trim()).ToList());
        yield return ("trim start end", db => db.Customers.OrderBy(c => c.Id).Select(c => new { S = ("  " + c.Name).TrimStart(), E = (c.Name + "  ").TrimEnd() }).ToList());
        yield return ("is null or empty", db => db.Orders.Where(o => string.IsNullOrEmpty(o.Notes)).OrderBy(o => o.Id).Select(o => o.Id).ToList());
        yield return ("is null or white space", db => db.Orders.Where(o => !string.IsNullOrWhiteSpace(o.Notes)).OrderBy(o => o.Id).Select(o => o.Notes).ToList());
        yield return ("string compare", db => db.Customers.Where(c => string.Compare(c.Name, "M") > 0).OrderBy(c => c.Id).Select(c => c.Id).ToList());
        yield return ("math abs", db => db.Products.OrderBy(p => p.Id).Select(p => Math.Abs(p.Stock - 1000)).ToList());
        yield return ("math round", db => db.Orders.Where(o => o.Discount != null).OrderBy(o => o.Id).Select(o => Math.Round(o.Discount!.Value, 2)).ToList());
        yield return ("math floor ceiling", db => db.Orders.Where(o => o.Discount != null).OrderBy(o => o.Id).Select(o => new { F = Math.Floor(o.Discount!.Value * 10), C = Math.Ceiling(o.Discount!.Value * 10) }).ToList());
        yield return ("math sqrt pow", db => db.Products.Where(p => p.Stock > 0).OrderBy(p => p.Id).Select(p => new { S = Math.Sqrt(p.Stock), P = Math.Pow(p.Stock, 2) }).ToList());
        yield return ("math max min", db => db.OrderLines.OrderBy(l => l.Id).Select(l => new { Mx = Math.Max(l.Quantity, (short)5), Mn = Math.Min(l.Quantity, (short)5) }).ToList());
        yield return ("math sign", db => db.Products.OrderBy(p => p.Id).Select(p => Math.Sign(p.Stock)).ToList());
        yield return ("date year month day", db => db.Orders.OrderBy(o => o.Id).Select(o => new { o.OrderedAt.Year, o.OrderedAt.Month, o.OrderedAt.Day }).ToList());
        yield return ("date hour minute second", db => db.Customers.OrderBy(c => c.Id).Select(c => new { c.JoinedAt.Hour, c.JoinedAt.Minute, c.JoinedAt.Second }).ToList());
        yield return ("date day of year week", db => db.Orders.OrderBy(o => o.Id).Select(o => new { o.OrderedAt.DayOfYear, o.OrderedAt.DayOfWeek }).ToList());
        yield return ("date part filter", db => db.Orders.Where(o => o.OrderedAt.Year == 2025 && o.OrderedAt.Month <= 3).OrderBy(o => o.Id).Select(o => o.Id).ToList());
        yield return ("date of datetime", db => db.Orders.OrderBy(o => o.Id).Select(o => o.OrderedAt.Date).ToList());
        yield return ("dateonly parts", db => db.Customers.Where(c => c.Birthday != null).OrderBy(c => c.Id).Select(c => new { c.Birthday!.Value.Year, c.Birthday!.Value.Month }).ToList());
        yield return ("group by date part", db => db.Orders.GroupBy(o => o.OrderedAt.Year).Select(g => new { g.Key, N = g.Count() }).OrderBy(x => x.Key).ToList());
    }
}
