// A file of the operating system, read and written by position through
// RandomAccess. Flush uses fdatasync on Linux: it skips the metadata update
// (timestamps) that fsync also forces, which is what a log append needs; the
// file length is data for fdatasync's purposes, so growth is durable too.
using System.Runtime.InteropServices;
using Microsoft.Win32.SafeHandles;

namespace SharpCoreDB.Wal.IO;

internal sealed partial class OsStorageFile : IStorageFile
{
    private readonly SafeFileHandle _handle;

    public OsStorageFile(string path, SafeFileHandle handle)
    {
        Path = path;
        _handle = handle;
    }

    public string Path { get; }

    public long Length => RandomAccess.GetLength(_handle);

    public int Read(long offset, Span<byte> buffer)
    {
        int total = 0;
        while (total < buffer.Length)
        {
            int n = RandomAccess.Read(_handle, buffer[total..], offset + total);
            if (n == 0)
            {
                break;
            }

            total += n;
        }

        return total;
    }

    public void Write(long offset, ReadOnlySpan<byte> data) => RandomAccess.Write(_handle, data, offset);

    public void Flush()
    {
        if (OperatingSystem.IsLinux())
        {
            if (fdatasync(_handle.DangerousGetHandle().ToInt32()) != 0)
            {
                int errno = Marshal.GetLastPInvokeError();
                throw new IOException($"fdatasync failed on '{Path}' (errno {errno}).", errno);
            }

            return;
        }

        RandomAccess.FlushToDisk(_handle);
    }

    public void SetLength(long length) => RandomAccess.SetLength(_handle, length);

    public void Dispose() => _handle.Dispose();

    [LibraryImport("libc", SetLastError = true)]
    private static partial int fdatasync(int fd);
}
