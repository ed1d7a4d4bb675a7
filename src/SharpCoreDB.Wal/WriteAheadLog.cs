// The one entry point the engine uses: WriteAheadLog.Open(path, options). It checks
// the options, recovers the log's files (scan, truncate the garbage tail, drop
// orphaned segments) and returns the implementation the options ask for. Replay on
// the returned log then hands the recovered records to the caller.
using SharpCoreDB.Wal.Baseline;
using SharpCoreDB.Wal.Format;
using SharpCoreDB.Wal.GroupCommit;
using SharpCoreDB.Wal.IO;
using SharpCoreDB.Wal.Segments;

namespace SharpCoreDB.Wal;

/// <summary>Opens write-ahead logs.</summary>
public static class WriteAheadLog
{
    /// <summary>The smallest and largest append buffer the group-commit log accepts.</summary>
    public const int MinBufferSize = 4 << 10;

    /// <inheritdoc cref="MinBufferSize"/>
    public const int MaxBufferSize = 64 << 20;

    /// <summary>
    /// Opens (creating if needed) the log whose anchor file is <paramref name="path"/>; its
    /// segments live beside it as "<paramref name="path"/>.00000001" and so on. Recovery
    /// runs before this returns. The files stay locked until the log is disposed.
    /// </summary>
    public static IWriteAheadLog Open(string path, WalOptions options)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(options.FileSystem);
        ArgumentOutOfRangeException.ThrowIfLessThan(options.BufferSize, MinBufferSize, nameof(options));
        ArgumentOutOfRangeException.ThrowIfGreaterThan(options.BufferSize, MaxBufferSize, nameof(options));
        ArgumentOutOfRangeException.ThrowIfLessThan(options.SegmentSize, 4096L, nameof(options));
        if (options.FlushInterval <= TimeSpan.Zero || options.FlushInterval.TotalMilliseconds > int.MaxValue)
        {
            throw new ArgumentOutOfRangeException(nameof(options), options.FlushInterval, "FlushInterval must be positive.");
        }

        if (!Enum.IsDefined(options.Durability))
        {
            throw new ArgumentOutOfRangeException(nameof(options), options.Durability, "Unknown durability mode.");
        }

        ArgumentOutOfRangeException.ThrowIfNegative(options.InitialLsn, nameof(options));
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
    /// Whether a log exists at <paramref name="path"/>: its anchor file is created before its
    /// first segment and deleted after its last, so without it there is no record to recover.
    /// </summary>
    public static bool Exists(string path, IFileSystem fileSystem)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        ArgumentNullException.ThrowIfNull(fileSystem);
        return fileSystem.Exists(path);
    }

    /// <summary>Deletes a closed log's anchor and every segment file it still has.</summary>
    public static void Delete(string path, IFileSystem fileSystem)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        ArgumentNullException.ThrowIfNull(fileSystem);
        if (!fileSystem.Exists(path))
        {
            return;
        }

        long sequence = 1;
        using (var anchorFile = fileSystem.Open(path, StorageFileMode.ReadOnly))
        {
            Span<byte> bytes = stackalloc byte[WalAnchor.FileSize];
            int read = anchorFile.Read(0, bytes);
            if (WalAnchor.TryReadNewest(bytes[..read], out var anchor))
            {
                sequence = anchor.FirstSequence;
            }
        }

        while (fileSystem.Exists(WalSegmentChain.SegmentPath(path, sequence)))
        {
            fileSystem.Delete(WalSegmentChain.SegmentPath(path, sequence));
            sequence++;
        }

        fileSystem.Delete(path);
    }
}
