// docs/sql.md's "Functions" table against the engine: every built-in scalar function,
// aggregate, window function, table-valued function and connection counter the
// engine knows must be listed there (as `name`), so that a function added to the
// registry without its line in the docs fails here.
using SharpCoreDB.Execution.Functions;
using SharpCoreDB.Planning;
using SharpCoreDB.Sql.Tests;

namespace SharpCoreDB.Tests.Execution;

public sealed class FunctionDocumentationTests
{
    [Fact]
    public void EveryFunctionIsListedInTheDocs()
    {
        string[] lines = File.ReadAllLines(Path.Combine(RepositoryPaths.RepositoryRoot, "docs", "sql.md"));
        int start = Array.IndexOf(lines, "### Functions");
        Assert.True(start >= 0, "docs/sql.md has no \"### Functions\" section");
        int end = Array.FindIndex(lines, start + 1, line => line.StartsWith('#'));
        string section = string.Join("\n", lines[start..(end < 0 ? lines.Length : end)]);

        IEnumerable<string> names = FunctionRegistry.ScalarNames.Concat(FunctionRegistry.AggregateNames).Concat(WindowCompiler.WindowOnlyNames)
            .Concat(["json_each", "json_tree", "last_insert_rowid", "changes", "total_changes"]);
        string[] missing = [.. names.Select(n => n.ToLowerInvariant()).Distinct().Where(n => !section.Contains($"`{n}`", StringComparison.Ordinal))];
        Assert.Empty(missing);
    }
}
