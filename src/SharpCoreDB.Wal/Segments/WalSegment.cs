// One open segment file of the log: its sequence number, the LSN range it holds, how
// many bytes of it are in use, and where its frames are. A segment normally holds one
// run of consecutive frames from its header to its end; one that recovery found
// damaged and kept holds several, with the unreadable bytes between them, and Replay
// reads run by run. The flush worker (or the baseline's append lock) is the only
// writer of Length and LastLsn; readers such as Replay read them volatile.
using SharpCoreDB.Wal.Format;
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Wal.Segments;

/// <summary>
/// Consecutive valid frames in a segment: the first starts at <paramref name="Offset"/> and carries
/// <paramref name="FirstLsn"/>; they end at <paramref name="End"/>, or at the segment's Length for the
/// run that new frames extend (<see cref="OpenEnded"/>).
/// </summary>
internal readonly record struct WalFrameRun(long Offset, long FirstLsn, long End)
{
    /// <summary>The End of a run that grows with the segment.</summary>
    public const long OpenEnded = long.MaxValue;
}

/// <summary>An open segment file and the records it holds.</summary>
internal sealed class WalSegment : IDisposable
{
    private long _length;
    private long _lastLsn;

    /// <summary>A segment whose frames form one run from its header on: every segment written without damage.</summary>
    public WalSegment(IStorageFile file, long sequence, long baseLsn, long length, long lastLsn)
        : this(file, sequence, baseLsn, length, lastLsn, [new WalFrameRun(WalSegmentHeader.Size, baseLsn + 1, WalFrameRun.OpenEnded)])
    {
    }

    public WalSegment(IStorageFile file, long sequence, long baseLsn, long length, long lastLsn, IReadOnlyList<WalFrameRun> runs)
    {
        File = file;
        Sequence = sequence;
        BaseLsn = baseLsn;
        _length = length;
        _lastLsn = lastLsn;
        Allocated = length;
        Runs = runs;
    }

    public IStorageFile File { get; }

    /// <summary>The number in the segment's file name; consecutive segments have consecutive numbers.</summary>
    public long Sequence { get; }

    /// <summary>
    /// The LSN of the last record before this segment: every record of earlier segments is at or below it.
    /// From the header, or, for a segment whose start recovery could not read, the LSN before its first
    /// readable record (or before the next readable one).
    /// </summary>
    public long BaseLsn { get; }

    /// <summary>Where the segment's valid frames are, in file order; read by Replay.</summary>
    public IReadOnlyList<WalFrameRun> Runs { get; }

    /// <summary>Bytes of the file in use: header plus frames (and, in a damaged segment, the bytes between runs).</summary>
    public long Length
    {
        get => Volatile.Read(ref _length);
        set => Volatile.Write(ref _length, value);
    }

    /// <summary>The LSN of the segment's newest record, or BaseLsn if it holds none.</summary>
    public long LastLsn
    {
        get => Volatile.Read(ref _lastLsn);
        set => Volatile.Write(ref _lastLsn, value);
    }

    /// <summary>
    /// The file's length: Length plus the zeros written ahead of it, so that appends overwrite
    /// allocated blocks inside the file and an fsync has no file-size change to commit.
    /// Touched by the writer only.
    /// </summary>
    public long Allocated { get; set; }

    public void Dispose() => File.Dispose();
}
