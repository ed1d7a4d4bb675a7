// Parses every statement and query SQLite runs in the sqllogictest corpus under
// ../shared/sqllogictest and requires each to parse: the dialect must cover what
// the conformance runner will feed the engine.
namespace SharpCoreDB.Sql.Tests.Corpus;

[Trait("Category", "Slow")]
public sealed class SqlLogicTestCorpusTests
{
    [CorpusFact]
    public void EveryStatementSqliteRunsParses()
    {
        string[] files = Directory.GetFiles(RepositoryPaths.SqlLogicTestDirectory, "*.test", SearchOption.AllDirectories);
        Array.Sort(files, StringComparer.Ordinal);
        Assert.NotEmpty(files);

        int parsed = 0;
        var failures = new List<string>();
        foreach (string file in files)
        {
            foreach (SqlLogicTestRecord record in SqlLogicTestRecords.Read(file))
            {
                if (record.ExpectsError)
                {
                    // `statement error` may fail at parse time or at run time: nothing to require here.
                    continue;
                }

                try
                {
                    SqlScript script = SqlParser.Parse(record.Sql);
                    Assert.Single(script);
                    parsed++;
                }
                catch (SqlSyntaxException e)
                {
                    failures.Add($"{Path.GetRelativePath(RepositoryPaths.SqlLogicTestDirectory, record.File)}:{record.Line}: {e.Message}\n  {record.Sql}");
                }
            }
        }

        Assert.True(failures.Count == 0, $"{failures.Count} of {parsed + failures.Count} statements failed to parse:\n" + string.Join('\n', failures.Take(20)));
        Assert.True(parsed > 1000, $"only {parsed} statements found");
    }
}
