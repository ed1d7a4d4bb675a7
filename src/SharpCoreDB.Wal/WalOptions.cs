// The settings of a log, fixed when it is opened, and the rules they must meet.
// Each setting's default and its check live here and nowhere else: the storage
// engine carries a WalOptions inside its own options (StorageOptions.Log), and the
// provider's options read and write that one, so the layers above never restate a
// log setting.
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Wal;

/// <summary>How a log is opened and how it acknowledges appends.</summary>
internal sealed record WalOptions
{
    /// <summary>The smallest append buffer the group-commit log accepts.</summary>
    public const int MinBufferSize = 4 << 10;

    /// <summary>The largest append buffer the group-commit log accepts.</summary>
    public const int MaxBufferSize = 64 << 20;

    /// <summary>The smallest segment size: a segment must hold its header and at least a record.</summary>
    public const long MinSegmentSize = 4096;

    /// <summary>FullSync (the default) or Async.</summary>
    public WalDurability Durability { get; init; } = WalDurability.FullSync;

    /// <summary>True (the default) for the group-commit log; false for the fsync-per-record baseline.</summary>
    public bool UseGroupCommit { get; init; } = true;

    /// <summary>In Async mode, the longest a record waits in memory before the worker writes it.</summary>
    public TimeSpan FlushInterval { get; init; } = TimeSpan.FromMilliseconds(10);

    /// <summary>The size of each append buffer rented from the array pool.</summary>
    public int BufferSize { get; init; } = 1 << 20;

    /// <summary>
    /// The size past which the log starts a new segment file. Released records are given back
    /// to the file system a whole segment at a time, so this bounds how much released space
    /// the log may still hold.
    /// </summary>
    public long SegmentSize { get; init; } = 64L << 20;

    /// <summary>
    /// Where a new log starts numbering: its first record gets this LSN + 1. The engine passes its
    /// checkpoint LSN, so a log recreated after its files were deleted keeps LSNs increasing.
    /// An existing log ignores it.
    /// </summary>
    public long InitialLsn { get; init; }

    /// <summary>
    /// True to run the group-commit log's flush worker on the CPU that takes the disk's completion
    /// interrupts, where the disk has exactly one such CPU (a single-queue device on Linux; see
    /// <see cref="IFileSystem.CompletionCpu"/>). A thread that sleeps in fsync on another CPU is woken
    /// by an inter-processor interrupt, which on a virtual machine costs a large part of a fast disk's
    /// flush. False (the default) leaves the worker to the scheduler: blocking FullSync committers
    /// lead their own flush rounds, so the worker serves only awaiting callers and Async mode, and a
    /// library should not change its host's thread affinity unasked. Other threads are never pinned.
    /// </summary>
    public bool PinFlushWorker { get; init; }

    /// <summary>Where the log's bytes go; tests replace it to inject faults.</summary>
    public IFileSystem FileSystem { get; init; } = OsFileSystem.Instance;

    /// <summary>Throws an <see cref="ArgumentException"/> naming the setting that cannot be used.</summary>
    public void Validate()
    {
        ArgumentNullException.ThrowIfNull(FileSystem);
        ArgumentOutOfRangeException.ThrowIfLessThan(BufferSize, MinBufferSize);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(BufferSize, MaxBufferSize);
        ArgumentOutOfRangeException.ThrowIfLessThan(SegmentSize, MinSegmentSize);
        if (FlushInterval <= TimeSpan.Zero || FlushInterval.TotalMilliseconds > int.MaxValue)
        {
            throw new ArgumentOutOfRangeException(nameof(FlushInterval), FlushInterval, "FlushInterval must be positive.");
        }

        if (!Enum.IsDefined(Durability))
        {
            throw new ArgumentOutOfRangeException(nameof(Durability), Durability, "Unknown durability mode.");
        }

        ArgumentOutOfRangeException.ThrowIfNegative(InitialLsn);
    }
}
