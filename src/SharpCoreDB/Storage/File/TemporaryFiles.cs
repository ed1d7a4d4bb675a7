// The temporary files a database makes beside itself: sort runs that outgrew memory
// (Execution/Spill), old page versions that long readers pin and the private pages of
// a write transaction larger than its share of the cache (both PageSlotFile).
// They are created in StorageFileMode.Temporary, so that they vanish with their handle
// even when the process is killed (unlinked at once on Unix, delete-on-close on
// Windows). Files with these names that are visible anyway were left by a crash in
// the instant between creating and unlinking one, or by an older build; a
// read-write open deletes them (on Windows a file another process still has open
// cannot be deleted, and is left to it).
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Storage.File;

/// <summary>Names, creation and clean-up of the database's temporary files.</summary>
internal static class TemporaryFiles
{
    /// <summary>A sort run's file name starts with this.</summary>
    public const string SortRunPrefix = "sharpcoredb-sort-";

    /// <summary>The old page versions' file name starts with this.</summary>
    public const string VersionsPrefix = "sharpcoredb-versions-";

    /// <summary>The file of a large write transaction's private pages starts with this.</summary>
    public const string PrivatePagesPrefix = "sharpcoredb-pages-";

    private const string Extension = ".tmp";

    /// <summary>Creates a new temporary file named <paramref name="prefix"/> plus a random part in <paramref name="directory"/>.</summary>
    public static IStorageFile Create(IFileSystem fileSystem, string directory, string prefix, string what)
    {
        string path = Path.Combine(directory, prefix + Guid.NewGuid().ToString("N") + Extension);
        try
        {
            return fileSystem.Open(path, StorageFileMode.Temporary);
        }
        catch (IOException e)
        {
            throw IoFailure.From(e, $"creating {what} '{path}'");
        }
        catch (UnauthorizedAccessException e)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.IoError, $"Creating {what} '{path}' was denied: {e.Message}", e);
        }
    }

    /// <summary>Deletes leftover temporary files in <paramref name="directory"/>; returns how many went.</summary>
    public static int DeleteLeftovers(IFileSystem fileSystem, string directory)
    {
        int deleted = 0;
        foreach (string prefix in new[] { SortRunPrefix, VersionsPrefix, PrivatePagesPrefix })
        {
            IEnumerable<string> leftovers;
            try
            {
                leftovers = fileSystem.EnumerateFiles(directory, prefix + "*" + Extension).ToList();
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                return deleted;
            }

            foreach (string leftover in leftovers)
            {
                try
                {
                    fileSystem.Delete(leftover);
                    deleted++;
                }
                catch (Exception e) when (e is IOException or UnauthorizedAccessException)
                {
                    // In use by a live process (Windows): it goes when that process closes it.
                }
            }
        }

        return deleted;
    }
}
