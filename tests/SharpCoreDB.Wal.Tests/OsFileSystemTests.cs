using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Wal.Tests;

public sealed class OsFileSystemTests : IDisposable
{
    private readonly string _dir = Directory.CreateTempSubdirectory("scdb-fs-").FullName;

    public void Dispose() => Directory.Delete(_dir, recursive: true);

    [Fact]
    public void WritesReadBackAfterReopen()
    {
        string path = Path.Combine(_dir, "a.bin");
        byte[] data = [1, 2, 3, 4, 5];
        using (var file = OsFileSystem.Instance.Open(path, StorageFileMode.OpenOrCreate))
        {
            file.Write(100, data);
            file.Flush();
            Assert.Equal(105, file.Length);
        }

        using (var file = OsFileSystem.Instance.Open(path, StorageFileMode.ReadOnly))
        {
            var back = new byte[10];
            int n = file.Read(100, back);
            Assert.Equal(5, n);
            Assert.Equal(data, back[..5]);
        }
    }

    [Fact]
    public void SecondOpenOfTheSameFileFailsUntilTheFirstIsClosed()
    {
        string path = Path.Combine(_dir, "locked.bin");
        using (OsFileSystem.Instance.Open(path, StorageFileMode.OpenOrCreate))
        {
            Assert.ThrowsAny<IOException>(() => OsFileSystem.Instance.Open(path, StorageFileMode.OpenOrCreate));
        }

        using var again = OsFileSystem.Instance.Open(path, StorageFileMode.OpenExisting);
        Assert.Equal(0, again.Length);
    }

    [Fact]
    public void SetLengthTruncates()
    {
        string path = Path.Combine(_dir, "t.bin");
        using var file = OsFileSystem.Instance.Open(path, StorageFileMode.CreateNew);
        file.Write(0, new byte[4096]);
        file.SetLength(10);
        Assert.Equal(10, file.Length);
    }
}
