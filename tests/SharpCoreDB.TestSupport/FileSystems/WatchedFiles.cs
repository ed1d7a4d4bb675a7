// The file filters the test file systems are given: which files' calls they fail or
// record. A log's segment files end in their sequence number; the database file, the
// log's anchor and temporary files do not.
namespace SharpCoreDB.TestSupport.FileSystems;

public static class WatchedFiles
{
    /// <summary>The log's segment files (their names end in a digit).</summary>
    public static bool LogSegments(string path) => char.IsAsciiDigit(path[^1]);

    /// <summary>Files whose name (not directory) contains <paramref name="text"/>.</summary>
    public static Func<string, bool> NameContains(string text) =>
        path => Path.GetFileName(path).Contains(text, StringComparison.Ordinal);

    /// <summary>Files whose name (not directory) starts with <paramref name="prefix"/>.</summary>
    public static Func<string, bool> NameStartsWith(string prefix) =>
        path => Path.GetFileName(path).StartsWith(prefix, StringComparison.Ordinal);

    /// <summary>Files whose path ends with <paramref name="suffix"/>.</summary>
    public static Func<string, bool> PathEndsWith(string suffix) =>
        path => path.EndsWith(suffix, StringComparison.Ordinal);
}
