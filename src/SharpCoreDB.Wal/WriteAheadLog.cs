// The one entry point the engine uses: WriteAheadLog.Open(path, options). It has
// the options check themselves (WalOptions.Validate), recovers the log's files
// (scan, cut a torn tail, keep and report damage, repair headers and the anchor,
// drop orphaned segments) and returns the implementation the options ask for. Replay on the returned log then hands the
// recovered records to the caller, and Recovery says what recovery found.
using SharpCoreDB.Wal.Baseline;
using SharpCoreDB.Wal.GroupCommit;
using SharpCoreDB.Wal.IO;
using SharpCoreDB.Wal.Segments;

namespace SharpCoreDB.Wal;

/// <summary>Opens write-ahead logs.</summary>
internal static class WriteAheadLog
{
    /// <summary>
    /// Opens (creating if needed) the log whose anchor file is <paramref name="path"/>; its
    /// segments live beside it as "<paramref name="path"/>.00000001" and so on. Recovery
    /// runs before this returns. The files stay locked until the log is disposed.
    /// </summary>
    public static IWriteAheadLog Open(string path, WalOptions options)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        ArgumentNullException.ThrowIfNull(options);
        options.Validate();
        var segments = WalRecovery.Open(options.FileSystem, path, options.SegmentSize, options.InitialLsn);
        try
        {
            return options.UseGroupCommit
                ? new GroupCommitWal(segments, path, options)
                : new FsyncPerRecordWal(segments, options);
        }
        catch
        {
            segments.Dispose();
            throw;
        }
    }

    /// <summary>
    /// Whether a log exists at <paramref name="path"/>: its anchor file or any of its segment files. A log
    /// whose anchor was lost still holds records, and opening it rebuilds the anchor.
    /// </summary>
    public static bool Exists(string path, IFileSystem fileSystem)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        ArgumentNullException.ThrowIfNull(fileSystem);
        return fileSystem.Exists(path) || WalSegmentFiles.ListSequences(fileSystem, path).Count > 0;
    }

    /// <summary>
    /// Deletes a closed log: every segment file beside it (newest first, so that a crash part-way leaves
    /// the oldest ones and the anchor, a log with no hole) and then its anchor.
    /// </summary>
    public static void Delete(string path, IFileSystem fileSystem)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        ArgumentNullException.ThrowIfNull(fileSystem);
        var sequences = WalSegmentFiles.ListSequences(fileSystem, path);
        for (int i = sequences.Count - 1; i >= 0; i--)
        {
            fileSystem.Delete(WalSegmentFiles.SegmentPath(path, sequences[i]));
        }

        fileSystem.Delete(path);
    }
}
