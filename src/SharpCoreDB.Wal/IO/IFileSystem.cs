// Opens, probes and deletes files. See IStorageFile for why this seam exists.
namespace SharpCoreDB.Wal.IO;

/// <summary>How a file is opened.</summary>
public enum StorageFileMode
{
    /// <summary>Open an existing file or create an empty one, for reading and writing.</summary>
    OpenOrCreate,

    /// <summary>Open an existing file for reading and writing; fail if it does not exist.</summary>
    OpenExisting,

    /// <summary>Open an existing file for reading only; fail if it does not exist.</summary>
    ReadOnly,

    /// <summary>Create a new empty file, replacing one that exists.</summary>
    CreateNew,
}

/// <summary>The file operations of SharpCoreDB, replaceable for fault injection.</summary>
public interface IFileSystem
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
