// The real file system. Files are opened with FileShare.None, which .NET maps to
// an exclusive advisory lock (flock) on Unix and a share-deny on Windows, so a
// second process opening the same database fails at once instead of corrupting it.
namespace SharpCoreDB.Wal.IO;

/// <summary>The operating system's files, used by everything outside tests.</summary>
public sealed class OsFileSystem : IFileSystem
{
    /// <summary>The single instance; the type holds no state.</summary>
    public static readonly OsFileSystem Instance = new();

    private OsFileSystem()
    {
    }

    /// <inheritdoc />
    public IStorageFile Open(string path, StorageFileMode mode)
    {
        var (fileMode, access) = mode switch
        {
            StorageFileMode.OpenOrCreate => (FileMode.OpenOrCreate, FileAccess.ReadWrite),
            StorageFileMode.OpenExisting => (FileMode.Open, FileAccess.ReadWrite),
            StorageFileMode.ReadOnly => (FileMode.Open, FileAccess.Read),
            StorageFileMode.CreateNew => (FileMode.Create, FileAccess.ReadWrite),
            _ => throw new ArgumentOutOfRangeException(nameof(mode)),
        };
        var handle = File.OpenHandle(path, fileMode, access, FileShare.None, FileOptions.RandomAccess);
        return new OsStorageFile(path, handle);
    }

    /// <inheritdoc />
    public bool Exists(string path) => File.Exists(path);

    /// <inheritdoc />
    public void Delete(string path) => File.Delete(path);
}
