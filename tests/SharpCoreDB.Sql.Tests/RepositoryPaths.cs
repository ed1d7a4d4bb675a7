// Finds the repository root (the folder holding SharpCoreDB.sln) from the test
// assembly's location, so tests can read the grammar and ../shared wherever the
// repository is checked out.
namespace SharpCoreDB.Sql.Tests;

internal static class RepositoryPaths
{
    private static readonly Lazy<string> Root = new(FindRoot);

    public static string RepositoryRoot => Root.Value;

    /// <summary>../shared/sqllogictest beside the repository root.</summary>
    public static string SqlLogicTestDirectory =>
        Path.GetFullPath(Path.Combine(RepositoryRoot, "..", "shared", "sqllogictest"));

    private static string FindRoot()
    {
        string? directory = AppContext.BaseDirectory;
        while (directory is not null)
        {
            if (File.Exists(Path.Combine(directory, "SharpCoreDB.sln")))
            {
                return directory;
            }

            directory = Path.GetDirectoryName(directory);
        }

        throw new InvalidOperationException("SharpCoreDB.sln not found above " + AppContext.BaseDirectory);
    }
}
