// A fresh directory under the system temp directory (on the real disk, so that fsync
// means what it means in production), deleted with everything in it afterwards.
namespace SharpCoreDB.Wal.Tests.Support;

public sealed class TempDirectory : IDisposable
{
    public TempDirectory() => Path = Directory.CreateTempSubdirectory("scdb-wal-").FullName;

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
            // A log a failed test left open; the OS cleans temp eventually.
        }
    }
}
