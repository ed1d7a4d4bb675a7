// JSON columns (ToJson) and TPT/TPC inheritance against EF Core's SQLite provider: the same
// model and data on both, queries into the JSON documents (nested members, a collection
// element by index, in WHERE, ORDER BY, GROUP BY and projections) and over the
// inheritance hierarchies must give equal results; a SaveChanges script (values inside
// the documents changed one at a time, a bool among them, whole objects and collection
// elements replaced, added and removed, rows of each hierarchy added, changed and
// deleted, then the steps of CollectionScript over primitive and JSON collections) must
// leave equal data after each step and after the files are reopened, the documents keep
// JSON booleans, and primitive collections are stored as the same JSON text.
using Microsoft.EntityFrameworkCore;
using SharpCoreDB.EntityFrameworkCore.Tests.Shop;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Documents;

[Trait("Category", "Slow")]
public sealed class DocumentTests : IDisposable
{
    private readonly TwinDatabases<DocumentContext> _databases = new("scdb-efdocs-", "documents", options => new DocumentContext(options), DocumentSeed.Fill);

    public static TheoryData<string> QueryNames => [.. Queries().Select(q => q.Name)];

    public void Dispose() => _databases.Dispose();

    [Theory]
    [MemberData(nameof(QueryNames))]
    public void SameResultAsTheSqliteProvider(string name)
    {
        _databases.AssertSameResult(Queries().Single(q => q.Name == name).Run);
    }

    [Fact]
    public void SaveChangesLeaveTheSameDataAsTheSqliteProvider()
    {
        _databases.AssertEachStepLeavesBothEqual(Script(), Snapshot, saveChanges: true);
        using DocumentContext ours = _databases.Ours();
        string documents = TestSql.Rows(ours, "SELECT Contact FROM Members ORDER BY Id");
        Assert.Contains("\"Verified\":true", documents, StringComparison.Ordinal);
        Assert.Contains("\"Verified\":false", documents, StringComparison.Ordinal);
        Assert.DoesNotContain("\"Verified\":1", documents, StringComparison.Ordinal);

        // Primitive collections are EF Core's JSON text, the same bytes through either provider (dates, times and
        // decimals aside, which each provider writes in the forms its columns hold).
        const string Collections = "SELECT Id, Tags, Scores, Ratings, Days, Aliases, Chunks FROM Members ORDER BY Id";
        using DocumentContext sqlite = _databases.Sqlite();
        Assert.Equal(TestSql.Rows(sqlite, Collections), TestSql.Rows(ours, Collections));
    }

    private static IEnumerable<(string Name, Func<DocumentContext, object?> Run)> Queries()
    {
        yield return ("json load", db => db.Members.AsNoTracking().OrderBy(m => m.Id).ToList());
        yield return ("json nested member filter", db => db.Members.Where(m => m.Contact.Address.City == "Oslo").OrderBy(m => m.Id).Select(m => m.Name).ToList());
        yield return ("json bool filter", db => db.Members.Where(m => m.Contact.Verified).OrderBy(m => m.Id).Select(m => m.Id).ToList());
        yield return ("json null filter", db => db.Members.Where(m => m.Contact.Address.Floor == null).OrderBy(m => m.Id).Select(m => m.Id).ToList());
        yield return ("json int compare", db => db.Members.Where(m => m.Contact.Address.Floor > 2).OrderBy(m => m.Id).Select(m => m.Contact.Address.Floor).ToList());
        yield return ("json datetime compare", db => db.Members.Where(m => m.Contact.Address.Since > new DateTime(2021, 1, 1)).OrderBy(m => m.Id).Select(m => m.Contact.Address.Since).ToList());
        yield return ("json decimal compare", db => db.Members.Where(m => m.Contact.Address.Rent >= 1000m).OrderBy(m => m.Id).Select(m => m.Contact.Address.Rent).ToList());
        yield return ("json string method", db => db.Members.Where(m => m.Contact.Email!.StartsWith("a")).OrderBy(m => m.Id).Select(m => m.Contact.Email).ToList());
        yield return ("json order by", db => db.Members.OrderBy(m => m.Contact.Email).ThenBy(m => m.Id).Select(m => m.Id).ToList());
        yield return ("json order by nested", db => db.Members.OrderByDescending(m => m.Contact.Address.Since).Select(m => m.Name).ToList());
        yield return ("json projection scalars", db => db.Members.OrderBy(m => m.Id).Select(m => new { m.Contact.Address.City, m.Contact.Address.Rent, m.Contact.Verified }).ToList());
        yield return ("json projection object", db => db.Members.AsNoTracking().OrderBy(m => m.Id).Select(m => m.Contact).ToList());
        yield return ("json projection nested object", db => db.Members.AsNoTracking().OrderBy(m => m.Id).Select(m => m.Contact.Address).ToList());
        yield return ("json projection collection", db => db.Members.AsNoTracking().OrderBy(m => m.Id).Select(m => m.Visits).ToList());
        yield return ("json collection element filter", db => db.Members.Where(m => m.Visits[0].Pages > 3).OrderBy(m => m.Id).Select(m => m.Id).ToList());
        yield return ("json collection element projection", db => db.Members.OrderBy(m => m.Id).Select(m => m.Visits[1].Note ?? "none").ToList());
        yield return ("json group by", db => db.Members.GroupBy(m => m.Contact.Address.City).Select(g => new { g.Key, N = g.Count() }).OrderBy(x => x.Key).ToList());
        yield return ("tpt all", db => db.Animals.OrderBy(a => a.Id).ToList());
        yield return ("tpt of type", db => db.Animals.OfType<Dog>().OrderBy(d => d.Id).Select(d => new { d.Name, d.Breed, d.Trained }).ToList());
        yield return ("tpt derived filter", db => db.Animals.Where(a => a is Cat && ((Cat)a).Lives > 5).OrderBy(a => a.Id).Select(a => a.Name).ToList());
        yield return ("tpt base filter", db => db.Animals.Where(a => a.Born < new DateOnly(2020, 1, 1)).OrderBy(a => a.Id).Select(a => a.Id).ToList());
        yield return ("tpt type projection", db => db.Animals.OrderBy(a => a.Id).Select(a => new { a.Id, Dog = a is Dog, Breed = (a as Dog)!.Breed }).ToList());
        yield return ("tpc all", db => db.Vehicles.OrderBy(v => v.Id).ToList());
        yield return ("tpc of type", db => db.Vehicles.OfType<Bike>().Where(b => b.Electric).OrderBy(b => b.Id).Select(b => new { b.Id, b.RangeKm }).ToList());
        yield return ("tpc base filter", db => db.Vehicles.Where(v => v.Price > 1000m).OrderBy(v => v.Price).Select(v => v.Maker).ToList());
        yield return ("tpc group by type", db => db.Vehicles.GroupBy(v => v is Car).Select(g => new { Car = g.Key, N = g.Count(), Total = g.Sum(v => v.Price) }).OrderBy(x => x.Car).ToList());
        yield return ("tpc count", db => db.Vehicles.Count(v => v.Maker.Contains("o")));
    }

    private static IEnumerable<(string Step, Action<DocumentContext> Change)> Script() => [.. DocumentScript(), .. CollectionScript.Steps()];

    private static IEnumerable<(string Step, Action<DocumentContext> Change)> DocumentScript()
    {
        yield return ("a value inside a document", db => db.Members.Single(m => m.Id == 1).Contact.Address.City = "Bergen");
        yield return ("a bool inside a document", db => { foreach (Member m in db.Members) { m.Contact.Verified = !m.Contact.Verified; } });
        yield return ("a decimal and a null", db => { Member m = db.Members.Single(x => x.Id == 2); m.Contact.Address.Rent = 1234.5678m; m.Contact.Address.Floor = null; });
        yield return ("a whole object", db => db.Members.Single(m => m.Id == 3).Contact = new Contact { Email = "new@x.test", Verified = true, Address = new Address { City = "Cairo", Floor = 9, Since = new DateTime(2025, 5, 5, 5, 5, 5), Rent = 10m } });
        yield return ("collection elements", db =>
        {
            Member m = db.Members.Single(x => x.Id == 1);
            m.Visits[0].Pages = 42;
            m.Visits.RemoveAt(m.Visits.Count - 1);
            m.Visits.Add(new Visit { At = new DateTime(2026, 1, 2, 3, 4, 5, 6), Pages = 7, Note = "it's new" });
        }
        );
        yield return ("a new member", db => db.Members.Add(new Member { Name = "Zed", Contact = new Contact { Address = new Address { City = "Lima", Since = new DateTime(2020, 2, 29) } } }));
        yield return ("a member deleted", db => db.Members.Remove(db.Members.Single(m => m.Id == 4)));
        yield return ("tpt changes", db =>
        {
            db.Animals.Add(new Dog { Name = "Rex", Born = new DateOnly(2024, 4, 4), Breed = "mixed" });
            db.Animals.OfType<Cat>().First().Lives = 1;
            db.Animals.Remove(db.Animals.OfType<Dog>().OrderBy(d => d.Id).First());
        }
        );
        yield return ("tpc changes", db =>
        {
            db.Vehicles.Add(new Car { Id = 100, Maker = "Volvo", Price = 30000m, Doors = 5 });
            db.Vehicles.Add(new Bike { Id = 101, Maker = "Brompton", Price = 1500m, Electric = false });
            db.Vehicles.OfType<Bike>().Single(b => b.Id == 3).RangeKm = 80.5;
            db.Vehicles.Remove(db.Vehicles.Single(v => v.Id == 1));
        }
        );
    }

    private static string Snapshot(Func<DocumentContext> open)
    {
        using DocumentContext context = open();
        return CanonicalJson.Of(new
        {
            Members = context.Members.AsNoTracking().OrderBy(m => m.Id).ToList(),
            Animals = context.Animals.AsNoTracking().OrderBy(a => a.Id).ToList(),
            Vehicles = context.Vehicles.AsNoTracking().OrderBy(v => v.Id).ToList(),
            Crates = context.Crates.AsNoTracking().OrderBy(c => c.Id).ToList(),
        });
    }
}
