// One open segment file of the log: its sequence number, the LSN range it holds and
// how many bytes of it are valid. The flush worker (or the baseline's append lock) is
// the only writer of Length and LastLsn; readers such as Replay read them volatile.
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Wal.Segments;

/// <summary>An open segment file and the records it holds.</summary>
internal sealed class WalSegment : IDisposable
{
    private long _length;
    private long _lastLsn;

    public WalSegment(IStorageFile file, long sequence, long baseLsn, long length, long lastLsn)
    {
        File = file;
        Sequence = sequence;
        BaseLsn = baseLsn;
        _length = length;
        _lastLsn = lastLsn;
        Allocated = length;
    }

    public IStorageFile File { get; }

    /// <summary>The number in the segment's file name; consecutive segments have consecutive numbers.</summary>
    public long Sequence { get; }

    /// <summary>The LSN of the last record before this segment.</summary>
    public long BaseLsn { get; }

    /// <summary>Bytes written to the file: header plus whole frames.</summary>
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
