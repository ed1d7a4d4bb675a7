using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Tests.Reliability;

/// <summary>How an injected fault shows itself.</summary>
public enum FaultMode
{
    /// <summary>The call throws an I/O error (EIO).</summary>
    IoError,

    /// <summary>The call throws "no space left on device" (ENOSPC).</summary>
    DiskFull,

    /// <summary>A write stores only its first half, then throws; other calls throw EIO.</summary>
    ShortWrite,
}

// Wraps the real file system and counts every read, write, fsync and length change
// made through it; the call numbered FailAt (0-based) fails as Mode says. Later
// calls go through, as on a disk whose trouble was passing. With a filter, only the
// calls on files whose path it accepts are counted (and can fail).
internal sealed class FaultInjectingFileSystem(int failAt, FaultMode mode, Func<string, bool>? only = null) : IFileSystem
{
    public int Calls { get; private set; }

    public bool Injected { get; private set; }

    /// <summary>The file whose call failed (null until one did).</summary>
    public string? InjectedPath { get; private set; }

    public IStorageFile Open(string path, StorageFileMode storageMode) => new File(this, OsFileSystem.Instance.Open(path, storageMode));

    public bool Exists(string path) => OsFileSystem.Instance.Exists(path);

    public void Delete(string path) => OsFileSystem.Instance.Delete(path);

    public IEnumerable<string> EnumerateFiles(string directoryPath, string searchPattern) =>
        OsFileSystem.Instance.EnumerateFiles(directoryPath, searchPattern);

    public void SyncDirectory(string path) => OsFileSystem.Instance.SyncDirectory(path);

    // True when this call is the one to fail.
    private bool Next(string path)
    {
        if (only is not null && !only(path))
        {
            return false;
        }

        lock (this)
        {
            if (Calls++ == failAt)
            {
                Injected = true;
                InjectedPath = path;
                return true;
            }

            return false;
        }
    }

    private IOException Error() => mode == FaultMode.DiskFull
        ? new IOException("No space left on device (injected)", 28)
        : new IOException("Input/output error (injected)", 5);

    private sealed class File(FaultInjectingFileSystem fs, IStorageFile inner) : IStorageFile
    {
        public string Path => inner.Path;

        public long Length => inner.Length;

        public int Read(long offset, Span<byte> buffer) =>
            fs.Next(inner.Path) ? throw fs.Error() : inner.Read(offset, buffer);

        public void Write(long offset, ReadOnlySpan<byte> data)
        {
            if (fs.Next(inner.Path))
            {
                if (fs.ModeIsShortWrite)
                {
                    inner.Write(offset, data[..(data.Length / 2)]);
                }

                throw fs.Error();
            }

            inner.Write(offset, data);
        }

        public void Flush()
        {
            if (fs.Next(inner.Path))
            {
                throw fs.Error();
            }

            inner.Flush();
        }

        public void SetLength(long length)
        {
            if (fs.Next(inner.Path))
            {
                throw fs.Error();
            }

            inner.SetLength(length);
        }

        public void Dispose() => inner.Dispose();
    }

    private bool ModeIsShortWrite => mode == FaultMode.ShortWrite;
}
