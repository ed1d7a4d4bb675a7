// LINQ over collections held in one column as JSON, which both providers read with json_each:
// the owned collection m.Visits (ToJson), the owned collection inside the owned object
// m.Contact.Links, the complex collection Crate.Items and the list inside the complex Size, the primitive collections of Member (strings, ints, nullable ints,
// DateTimes, decimals, enums, a list that may be NULL) and Visit.Labels inside the JSON, and
// collection parameters (sent as one parameter per element by default, as JSON text with
// EF.Parameter, inlined with EF.Constant); Count, Any, All, Contains, Where, Select, OrderBy,
// Skip/Take, First/Last, ElementAt and indexes, Distinct, GroupBy, Union/Intersect/Except,
// Sum/Min/Max/Average over elements and their members, on empty and NULL collections. Each
// query orders its rows, so that the two results are equal exactly when the providers agree.
using Microsoft.EntityFrameworkCore;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Documents;

internal static class CollectionQueries
{
    public static IEnumerable<(string Name, Func<DocumentContext, object?> Run)> All() => [.. Owned(), .. Primitive(), .. Composed(), .. Parameters()];

    // Checked against LINQ to Objects over the loaded members instead (the same expression over AsQueryable()),
    // because the SQLite provider answers them wrongly or cannot translate them; the reason is given with each.
    public static IEnumerable<(string Name, Func<IQueryable<Member>, object?> Run)> AgainstMemory()
    {
        // The SQLite it bundles (3.53.3) gives every row the count of the first when a correlated json_each is the first
        // leg of a UNION ALL in a subquery, which is the SQL the provider sends (SQLite 3.40 answers it right).
        yield return ("tags concat count", q => q.OrderBy(m => m.Id).Select(m => m.Tags.Concat(new[] { "x" }).Count()).ToList());

        // It keeps a TimeSpan as text and cannot compare it.
        yield return ("visits duration compare", q => q.OrderBy(m => m.Id).Select(m => m.Visits.Count(v => v.Duration > TimeSpan.FromMinutes(30))).ToList());
        yield return ("visits longest duration", q => q.OrderBy(m => m.Id).Select(m => m.Visits.OrderByDescending(v => v.Duration).Select(v => v.Pages).FirstOrDefault()).ToList());

        // It refuses an APPLY of json_each, which SharpCoreDB writes as a JOIN: SelectMany over a collection, a
        // collection projected as a list. The rows of a SelectMany are sorted after loading, since SQL keeps no order
        // across the join.
        yield return ("tags select many", q => q.SelectMany(m => m.Tags, (m, t) => new { m.Id, Tag = t }).ToList().OrderBy(x => x.Id).ThenBy(x => x.Tag, StringComparer.Ordinal).ToList());
        yield return ("tags select many default if empty", q => q.SelectMany(m => m.Tags.DefaultIfEmpty(), (m, t) => new { m.Id, Tag = t }).ToList().OrderBy(x => x.Id).ThenBy(x => x.Tag, StringComparer.Ordinal).ToList());
        yield return ("scores projected as lists", q => q.OrderBy(m => m.Id).Select(m => new { m.Id, List = m.Scores.ToList() }).ToList());
        yield return ("visits labels flattened count", q => q.OrderBy(m => m.Id).Select(m => m.Visits.SelectMany(v => v.Labels).Count()).ToList());

        // It reads a byte[] member of an element of a JSON collection as the hex text inside the document, so the
        // length of 3 bytes is 6.
        yield return ("links token length", q => q.OrderBy(m => m.Id).Select(m => m.Contact.Links.Count(l => l.Token != null && l.Token.Length == 3)).ToList());
    }

    private static IQueryable<Member> M(DocumentContext db) => db.Members.OrderBy(m => m.Id);

    private static IEnumerable<(string, Func<DocumentContext, object?>)> Owned()
    {
        yield return ("visits count", db => M(db).Select(m => new { m.Id, N = m.Visits.Count() }).ToList());
        yield return ("visits count predicate", db => M(db).Where(m => m.Visits.Count(v => v.Pages > 3) >= 2).Select(m => m.Id).ToList());
        yield return ("visits any", db => M(db).Where(m => m.Visits.Any()).Select(m => m.Id).ToList());
        yield return ("visits any predicate", db => M(db).Where(m => m.Visits.Any(v => v.Note != null)).Select(m => m.Id).ToList());
        yield return ("visits all", db => M(db).Where(m => m.Visits.All(v => v.Pages >= 2)).Select(m => m.Id).ToList());
        yield return ("visits sum", db => M(db).Select(m => m.Visits.Sum(v => v.Pages)).ToList());
        yield return ("visits max nullable", db => M(db).Select(m => m.Visits.Max(v => (int?)v.Pages)).ToList());
        yield return ("visits max datetime", db => M(db).Select(m => m.Visits.Max(v => (DateTime?)v.At)).ToList());
        yield return ("visits average", db => M(db).Where(m => m.Visits.Any()).Select(m => m.Visits.Average(v => v.Pages)).ToList());
        yield return ("visits where order select first", db => M(db).Select(m => m.Visits.Where(v => v.Pages > 1).OrderByDescending(v => v.Pages).Select(v => v.Pages).FirstOrDefault()).ToList());
        yield return ("visits order by nullable string", db => M(db).Select(m => m.Visits.OrderByDescending(v => v.Note).ThenBy(v => v.Pages).Select(v => v.Note + "/" + v.Pages).FirstOrDefault()).ToList());
        yield return ("visits skip first", db => M(db).Select(m => m.Visits.OrderBy(v => v.Pages).Skip(1).Select(v => (int?)v.Pages).FirstOrDefault()).ToList());
        yield return ("visits datetime filter", db => M(db).Select(m => m.Visits.Count(v => v.At > new DateTime(2024, 1, 5))).ToList());
        yield return ("visits string method", db => M(db).Where(m => m.Visits.Any(v => v.Note!.EndsWith("1"))).Select(m => m.Id).ToList());
        yield return ("visits distinct count", db => M(db).Select(m => m.Visits.Select(v => v.Pages % 2).Distinct().Count()).ToList());
        yield return ("visits skip take count", db => M(db).Select(m => m.Visits.Skip(1).Take(2).Count()).ToList());
        yield return ("visits sum in order by", db => db.Members.OrderByDescending(m => m.Visits.Sum(v => v.Pages)).ThenBy(m => m.Id).Select(m => m.Id).ToList());
        yield return ("visits correlated to row", db => M(db).Select(m => new { m.Name, Long = m.Visits.Count(v => v.Pages > m.Id) }).ToList());
        yield return ("visits last by order", db => M(db).Where(m => m.Visits.Any()).Select(m => m.Visits.OrderBy(v => v.At).Last().Pages).ToList());
        yield return ("visits labels contains", db => M(db).Where(m => m.Visits.Any(v => v.Labels.Contains("z"))).Select(m => m.Id).ToList());
        yield return ("visits labels count sum", db => M(db).Select(m => m.Visits.Sum(v => v.Labels.Count)).ToList());
        yield return ("contact links count", db => M(db).Select(m => m.Contact.Links.Count()).ToList());
        yield return ("contact links where sum", db => M(db).Select(m => m.Contact.Links.Where(l => l.Clicks > 5).Sum(l => l.Clicks)).ToList());
        yield return ("contact links any", db => M(db).Where(m => m.Contact.Links.Any(l => l.Url.Contains("site1"))).Select(m => m.Id).ToList());
        yield return ("complex items count", db => db.Crates.OrderBy(c => c.Id).Select(c => c.Items.Count).ToList());
        yield return ("complex items where sum", db => db.Crates.OrderBy(c => c.Id).Select(c => c.Items.Where(i => i.Quantity > 2).Sum(i => i.Quantity)).ToList());
        yield return ("complex items date", db => db.Crates.OrderBy(c => c.Id).Where(c => c.Items.Any(i => i.Packed > new DateTime(2024, 3, 1))).Select(c => c.Id).ToList());
        yield return ("complex items tags", db => db.Crates.OrderBy(c => c.Id).Where(c => c.Items.Any(i => i.Tags.Contains("heavy"))).Select(c => c.Id).ToList());
        yield return ("complex items ordered", db => db.Crates.OrderBy(c => c.Id).Select(c => c.Items.OrderByDescending(i => i.Quantity).Select(i => i.Name).FirstOrDefault()).ToList());
        yield return ("complex size marks", db => db.Crates.OrderBy(c => c.Id).Select(c => new { Sum = c.Size.Marks.Sum(), Second = c.Size.Marks.Count > 1 ? c.Size.Marks[1] : -1 }).ToList());
    }

    private static IEnumerable<(string, Func<DocumentContext, object?>)> Primitive()
    {
        yield return ("tags count", db => M(db).Select(m => m.Tags.Count).ToList());
        yield return ("scores length", db => M(db).Select(m => m.Scores.Length).ToList());
        yield return ("tags contains", db => M(db).Where(m => m.Tags.Contains("red")).Select(m => m.Id).ToList());
        yield return ("scores contains", db => M(db).Where(m => m.Scores.Contains(5)).Select(m => m.Id).ToList());
        yield return ("tags contains parameter", db => { string wanted = "blue"; return M(db).Where(m => m.Tags.Contains(wanted)).Select(m => m.Id).ToList(); });
        yield return ("tags any with column", db => M(db).Where(m => m.Tags.Any(t => t.Length == m.Id + 2)).Select(m => m.Id).ToList());
        yield return ("tags any starts with", db => M(db).Where(m => m.Tags.Any(t => t.StartsWith("b"))).Select(m => m.Id).ToList());
        yield return ("tags empty", db => M(db).Where(m => !m.Tags.Any()).Select(m => m.Id).ToList());
        yield return ("scores all positive", db => M(db).Where(m => m.Scores.All(s => s > 0)).Select(m => m.Id).ToList());
        yield return ("scores sum", db => M(db).Select(m => m.Scores.Sum()).ToList());
        yield return ("scores max min", db => M(db).Where(m => m.Scores.Any()).Select(m => new { Max = m.Scores.Max(), Min = m.Scores.Min() }).ToList());
        yield return ("scores average", db => M(db).Where(m => m.Scores.Length > 0).Select(m => m.Scores.Average()).ToList());
        yield return ("scores count predicate", db => M(db).Select(m => m.Scores.Count(s => s > 2)).ToList());
        yield return ("scores where select sum", db => M(db).Select(m => m.Scores.Where(s => s > m.Id).Select(s => s * 2).Sum()).ToList());
        yield return ("tags element at", db => M(db).Where(m => m.Tags.Count > 0).Select(m => m.Tags[0]).ToList());
        yield return ("scores element or default", db => M(db).Select(m => m.Scores.ElementAtOrDefault(1)).ToList());
        yield return ("scores element filter", db => M(db).Where(m => m.Scores.Length > 1 && m.Scores[1] > 0).Select(m => m.Id).ToList());
        yield return ("tags element at column index", db => M(db).Where(m => m.Tags.Count > m.Id % 2).Select(m => m.Tags[m.Id % 2]).ToList());
        yield return ("scores ordered first", db => M(db).Where(m => m.Scores.Length > 0).Select(m => m.Scores.OrderBy(s => s).First()).ToList());
        yield return ("tags ordered descending", db => M(db).Select(m => m.Tags.OrderByDescending(t => t).FirstOrDefault()).ToList());
        yield return ("tags distinct count", db => M(db).Select(m => m.Tags.Distinct().Count()).ToList());
        yield return ("tags skip first", db => M(db).Select(m => m.Tags.Skip(1).FirstOrDefault()).ToList());
        yield return ("tags count in order by", db => db.Members.OrderBy(m => m.Tags.Count).ThenBy(m => m.Id).Select(m => m.Id).ToList());
        yield return ("ratings contains null", db => M(db).Where(m => m.Ratings.Contains(null)).Select(m => m.Id).ToList());
        yield return ("ratings count not null", db => M(db).Select(m => m.Ratings.Count(r => r != null)).ToList());
        yield return ("ratings sum", db => M(db).Select(m => m.Ratings.Sum()).ToList());
        yield return ("reminders any year", db => M(db).Where(m => m.Reminders.Any(d => d.Year == 2024)).Select(m => m.Id).ToList());
        yield return ("reminders max", db => M(db).Where(m => m.Reminders.Any()).Select(m => m.Reminders.Max()).ToList());
        yield return ("reminders after", db => M(db).Select(m => m.Reminders.Count(d => d > new DateTime(2024, 1, 1))).ToList());
        yield return ("amounts sum", db => M(db).Select(m => m.Amounts.Sum()).ToList());
        yield return ("amounts max", db => M(db).Where(m => m.Amounts.Any()).Select(m => m.Amounts.Max()).ToList());
        yield return ("amounts range", db => M(db).Where(m => m.Amounts.Any(a => a > 19.98m && a < 20m)).Select(m => m.Id).ToList());
        yield return ("days contains", db => M(db).Where(m => m.Days.Contains(DayOfWeek.Sunday)).Select(m => m.Id).ToList());
        yield return ("days count weekend", db => M(db).Select(m => m.Days.Count(d => d == DayOfWeek.Saturday || d == DayOfWeek.Sunday)).ToList());
        // Not 9:00, which one alarm is: SQLite's provider compares the JSON text '09:00:00.0000000' with '09:00:00' and
        // finds it greater.
        yield return ("alarms after nine", db => M(db).Select(m => m.Alarms.Count(a => a > new TimeOnly(9, 5))).ToList());
        yield return ("alarms ordered first", db => M(db).Select(m => m.Alarms.OrderByDescending(a => a).Select(a => (TimeOnly?)a).FirstOrDefault()).ToList());
        yield return ("alarms contains", db => M(db).Where(m => m.Alarms.Contains(new TimeOnly(12, 15))).Select(m => m.Id).ToList());
        yield return ("json time compare", db => M(db).Where(m => m.Contact.Address.Opens > new TimeOnly(9, 0)).Select(m => m.Contact.Address.Opens).ToList());
        yield return ("chunks contains", db => { byte[] chunk = [1, 200]; return M(db).Where(m => m.Chunks.Contains(chunk)).Select(m => m.Id).ToList(); });
        yield return ("chunks lengths", db => M(db).Select(m => m.Chunks.Sum(c => c.Length)).ToList());
        yield return ("chunks element", db => M(db).Where(m => m.Chunks.Count > 1).Select(m => m.Chunks[1]).ToList());
        yield return ("aliases null", db => M(db).Where(m => m.Aliases == null).Select(m => m.Id).ToList());
        yield return ("aliases contains", db => M(db).Where(m => m.Aliases != null && m.Aliases.Contains("Al")).Select(m => m.Id).ToList());
        yield return ("aliases count or null", db => M(db).Select(m => m.Aliases == null ? -1 : m.Aliases.Count).ToList());
        yield return ("aliases any", db => M(db).Where(m => m.Aliases!.Any()).Select(m => m.Id).ToList());
        yield return ("collections projected", db => M(db).AsNoTracking().Select(m => new { m.Tags, m.Scores, m.Ratings, m.Reminders, m.Amounts, m.Days, m.Aliases }).ToList());
    }

    // Operators composed over the elements: grouping, set operations between collections, aggregates of other
    // types, ordering by element values of each type, and collections inside grouped and ordered queries.
    private static IEnumerable<(string, Func<DocumentContext, object?>)> Composed()
    {
        yield return ("tags group by count", db => M(db).Select(m => m.Tags.GroupBy(t => t).Count()).ToList());
        yield return ("tags union aliases", db => M(db).Select(m => m.Tags.Union(m.Aliases!).Count()).ToList());
        yield return ("tags except constants", db => M(db).Select(m => m.Tags.Except(new[] { "red", "teal" }).Count()).ToList());
        yield return ("tags first and last", db => M(db).Select(m => new { First = m.Tags.FirstOrDefault(), Last = m.Tags.LastOrDefault() }).ToList());
        yield return ("tags max string", db => M(db).Select(m => m.Tags.Where(t => t != "red").Max()).ToList());
        yield return ("tags upper", db => M(db).Where(m => m.Tags.Any(t => t.ToUpper() == "RED")).Select(m => m.Id).ToList());
        yield return ("scores sum with row", db => M(db).Select(m => m.Scores.Sum(s => s * m.Id)).ToList());
        yield return ("scores max in order by", db => db.Members.OrderBy(m => m.Scores.Max()).ThenBy(m => m.Id).Select(m => m.Id).ToList());
        yield return ("scores index parameter", db => { int i = 1; return M(db).Select(m => m.Scores.Length > i ? m.Scores[i] : -1).ToList(); });
        yield return ("ratings max", db => M(db).Select(m => m.Ratings.Max()).ToList());
        yield return ("reminders month", db => M(db).Select(m => m.Reminders.Count(r => r.Month > 2)).ToList());
        yield return ("reminders ordered first", db => M(db).Select(m => m.Reminders.OrderBy(r => r).Select(r => (DateTime?)r).FirstOrDefault()).ToList());
        yield return ("amounts ordered first", db => M(db).Select(m => m.Amounts.OrderByDescending(a => a).Select(a => (decimal?)a).FirstOrDefault()).ToList());
        yield return ("amounts average", db => M(db).Where(m => m.Amounts.Any()).Select(m => m.Amounts.Average()).ToList());
        yield return ("days ordered first", db => M(db).Select(m => m.Days.OrderBy(d => d).Select(d => (DayOfWeek?)d).FirstOrDefault()).ToList());
        yield return ("visits notes contain", db => M(db).Where(m => m.Visits.Select(v => v.Note).Contains("note 1")).Select(m => m.Id).ToList());
        yield return ("visits ordered element at", db => M(db).Where(m => m.Visits.Any()).Select(m => m.Visits.OrderByDescending(v => v.Pages).ElementAt(0).Pages).ToList());
        yield return ("group by with collection sums", db => db.Members.GroupBy(m => m.Contact.Address.City).Select(g => new { g.Key, N = g.Sum(m => m.Tags.Count) }).OrderBy(x => x.Key).ToList());
        yield return ("collection of another row", db => M(db).Select(m => db.Members.Count(o => o.Tags.Contains(m.Tags.FirstOrDefault() ?? ""))).ToList());
    }

    private static IEnumerable<(string, Func<DocumentContext, object?>)> Parameters()
    {
        int[] ids = [1, 3, 5, 99];
        string[] wanted = ["red", "teal"];
        DateTime[] dates = [new DateTime(2025, 1, 1), new DateTime(2024, 3, 1, 8, 0, 0)];
        decimal[] amounts = [19.99m, 0.1m];
        yield return ("param contains", db => M(db).Where(m => ids.Contains(m.Id)).Select(m => m.Name).ToList());
        yield return ("param not contains", db => M(db).Where(m => !ids.Contains(m.Id)).Select(m => m.Name).ToList());
        yield return ("param strings contains", db => { List<string> names = ["member 2", "member 4"]; return M(db).Where(m => names.Contains(m.Name)).Select(m => m.Id).ToList(); });
        yield return ("param inside collection", db => M(db).Where(m => m.Tags.Any(t => wanted.Contains(t))).Select(m => m.Id).ToList());
        yield return ("param all in collection", db => M(db).Where(m => m.Tags.All(t => wanted.Contains(t))).Select(m => m.Id).ToList());
        yield return ("param count with column", db => M(db).Select(m => ids.Count(i => i > m.Id)).ToList());
        yield return ("param as json contains", db => M(db).Where(m => EF.Parameter(ids).Contains(m.Id)).Select(m => m.Name).ToList());
        yield return ("param as json count", db => M(db).Select(m => EF.Parameter(ids).Count(i => i > m.Id)).ToList());
        yield return ("param as json with nulls", db => { int?[] floors = [2, null]; return M(db).Where(m => EF.Parameter(floors).Contains(m.Contact.Address.Floor)).Select(m => m.Id).ToList(); });
        yield return ("param as json empty", db => { int[] none = []; return M(db).Count(m => EF.Parameter(none).Contains(m.Id)); });
        yield return ("param as json in collection", db => M(db).Where(m => m.Tags.Any(t => EF.Parameter(wanted).Contains(t))).Select(m => m.Id).ToList());
        yield return ("param as constants", db => M(db).Where(m => EF.Constant(ids).Contains(m.Id)).Select(m => m.Name).ToList());
        yield return ("param intersect", db => M(db).Select(m => m.Tags.Intersect(wanted).Count()).ToList());
        yield return ("param filtered then any", db => M(db).Where(m => EF.Parameter(wanted).Where(w => w.Length > 3).Any(w => m.Tags.Contains(w))).Select(m => m.Id).ToList());
        yield return ("param dates", db => M(db).Where(m => m.Reminders.Any(r => dates.Contains(r))).Select(m => m.Id).ToList());
        yield return ("param as json dates", db => M(db).Where(m => m.Reminders.Any(r => EF.Parameter(dates).Contains(r))).Select(m => m.Id).ToList());
        yield return ("param decimals", db => M(db).Where(m => m.Amounts.Any(a => amounts.Contains(a))).Select(m => m.Id).ToList());
        yield return ("param as json decimals", db => M(db).Where(m => m.Amounts.Any(a => EF.Parameter(amounts).Contains(a))).Select(m => m.Id).ToList());
        yield return ("param element at column", db => { string[] words = ["even", "odd"]; return M(db).Select(m => words[m.Id % 2]).ToList(); });
    }
}
