// A fresh directory under the system temp directory, deleted with everything in it
// afterwards: every test that needs real files (database, log, CSV, fake sysfs trees)
// works in one of its own. On the real disk, so that fsync means what it does in
// production. The prefix names the test area, which tells whose leftovers are whose.
namespace SharpCoreDB.TestSupport;

/// <summary>A temporary directory that <see cref="Dispose"/> deletes.</summary>
public sealed class TempDirectory : IDisposable
{
    public TempDirectory(string prefix = "scdb-test-") => Path = Directory.CreateTempSubdirectory(prefix).FullName;

    /// <summary>The directory's full path.</summary>
    public string Path { get; }

    /// <summary>The path of <paramref name="name"/> inside the directory.</summary>
    public string File(string name) => System.IO.Path.Combine(Path, name);

    public void Dispose()
    {
        try
        {
            Directory.Delete(Path, recursive: true);
        }
        catch (IOException)
        {
            // A file that a failed test left open; the OS cleans temp eventually.
        }
    }
}
