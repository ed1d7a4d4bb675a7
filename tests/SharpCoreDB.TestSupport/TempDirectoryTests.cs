// The base of the test classes that work in a temporary directory of their own: it owns the
// directory for the test's lifetime and deletes it afterwards (TempDirectory), so that a
// class says only which prefix names its leftovers. A class with more to release keeps its
// own directory field and Dispose instead.
namespace SharpCoreDB.TestSupport;

public abstract class TempDirectoryTests(string prefix = "scdb-test-") : IDisposable
{
    /// <summary>The test's own directory, deleted after the test.</summary>
    protected TempDirectory Dir { get; } = new(prefix);

    public void Dispose()
    {
        Dir.Dispose();
        GC.SuppressFinalize(this);
    }
}
