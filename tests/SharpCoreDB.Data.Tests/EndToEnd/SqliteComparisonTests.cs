// The base of the test classes that compare SharpCoreDB's answers with SQLite's: it owns
// the pair of in-memory connections (SqliteComparison), runs the class's set-up statements
// on both before each test and closes both after it, so that each class states only its
// schema and its tests. A class whose set-up is more than a list of statements runs it in
// its own constructor through Both.
namespace SharpCoreDB.Data.Tests.EndToEnd;

public abstract class SqliteComparisonTests : IDisposable
{
    /// <summary>Runs each set-up script (statements separated by `;`) on both engines, in order.</summary>
    protected SqliteComparisonTests(params string[] setUp)
    {
        foreach (string script in setUp)
        {
            Both.Execute(script);
        }
    }

    /// <summary>SQLite and SharpCoreDB, each with the class's schema.</summary>
    private protected SqliteComparison Both { get; } = new();

    public void Dispose()
    {
        Both.Dispose();
        GC.SuppressFinalize(this);
    }
}
