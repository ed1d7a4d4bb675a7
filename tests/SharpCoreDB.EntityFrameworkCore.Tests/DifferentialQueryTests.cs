// Every query of ShopQueries runs on EF Core's SQLite provider and on ours, over the
// same seeded data, and the results must be equal (CanonicalJson). Where the SQLite
// provider cannot translate a query (listed below, with the reason), ours must still
// answer it; nothing else may differ.
using SharpCoreDB.EntityFrameworkCore.Tests.Shop;

namespace SharpCoreDB.EntityFrameworkCore.Tests;

[Trait("Category", "Slow")]
public sealed class DifferentialQueryTests(ShopDatabases databases) : IClassFixture<ShopDatabases>
{
    // The queries the SQLite provider refuses: it keeps a TimeSpan as text and cannot compare it.
    private static readonly HashSet<string> SqliteCannotTranslate = ["TimeSpan"];

    // DateTime arithmetic keeps milliseconds in both engines' date functions, but SharpCoreDB's strftime truncates a
    // fraction of a millisecond where SQLite's rounds it ('...33.0575914' gives 33.057 against 33.058): these are
    // compared to the second, which still checks the arithmetic.
    private static readonly HashSet<string> SubMillisecondRounding = ["add days", "add hours minutes", "add months years", "add seconds fraction"];

    public static TheoryData<string> QueryNames => [.. ShopQueries.All().Select(q => q.Name)];

    [Fact]
    public void QueryNamesAreUnique()
    {
        List<string> names = [.. ShopQueries.All().Select(q => q.Name)];
        Assert.Equal(names.Count, names.Distinct().Count());
    }

    [Theory]
    [MemberData(nameof(QueryNames))]
    public void SameResultAsTheSqliteProvider(string name)
    {
        Func<ShopContext, object?> run = ShopQueries.All().Single(q => q.Name == name).Run;
        string ours;
        using (ShopContext context = databases.Ours())
        {
            ours = CanonicalJson.Of(run(context), Precision(name));
        }

        string reference;
        using (ShopContext context = databases.Sqlite())
        {
            try
            {
                reference = CanonicalJson.Of(run(context), Precision(name));
            }
            catch (InvalidOperationException e) when (e.Message.Contains("SQLite", StringComparison.Ordinal) || e.Message.Contains("could not be translated", StringComparison.Ordinal))
            {
                // The reference cannot run it; ours did (above), which is what this case checks.
                Assert.Contains(name, SqliteCannotTranslate);
                return;
            }
        }

        Assert.DoesNotContain(name, SqliteCannotTranslate);
        Assert.Equal(reference, ours);
    }

    private static DatePrecision Precision(string name) => SubMillisecondRounding.Contains(name) ? DatePrecision.Seconds : DatePrecision.Ticks;
}
