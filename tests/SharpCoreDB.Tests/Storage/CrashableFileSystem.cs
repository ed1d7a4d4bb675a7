using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Tests.Storage;

// Wraps the real file system. Crash() makes every later operation on files opened
// through it fail, as if the process had died at that instant; FailWritesAfter(n)
// lets n more writes through, then tears the next one (writes its first half) and
// crashes. Disposing still closes the real handles so the files can be reopened.
internal sealed class CrashableFileSystem : IFileSystem
{
    private int _writesLeft = int.MaxValue;

    public bool Crashed { get; private set; }

    public int Writes { get; private set; }

    public void Crash() => Crashed = true;

    public void FailWritesAfter(int writes) => _writesLeft = writes;

    public IStorageFile Open(string path, StorageFileMode mode) => new File(this, OsFileSystem.Instance.Open(path, mode));

    public bool Exists(string path) => OsFileSystem.Instance.Exists(path);

    public void Delete(string path) => OsFileSystem.Instance.Delete(path);

    public IEnumerable<string> EnumerateFiles(string directoryPath, string searchPattern) =>
        OsFileSystem.Instance.EnumerateFiles(directoryPath, searchPattern);

    public void SyncDirectory(string directoryPath)
    {
        Check();
        OsFileSystem.Instance.SyncDirectory(directoryPath);
    }

    private void Check()
    {
        if (Crashed)
        {
            throw new IOException("simulated crash");
        }
    }

    private sealed class File(CrashableFileSystem fs, IStorageFile inner) : IStorageFile
    {
        public string Path => inner.Path;

        public long Length => inner.Length;

        public int Read(long offset, Span<byte> buffer)
        {
            fs.Check();
            return inner.Read(offset, buffer);
        }

        public void Write(long offset, ReadOnlySpan<byte> data)
        {
            fs.Check();
            if (fs._writesLeft-- <= 0)
            {
                inner.Write(offset, data[..(data.Length / 2)]);
                fs.Crash();
                throw new IOException("simulated crash during a write");
            }

            fs.Writes++;
            inner.Write(offset, data);
        }

        public void Flush()
        {
            fs.Check();
            inner.Flush();
        }

        public void SetLength(long length)
        {
            fs.Check();
            inner.SetLength(length);
        }

        public void Dispose() => inner.Dispose();
    }
}
