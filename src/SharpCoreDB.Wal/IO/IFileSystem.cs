// Opens, probes, lists and deletes files. See IStorageFile for why this seam exists.
// The log lists its directory to find its segment files without trusting the anchor
// alone: a lost anchor must not make a log with segments look like no log at all.
namespace SharpCoreDB.Wal.IO;

/// <summary>How a file is opened.</summary>
internal enum StorageFileMode
{
    /// <summary>Open an existing file or create an empty one, for reading and writing.</summary>
    OpenOrCreate,

    /// <summary>Open an existing file for reading and writing; fail if it does not exist.</summary>
    OpenExisting,

    /// <summary>Open an existing file for reading only; fail if it does not exist.</summary>
    ReadOnly,

    /// <summary>Create a new empty file, replacing one that exists.</summary>
    CreateNew,

    /// <summary>
    /// Create a new empty file that no crash can leave behind: on Linux it never has a name (O_TMPFILE, in the
    /// path's directory), on other Unixes its name is removed right after it is opened (the open handle keeps
    /// it alive), on Windows it is deleted when its last handle closes, which the system does for a killed
    /// process too. For temporary files (sort runs, old page versions).
    /// </summary>
    Temporary,
}

/// <summary>The file operations of SharpCoreDB, replaceable for fault injection.</summary>
internal interface IFileSystem
{
    /// <summary>
    /// Opens a file with an exclusive lock: a second open of the same path, from this
    /// process or another, fails with <see cref="IOException"/> until the first is disposed.
    /// </summary>
    IStorageFile Open(string path, StorageFileMode mode);

    /// <summary>True if a file exists at <paramref name="path"/>.</summary>
    bool Exists(string path);

    /// <summary>Deletes the file if it exists.</summary>
    void Delete(string path);

    /// <summary>
    /// Renames the file at <paramref name="sourcePath"/> to <paramref name="destinationPath"/> (in the same directory, an
    /// atomic step); fails with <see cref="IOException"/> when a file is already at the destination.
    /// </summary>
    void Move(string sourcePath, string destinationPath);

    /// <summary>
    /// The paths (<paramref name="directoryPath"/> combined with the file name) of the files directly in
    /// <paramref name="directoryPath"/> whose names match <paramref name="searchPattern"/>, where
    /// <c>*</c> stands for any run of characters and <c>?</c> for one; none if the directory does not exist.
    /// </summary>
    IEnumerable<string> EnumerateFiles(string directoryPath, string searchPattern);

    /// <summary>
    /// Makes the creation and deletion of files in <paramref name="directoryPath"/> durable
    /// (an fsync of the directory on Linux), so that a new log segment cannot vanish in a
    /// power loss after its records were acknowledged. The default does nothing, which suits
    /// file systems that have no such notion (in-memory fakes, wrappers that do not care).
    /// </summary>
    void SyncDirectory(string directoryPath)
    {
    }

    /// <summary>
    /// The CPU that takes every completion interrupt of the disk holding <paramref name="path"/>,
    /// or -1 if there is no such single CPU or the question makes no sense (the default). The
    /// group-commit log runs its flush worker there (<see cref="WalOptions.PinFlushWorker"/>).
    /// </summary>
    int CompletionCpu(string path) => -1;
}
