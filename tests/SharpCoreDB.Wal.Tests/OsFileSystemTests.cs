using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Wal.Tests;

public sealed class OsFileSystemTests() : TempDirectoryTests("scdb-fs-")
{
    [Fact]
    public void WritesReadBackAfterReopen()
    {
        string path = Dir.File("a.bin");
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
        string path = Dir.File("locked.bin");
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
        string path = Dir.File("t.bin");
        using var file = OsFileSystem.Instance.Open(path, StorageFileMode.CreateNew);
        file.Write(0, new byte[4096]);
        file.SetLength(10);
        Assert.Equal(10, file.Length);
    }
}
