// A fresh directory per test, deleted afterwards, for database and CSV files.
namespace SharpCoreDB.Cli.Tests.EndToEnd;

/// <summary>A temporary working directory.</summary>
public sealed class TempDirectory : IDisposable
{
    public TempDirectory()
    {
        Path = System.IO.Path.Combine(System.IO.Path.GetTempPath(), "sharpcoredb-cli-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(Path);
    }

    public string Path { get; }

    public string File(string name) => System.IO.Path.Combine(Path, name);

    public void Dispose()
    {
        try
        {
            Directory.Delete(Path, recursive: true);
        }
        catch (IOException)
        {
            // A file still closing on a slow machine is not worth a failed test.
        }
    }
}
