// The queries of CollectionQueries on EF Core's SQLite provider and on ours, over the same
// seeded documents (DocumentSeed), with equal results required; Concat over a collection,
// which the SQLite provider answers wrongly, against LINQ to Objects; and the shapes that need
// the SQL APPLY operation (a correlated subquery in FROM: SelectMany over a collection, a
// filtered collection projected as a list), which neither engine has, refused by both with
// an InvalidOperationException that says so rather than a syntax error.
using Microsoft.EntityFrameworkCore;
using SharpCoreDB.Data;
using SharpCoreDB.EntityFrameworkCore.Query;
using SharpCoreDB.EntityFrameworkCore.Tests.Shop;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Documents;

public sealed class CollectionQueryTests(CollectionQueryTests.Databases databases) : IClassFixture<CollectionQueryTests.Databases>
{
    public static TheoryData<string> QueryNames => [.. CollectionQueries.All().Select(q => q.Name)];

    [Fact]
    public void QueryNamesAreUnique()
    {
        List<string> names = [.. CollectionQueries.All().Select(q => q.Name)];
        Assert.Equal(names.Count, names.Distinct().Count());
    }

    [Theory]
    [MemberData(nameof(QueryNames))]
    public void SameResultAsTheSqliteProvider(string name)
    {
        Func<DocumentContext, object?> run = CollectionQueries.All().Single(q => q.Name == name).Run;
        string ours;
        using (DocumentContext context = databases.Ours())
        {
            ours = CanonicalJson.Of(run(context));
        }

        using DocumentContext reference = databases.Sqlite();
        Assert.Equal(CanonicalJson.Of(run(reference)), ours);
    }

    [Fact]
    public void ShapesThatNeedApplyAreRefusedByBoth()
    {
        Func<DocumentContext, object?>[] shapes =
        [
            db => db.Members.SelectMany(m => m.Tags).ToList(),
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

    // The SQLite provider's answer is wrong here, so ours is compared with the one computed in memory: the SQLite it
    // bundles (3.53.3) gives every row the count of the first when a correlated json_each is the first leg of a
    // UNION ALL in a subquery (SELECT (SELECT COUNT(*) FROM (SELECT 1 FROM json_each(m.Tags) UNION ALL SELECT 1) AS u)
    // FROM m is 3,3,3 for tags of 2, 0 and 3 elements; SQLite 3.40 answers 3,1,4), and the provider sends exactly that.
    [Fact]
    public void ConcatOverACollectionCountsEachRowsOwnElements()
    {
        using DocumentContext ours = databases.Ours();
        List<int> expected = [.. ours.Members.AsNoTracking().OrderBy(m => m.Id).AsEnumerable().Select(m => m.Tags.Concat(["x"]).Count())];
        Assert.Equal(expected, ours.Members.OrderBy(m => m.Id).Select(m => m.Tags.Concat(new[] { "x" }).Count()).ToList());
        Assert.Equal([3, 1, 4, 2, 5, 2], expected);
    }

    // The SQLite provider cannot compare TimeSpan values (it keeps them as text); ours, which keeps them as ticks in
    // JSON as in columns, is compared with LINQ to Objects.
    [Fact]
    public void TimeSpansInsideDocumentsCompareAsTime()
    {
        using DocumentContext ours = databases.Ours();
        TimeSpan limit = TimeSpan.FromMinutes(30);
        List<int> expected = [.. ours.Members.AsNoTracking().OrderBy(m => m.Id).AsEnumerable().Select(m => m.Visits.Count(v => v.Duration > limit))];
        Assert.Equal(expected, ours.Members.OrderBy(m => m.Id).Select(m => m.Visits.Count(v => v.Duration > limit)).ToList());
        Assert.Contains(expected, n => n > 0);
    }

    public sealed class Databases : IDisposable
    {
        private readonly TempDirectory _directory = new("scdb-efcollections-");

        public Databases()
        {
            foreach (Func<DocumentContext> open in new[] { Sqlite, Ours })
            {
                using DocumentContext context = open();
                context.Database.EnsureCreated();
                DocumentSeed.Fill(context);
            }
        }

        public DocumentContext Sqlite() => new(new DbContextOptionsBuilder<DocumentContext>().UseSqlite($"Data Source={_directory.File("collections.db")}").Options);

        public DocumentContext Ours() => new(new DbContextOptionsBuilder<DocumentContext>().UseSharpCoreDB($"Data Source={_directory.File("collections.scdb")}").Options);

        public void Dispose()
        {
            Microsoft.Data.Sqlite.SqliteConnection.ClearAllPools();
            SharpCoreDBConnection.ClearAllPools();
            _directory.Dispose();
        }
    }
}
