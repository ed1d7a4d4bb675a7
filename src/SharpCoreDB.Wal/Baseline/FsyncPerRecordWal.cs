// The plain baseline log: every append takes a lock, writes its one frame and fsyncs
// before returning, so each record costs one write call and one fsync. It shares the
// file format, the segments and the recovery of the group-commit log, which lets the
// engine run with group commit off and the benchmarks measure what grouping buys.
// Because each record is durable when its append returns, Async mode acknowledges no
// earlier than FullSync here: it never loses an acknowledged record.
using System.Runtime.ExceptionServices;
using SharpCoreDB.Wal.Format;
using SharpCoreDB.Wal.Segments;

namespace SharpCoreDB.Wal.Baseline;

/// <summary>A log that writes and fsyncs each record on its own.</summary>
internal sealed class FsyncPerRecordWal : IWriteAheadLog
{
    private readonly WalSegmentChain _segments;
    private readonly Lock _appendLock = new();
    private readonly long _openedAtLsn;
    private byte[] _frame = new byte[4096];
    private long _lastLsn;
    private long _bytesAppended;
    private Exception? _failure;
    private bool _disposed;

    public FsyncPerRecordWal(WalSegmentChain segments, WalOptions options)
    {
        _segments = segments;
        Durability = options.Durability;
        _lastLsn = segments.LastLsn;
        _openedAtLsn = _lastLsn;
    }

    public WalDurability Durability { get; }

    public long LastLsn => Volatile.Read(ref _lastLsn);

    public long DurableLsn => Volatile.Read(ref _lastLsn);

    public WalRecoveryReport Recovery => _segments.Recovery;

    public WalStatistics Statistics => new(
        LastLsn - _openedAtLsn, Interlocked.Read(ref _bytesAppended), _segments.Writes, _segments.Fsyncs, _segments.Length);

    public WalSlowSync[] SlowSyncs() => _segments.SlowSyncs();

    public long Append(ReadOnlySpan<byte> record) => Enqueue(record);

    public ValueTask<long> AppendAsync(ReadOnlyMemory<byte> record, CancellationToken cancellationToken = default)
    {
        try
        {
            cancellationToken.ThrowIfCancellationRequested();
            return new ValueTask<long>(Enqueue(record.Span));
        }
        catch (Exception exception)
        {
            return ValueTask.FromException<long>(exception);
        }
    }

    /// <summary>Writes and fsyncs the record before returning: there is nothing left to wait for.</summary>
    public long Enqueue(ReadOnlySpan<byte> record)
    {
        if (record.Length > WalFrame.MaxPayloadLength)
        {
            throw new ArgumentException($"A log record holds at most {WalFrame.MaxPayloadLength} bytes.", nameof(record));
        }

        lock (_appendLock)
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
            if (_failure is not null)
            {
                throw new WalFailedException(
                    "The write-ahead log failed to write or fsync and accepts no more records; reopen it to recover.", _failure);
            }

            int size = WalFrame.SizeOf(record.Length);
            if (_frame.Length < size)
            {
                _frame = new byte[Math.Max(size, _frame.Length * 2)];
            }

            long lsn = _lastLsn + 1;

            // Every record before this one was fsynced before its append returned.
            WalFrame.Write(_frame, lsn, durableAtCopy: lsn - 1, record);
            try
            {
                _segments.Write(_frame.AsSpan(0, size), lsn);
                _segments.Sync();
            }
            catch (Exception exception)
            {
                _failure = exception;
                ExceptionDispatchInfo.Throw(exception);
            }

            _bytesAppended += record.Length;
            Volatile.Write(ref _lastLsn, lsn);
            return lsn;
        }
    }

    public void WaitForCommit(long lsn)
    {
        if (lsn > LastLsn)
        {
            throw new ArgumentOutOfRangeException(nameof(lsn), lsn, "No record with this LSN was appended.");
        }
    }

    public ValueTask WaitForCommitAsync(long lsn, CancellationToken cancellationToken = default)
    {
        try
        {
            WaitForCommit(lsn);
            return ValueTask.CompletedTask;
        }
        catch (Exception exception)
        {
            return ValueTask.FromException(exception);
        }
    }

    public void Flush()
    {
        lock (_appendLock)
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
        }
    }

    public void Replay(long afterLsn, WalRecordHandler handler)
    {
        ArgumentNullException.ThrowIfNull(handler);
        ObjectDisposedException.ThrowIf(Volatile.Read(ref _disposed), this);
        _segments.Replay(afterLsn, handler);
    }

    public void ReleaseUpTo(long lsn)
    {
        ObjectDisposedException.ThrowIf(Volatile.Read(ref _disposed), this);
        _segments.Release(Math.Min(lsn, LastLsn));
    }

    public void Dispose()
    {
        lock (_appendLock)
        {
            if (_disposed)
            {
                return;
            }

            _disposed = true;
            _segments.Dispose();
        }
    }

    public ValueTask DisposeAsync()
    {
        Dispose();
        return ValueTask.CompletedTask;
    }
}
