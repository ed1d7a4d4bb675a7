// A [Fact] that is skipped, with a reason, when ../shared/sqllogictest is absent
// (a checkout without the shared folder beside it).
namespace SharpCoreDB.Sql.Tests.Corpus;

internal sealed class CorpusFactAttribute : FactAttribute
{
    public CorpusFactAttribute()
    {
        if (!Directory.Exists(RepositoryPaths.SqlLogicTestDirectory))
        {
            Skip = "sqllogictest corpus not found at " + RepositoryPaths.SqlLogicTestDirectory;
        }
    }
}
