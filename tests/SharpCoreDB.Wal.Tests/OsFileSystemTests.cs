using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Wal.Tests;

public sealed class OsFileSystemTests : IDisposable
{
    private readonly TempDirectory _dir = new("scdb-fs-");

    public void Dispose() => _dir.Dispose();

    [Fact]
    public void WritesReadBackAfterReopen()
    {
        string path = _dir.File("a.bin");
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
        string path = _dir.File("locked.bin");
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
        string path = _dir.File("t.bin");
        using var file = OsFileSystem.Instance.Open(path, StorageFileMode.CreateNew);
        file.Write(0, new byte[4096]);
        file.SetLength(10);
        Assert.Equal(10, file.Length);
    }
}
