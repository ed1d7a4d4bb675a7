// LINQ queries of the differential test, part 5: each translated string, math and date
// member again, in WHERE and ORDER BY as well as in projections, over NULLs, empty
// strings, non-ASCII text and LIKE's wildcards, and with parameters and other columns
// as arguments; DateTime and DateOnly arithmetic; aggregates of translated members.
using Microsoft.EntityFrameworkCore;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Shop;

public static partial class ShopQueries
{
    private static IEnumerable<(string Name, Func<ShopContext, object?> Run)> Members()
    {
        // Strings.
        yield return ("length in where", db => db.Customers.Where(c => c.Name.Length > 15).OrderBy(c => c.Id).Select(c => c.Id).ToList());
        yield return ("length of nullable", db => db.Orders.OrderBy(o => o.Id).Select(o => (int?)o.Notes!.Length).ToList());
        yield return ("order by length", db => db.Products.OrderBy(p => p.Name.Length).ThenBy(p => p.Id).Select(p => p.Id).ToList());
        yield return ("upper in where", db => db.Customers.Where(c => c.City!.ToUpper() == "BERLIN").OrderBy(c => c.Id).Select(c => c.Id).ToList());
        yield return ("lower of non ascii", db => db.Customers.OrderBy(c => c.Id).Select(c => c.Name.ToLower()).ToList());
        yield return ("upper of null", db => db.Orders.OrderBy(o => o.Id).Select(o => o.Notes!.ToUpper()).ToList());
        yield return ("contains empty", db => db.Products.Where(p => p.Name.Contains("")).OrderBy(p => p.Id).Select(p => p.Id).ToList());
        yield return ("contains column", db => db.Customers.Where(c => c.Email!.Contains(c.Id.ToString())).OrderBy(c => c.Id).Select(c => c.Id).ToList());
        yield return ("contains underscore", db => db.Products.Where(p => p.Name.Contains("_")).OrderBy(p => p.Id).Select(p => p.Name).ToList());
        yield return ("contains case", db => db.Products.Where(p => p.Name.Contains("BETA")).OrderBy(p => p.Id).Select(p => p.Id).ToList());
        yield return ("not contains", db => db.Products.Where(p => !p.Name.Contains("a")).OrderBy(p => p.Id).Select(p => p.Id).ToList());
        yield return ("starts with empty", db => db.Customers.Where(c => c.Name.StartsWith("")).OrderBy(c => c.Id).Select(c => c.Id).ToList());
        yield return ("starts with column", db => db.Products.Where(p => p.Name.StartsWith(p.Category)).OrderBy(p => p.Id).Select(p => p.Id).ToList());
        yield return ("starts with non ascii", db => db.Customers.Where(c => c.Name.StartsWith("Ém")).OrderBy(c => c.Id).Select(c => c.Name).ToList());
        yield return ("ends with percent", db => db.Products.Where(p => p.Name.EndsWith("%")).OrderBy(p => p.Id).Select(p => p.Id).ToList());
        yield return ("ends with null column", db => db.Orders.Where(o => o.Notes!.EndsWith("a")).OrderBy(o => o.Id).Select(o => o.Id).ToList());
        yield return ("like underscore pattern", db => db.Customers.Where(c => EF.Functions.Like(c.Name, "_o%")).OrderBy(c => c.Id).Select(c => c.Name).ToList());
        yield return ("like case", db => db.Customers.Where(c => EF.Functions.Like(c.City, "B%")).OrderBy(c => c.Id).Select(c => c.Id).ToList());
        yield return ("not like", db => db.Products.Where(p => !EF.Functions.Like(p.Category, "G%")).OrderBy(p => p.Id).Select(p => p.Id).ToList());
        yield return ("index of parameter", db => { string part = "Ex"; return db.Customers.OrderBy(c => c.Id).Select(c => c.Name.IndexOf(part)).ToList(); });
        yield return ("index of in where", db => db.Products.Where(p => p.Name.IndexOf(" ") > 5).OrderBy(p => p.Id).Select(p => p.Id).ToList());
        yield return ("substring in where", db => db.Customers.Where(c => c.Name.Substring(0, 1) == "D").OrderBy(c => c.Id).Select(c => c.Id).ToList());
        yield return ("substring with column", db => db.Products.OrderBy(p => p.Id).Select(p => p.Name.Substring(0, p.Category.Length)).ToList());
        yield return ("substring non ascii", db => db.Customers.OrderBy(c => c.Id).Select(c => c.Name.Substring(0, 2)).ToList());
        yield return ("replace in where", db => db.Products.Where(p => p.Name.Replace(" ", "").Length < 12).OrderBy(p => p.Id).Select(p => p.Id).ToList());
        yield return ("replace with empty", db => db.Customers.OrderBy(c => c.Id).Select(c => c.Email!.Replace("@Example.test", "")).ToList());
        yield return ("trim in where", db => db.Orders.Where(o => o.Notes!.Trim() == "").OrderBy(o => o.Id).Select(o => o.Id).ToList());
        yield return ("is null or empty projection", db => db.Orders.OrderBy(o => o.Id).Select(o => string.IsNullOrEmpty(o.Notes)).ToList());
        yield return ("concat with null", db => db.Orders.OrderBy(o => o.Id).Select(o => "n:" + o.Notes).ToList());
        yield return ("concat three columns", db => db.Customers.OrderBy(c => c.Id).Select(c => c.Name + c.City + c.Address.PostCode).ToList());
        yield return ("order by string", db => db.Products.OrderBy(p => p.Name).Select(p => p.Name).ToList());
        yield return ("order by upper", db => db.Customers.OrderBy(c => c.Name.ToUpper()).ThenBy(c => c.Id).Select(c => c.Id).ToList());
        yield return ("string min max", db => new { Min = db.Products.Min(p => p.Name), Max = db.Products.Max(p => p.Name) });
        yield return ("first letter group", db => db.Customers.GroupBy(c => c.Name.Substring(0, 1)).Select(g => new { g.Key, N = g.Count() }).OrderBy(x => x.Key).ToList());

        // Math.
        yield return ("abs decimal", db => db.Products.OrderBy(p => p.Id).Select(p => Math.Abs(p.Price - 100m)).ToList());
        yield return ("abs double", db => db.Orders.Where(o => o.Discount != null).OrderBy(o => o.Id).Select(o => Math.Abs(o.Discount!.Value - 0.15)).ToList());
        yield return ("abs int in where", db => db.Customers.Where(c => Math.Abs(c.Id - 15) < 4).OrderBy(c => c.Id).Select(c => c.Id).ToList());
        yield return ("round decimal", db => db.Products.OrderBy(p => p.Id).Select(p => Math.Round(p.Price)).ToList());
        yield return ("round decimal digits", db => db.Orders.OrderBy(o => o.Id).Select(o => Math.Round(o.Total / 7m, 2)).ToList());
        yield return ("floor decimal", db => db.Products.OrderBy(p => p.Id).Select(p => Math.Floor(p.Price)).ToList());
        yield return ("ceiling decimal", db => db.Products.OrderBy(p => p.Id).Select(p => Math.Ceiling(p.Price)).ToList());
        yield return ("truncate", db => db.Orders.Where(o => o.Discount != null).OrderBy(o => o.Id).Select(o => Math.Truncate(o.Discount!.Value * 100)).ToList());
        yield return ("exp log", db => db.Orders.Where(o => o.Discount > 0).OrderBy(o => o.Id).Select(o => new { E = Math.Exp(o.Discount!.Value), L = Math.Log(o.Discount!.Value) }).ToList());
        yield return ("log10 log2", db => db.Products.Where(p => p.Stock > 0).OrderBy(p => p.Id).Select(p => new { A = Math.Log10(p.Stock), B = Math.Log2(p.Stock) }).ToList());
        yield return ("trigonometry", db => db.Orders.Where(o => o.Discount != null).OrderBy(o => o.Id).Select(o => new { S = Math.Sin(o.Discount!.Value), C = Math.Cos(o.Discount!.Value), T = Math.Tan(o.Discount!.Value) }).ToList());
        yield return ("inverse trigonometry", db => db.Orders.Where(o => o.Discount != null).OrderBy(o => o.Id).Select(o => new { A = Math.Asin(o.Discount!.Value), B = Math.Acos(o.Discount!.Value), C = Math.Atan(o.Discount!.Value), D = Math.Atan2(o.Discount!.Value, 0.5) }).ToList());
        yield return ("sqrt negative", db => db.Products.OrderBy(p => p.Id).Select(p => Math.Sqrt(p.Stock)).ToList());
        yield return ("pow in where", db => db.Customers.Where(c => Math.Pow(c.Id, 2) > 400).OrderBy(c => c.Id).Select(c => c.Id).ToList());
        yield return ("max min double", db => db.Orders.Where(o => o.Discount != null).OrderBy(o => o.Id).Select(o => new { Mx = Math.Max(o.Discount!.Value, 0.1), Mn = Math.Min(o.Discount!.Value, 0.1) }).ToList());
        yield return ("max decimal columns", db => db.OrderLines.OrderBy(l => l.Id).Select(l => Math.Max(l.UnitPrice, l.Product.Price)).ToList());
        yield return ("sign decimal double", db => db.Orders.OrderBy(o => o.Id).Select(o => new { D = Math.Sign(o.Total - 200m), F = Math.Sign((o.Discount ?? 0) - 0.1) }).ToList());
        yield return ("mathf", db => db.Products.Where(p => p.Weight != null).OrderBy(p => p.Id).Select(p => MathF.Floor(p.Weight!.Value)).ToList());
        yield return ("order by math", db => db.Products.OrderBy(p => Math.Abs(p.Stock - 2500)).ThenBy(p => p.Id).Select(p => p.Id).ToList());

        // Dates and times.
        yield return ("add days", db => db.Orders.OrderBy(o => o.Id).Select(o => o.OrderedAt.AddDays(10)).ToList());
        yield return ("add hours minutes", db => db.Orders.OrderBy(o => o.Id).Select(o => o.OrderedAt.AddHours(-5).AddMinutes(30)).ToList());
        yield return ("add months years", db => db.Customers.OrderBy(c => c.Id).Select(c => c.JoinedAt.AddMonths(1).AddYears(2)).ToList());
        yield return ("add seconds fraction", db => db.Customers.OrderBy(c => c.Id).Select(c => c.JoinedAt.AddSeconds(1.5)).ToList());
        yield return ("add days in where", db => db.Orders.Where(o => o.ShippedAt < o.OrderedAt.AddDays(1)).OrderBy(o => o.Id).Select(o => o.Id).ToList());
        yield return ("date in where", db => db.Orders.Where(o => o.OrderedAt.Date == new DateTime(2024, 6, 3)).OrderBy(o => o.Id).Select(o => o.Id).ToList());
        yield return ("date compare", db => db.Orders.Where(o => o.ShippedAt!.Value.Date > o.OrderedAt.Date).OrderBy(o => o.Id).Select(o => o.Id).ToList());
        yield return ("day of week filter", db => db.Orders.Where(o => o.OrderedAt.DayOfWeek == DayOfWeek.Sunday).OrderBy(o => o.Id).Select(o => o.Id).ToList());
        yield return ("month order", db => db.Customers.OrderBy(c => c.JoinedAt.Month).ThenBy(c => c.Id).Select(c => c.Id).ToList());
        yield return ("nullable date parts", db => db.Orders.OrderBy(o => o.Id).Select(o => (int?)o.ShippedAt!.Value.Hour).ToList());
        yield return ("dateonly add days", db => db.Customers.Where(c => c.Birthday != null).OrderBy(c => c.Id).Select(c => c.Birthday!.Value.AddDays(1)).ToList());
        yield return ("dateonly add months years", db => db.Customers.Where(c => c.Birthday != null).OrderBy(c => c.Id).Select(c => c.Birthday!.Value.AddMonths(13).AddYears(-1)).ToList());
        yield return ("dateonly day of year", db => db.Customers.Where(c => c.Birthday != null).OrderBy(c => c.Id).Select(c => new { c.Birthday!.Value.DayOfYear, c.Birthday!.Value.DayOfWeek, c.Birthday!.Value.Day }).ToList());
        yield return ("dateonly from datetime", db => db.Orders.OrderBy(o => o.Id).Select(o => DateOnly.FromDateTime(o.OrderedAt)).ToList());
        yield return ("timeonly parts", db => db.Customers.OrderBy(c => c.Id).Select(c => new { c.PreferredCallTime.Hour, c.PreferredCallTime.Minute }).ToList());
        yield return ("now comparison", db => db.Orders.Where(o => o.OrderedAt < DateTime.Now).Count());
        yield return ("utc now comparison", db => db.Customers.Where(c => c.JoinedAt <= DateTime.UtcNow.AddYears(-1)).Count());
        yield return ("today comparison", db => db.Orders.Where(o => o.OrderedAt.Date != DateTime.Today).Count());
        yield return ("min max date", db => new { First = db.Orders.Min(o => o.OrderedAt), Last = db.Orders.Max(o => o.OrderedAt), LastShipped = db.Orders.Max(o => o.ShippedAt) });
        yield return ("group by month", db => db.Orders.GroupBy(o => new { o.OrderedAt.Year, o.OrderedAt.Month }).Select(g => new { g.Key.Year, g.Key.Month, N = g.Count() }).OrderBy(x => x.Year).ThenBy(x => x.Month).ToList());
    }
}
