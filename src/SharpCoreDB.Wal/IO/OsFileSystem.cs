// The real file system. Files are opened with FileShare.None, which .NET maps to
// an exclusive advisory lock (flock) on Unix and a share-deny on Windows, so a
// second process opening the same database fails at once instead of corrupting it.
// A temporary file has no name on Linux (O_TMPFILE), is unlinked as soon as it is
// open on other Unixes and opened delete-on-close on Windows, so that even a killed
// process leaves none behind.
// SyncDirectory fsyncs a directory on Linux: a file's own fsync does not promise
// that its directory entry survives a power loss. CompletionCpu reads sysfs to find
// where the disk's interrupts go (Placement/DiskCompletionCpu).
using System.Runtime.InteropServices;
using Microsoft.Win32.SafeHandles;

namespace SharpCoreDB.Wal.IO;

/// <summary>The operating system's files, used by everything outside tests.</summary>
internal sealed partial class OsFileSystem : IFileSystem
{
    /// <summary>The single instance; the type holds no state.</summary>
    public static readonly OsFileSystem Instance = new();

    // Simple wildcards (no DOS 8.3 quirks), and dot files too: Unix calls them hidden, and a database
    // named ".db" has a log named ".db-wal".
    private static readonly EnumerationOptions ListingOptions = new() { MatchType = MatchType.Simple, AttributesToSkip = 0 };

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
            StorageFileMode.CreateNew or StorageFileMode.Temporary => (FileMode.Create, FileAccess.ReadWrite),
            _ => throw new ArgumentOutOfRangeException(nameof(mode)),
        };
        if (mode == StorageFileMode.Temporary && OperatingSystem.IsLinux() && OpenNameless(path) is { } nameless)
        {
            return nameless;
        }

        var options = FileOptions.RandomAccess;
        if (mode == StorageFileMode.Temporary && OperatingSystem.IsWindows())
        {
            options |= FileOptions.DeleteOnClose;
        }

        var handle = File.OpenHandle(path, fileMode, access, FileShare.None, options);
        if (mode == StorageFileMode.Temporary && !OperatingSystem.IsWindows())
        {
            try
            {
                File.Delete(path);
            }
            catch
            {
                handle.Dispose();
                throw;
            }
        }

        return new OsStorageFile(path, handle);
    }

    // Linux: a file with no name at all in the target's directory (O_TMPFILE), so not even a crash in
    // the instant after creating it can leave it behind. Null where the file system has no such files
    // (the caller then creates and unlinks a named one).
    private static OsStorageFile? OpenNameless(string path)
    {
        const int ReadWrite = 2;
        const int TemporaryFile = 0x410000; // O_TMPFILE (__O_TMPFILE | O_DIRECTORY), the same on x86-64 and arm64
        int fd = open(Path.GetDirectoryName(Path.GetFullPath(path))!, TemporaryFile | ReadWrite, 0x180 /* 0600 */);
        return fd < 0 ? null : new OsStorageFile(path, new SafeFileHandle(fd, ownsHandle: true));
    }

    /// <inheritdoc />
    public bool Exists(string path) => File.Exists(path);

    /// <inheritdoc />
    public void Delete(string path) => File.Delete(path);

    /// <inheritdoc />
    public void Move(string sourcePath, string destinationPath) => File.Move(sourcePath, destinationPath, overwrite: false);

    /// <inheritdoc />
    public IEnumerable<string> EnumerateFiles(string directoryPath, string searchPattern) =>
        Directory.Exists(directoryPath)
            ? Directory.EnumerateFiles(directoryPath, searchPattern, ListingOptions)
            : [];

    /// <inheritdoc />
    public void SyncDirectory(string directoryPath)
    {
        if (!OperatingSystem.IsLinux())
        {
            // Windows and macOS offer no portable directory fsync; NTFS and APFS journal
            // their metadata.
            return;
        }

        int fd = open(directoryPath, 0);
        if (fd < 0)
        {
            int errno = Marshal.GetLastPInvokeError();
            throw new IOException($"Cannot open directory '{directoryPath}' to sync it (errno {errno}).", errno);
        }

        try
        {
            if (fsync(fd) != 0)
            {
                int errno = Marshal.GetLastPInvokeError();
                throw new IOException($"fsync failed on directory '{directoryPath}' (errno {errno}).", errno);
            }
        }
        finally
        {
            _ = close(fd);
        }
    }

    /// <inheritdoc />
    public int CompletionCpu(string path) => Placement.DiskCompletionCpu.Find(path);

    [LibraryImport("libc", EntryPoint = "open", SetLastError = true, StringMarshalling = StringMarshalling.Utf8)]
    private static partial int open(string path, int flags);

    [LibraryImport("libc", EntryPoint = "open", SetLastError = true, StringMarshalling = StringMarshalling.Utf8)]
    private static partial int open(string path, int flags, int mode);

    [LibraryImport("libc", SetLastError = true)]
    private static partial int fsync(int fd);

    [LibraryImport("libc", SetLastError = true)]
    private static partial int close(int fd);
}
