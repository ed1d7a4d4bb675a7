// A disk that fills up: the real file system, with a capacity for the directory the
// database lives in. A write or extension that would take the directory's files past
// it fails with ENOSPC and changes nothing, as a small tmpfs does; overwriting bytes
// a file already has always works, and deleting a file frees its space at once.
// Tests raise Capacity to "free space" and watch what the engine does meanwhile.
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Tests.Reliability;

internal sealed class FullDiskFileSystem(string directory) : IFileSystem
{
    /// <summary>Bytes the directory's files may hold in all.</summary>
    public long Capacity { get; set; } = long.MaxValue;

    /// <summary>How many writes or extensions failed for lack of space.</summary>
    public int Refused { get; private set; }

    /// <summary>Bytes the directory's files hold now.</summary>
    public long Used => Directory.EnumerateFiles(directory).Sum(f => new FileInfo(f).Length);

    public IStorageFile Open(string path, StorageFileMode mode) => new File(this, OsFileSystem.Instance.Open(path, mode));

    public bool Exists(string path) => OsFileSystem.Instance.Exists(path);

    public void Delete(string path) => OsFileSystem.Instance.Delete(path);

    public void SyncDirectory(string path) => OsFileSystem.Instance.SyncDirectory(path);

    public IEnumerable<string> EnumerateFiles(string directoryPath, string searchPattern) => OsFileSystem.Instance.EnumerateFiles(directoryPath, searchPattern);

    private void Reserve(IStorageFile file, long newLength)
    {
        lock (this)
        {
            long growth = newLength - file.Length;
            if (growth > 0 && Used + growth > Capacity)
            {
                Refused++;
                throw new IOException("No space left on device (test disk)", 28);
            }
        }
    }

    private sealed class File(FullDiskFileSystem fs, IStorageFile inner) : IStorageFile
    {
        public string Path => inner.Path;

        public long Length => inner.Length;

        public int Read(long offset, Span<byte> buffer) => inner.Read(offset, buffer);

        public void Write(long offset, ReadOnlySpan<byte> data)
        {
            fs.Reserve(inner, offset + data.Length);
            inner.Write(offset, data);
        }

        public void Flush() => inner.Flush();

        public void SetLength(long length)
        {
            fs.Reserve(inner, length);
            inner.SetLength(length);
        }

        public void Dispose() => inner.Dispose();
    }
}
