// The queries of CollectionQueries on EF Core's SQLite provider and on ours, over the same
// seeded documents (DocumentSeed), with equal results required; those the SQLite provider
// answers wrongly or cannot translate against LINQ to Objects; and the shapes that need
// the SQL APPLY operation of a subquery (a correlated subquery in FROM: SelectMany over a
// filtered or owned collection, a filtered collection projected as a list), which neither
// engine has, refused by both with an InvalidOperationException that says so rather than a
// syntax error.
using Microsoft.EntityFrameworkCore;
using SharpCoreDB.EntityFrameworkCore.Query;
using SharpCoreDB.EntityFrameworkCore.Tests.Shop;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Documents;

[Trait("Category", "Slow")]
public sealed class CollectionQueryTests(CollectionQueryTests.Databases databases) : IClassFixture<CollectionQueryTests.Databases>
{
    public static TheoryData<string> QueryNames => [.. CollectionQueries.All().Select(q => q.Name)];

    public static TheoryData<string> MemoryQueryNames => [.. CollectionQueries.AgainstMemory().Select(q => q.Name)];

    [Fact]
    public void QueryNamesAreUnique()
    {
        List<string> names = [.. CollectionQueries.All().Select(q => q.Name), .. CollectionQueries.AgainstMemory().Select(q => q.Name)];
        Assert.Equal(names.Count, names.Distinct().Count());
    }

    [Theory]
    [MemberData(nameof(QueryNames))]
    public void SameResultAsTheSqliteProvider(string name)
    {
        databases.AssertSameResult(CollectionQueries.All().Single(q => q.Name == name).Run);
    }

    [Fact]
    public void ShapesThatNeedApplyAreRefusedByBoth()
    {
        Func<DocumentContext, object?>[] shapes =
        [
            db => db.Members.SelectMany(m => m.Visits).ToList(),
            db => db.Members.SelectMany(m => m.Tags.Where(t => t != "red")).ToList(),
            db => db.Members.Select(m => m.Visits.Where(v => v.Pages > 2).ToList()).ToList(),
            db => db.Members.Select(m => m.Scores.Where(s => s > 1).ToList()).ToList(),
        ];
        foreach (Func<DocumentContext, object?> shape in shapes)
        {
            using DocumentContext ours = databases.Ours();
            InvalidOperationException error = Assert.Throws<InvalidOperationException>(() => shape(ours));
            Assert.Equal(SharpCoreDBQueryTranslationPostprocessor.ApplyNotSupported, error.Message);
            using DocumentContext sqlite = databases.Sqlite();
            Assert.Contains("APPLY", Assert.Throws<InvalidOperationException>(() => shape(sqlite)).Message, StringComparison.Ordinal);
        }
    }

    [Theory]
    [MemberData(nameof(MemoryQueryNames))]
    public void SameResultAsLinqToObjects(string name)
    {
        Func<IQueryable<Member>, object?> run = CollectionQueries.AgainstMemory().Single(q => q.Name == name).Run;
        using DocumentContext context = databases.Ours();
        string expected = CanonicalJson.Of(run(context.Members.AsNoTracking().ToList().AsQueryable()));
        Assert.Equal(expected, CanonicalJson.Of(run(context.Members)));
    }

    public sealed class Databases() : TwinDatabases<DocumentContext>("scdb-efcollections-", "collections", options => new DocumentContext(options), DocumentSeed.Fill);
}
