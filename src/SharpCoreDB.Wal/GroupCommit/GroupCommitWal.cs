// The group-commit write-ahead log: appenders copy their records into shared buffers
// without taking a lock (WalBufferChain); a blocking committer waiting for its record
// either leads a flush round on its own thread (WalGroupWriter: seal, write, one fsync
// for everything appended so far) or follows the round in progress (CommitWaiters);
// awaiting callers and Async mode are served by a background thread started on demand
// (WalFlushWorker). Many commits, one fsync. The files and their recovery are
// WalSegmentChain's.
using SharpCoreDB.Wal.Format;
using SharpCoreDB.Wal.Segments;

namespace SharpCoreDB.Wal.GroupCommit;

/// <summary>A log that makes many appends durable with one write and one fsync.</summary>
internal sealed class GroupCommitWal : IWriteAheadLog
{
    private readonly WalSegmentChain _segments;
    private readonly WalBufferChain _buffers;
    private readonly CommitWaiters _waiters;
    private readonly WalGroupWriter _writer;
    private readonly WalFlushWorker _worker;
    private readonly long _openedAtLsn;
    private int _disposed;

    public GroupCommitWal(WalSegmentChain segments, string path, WalOptions options)
    {
        _segments = segments;
        Durability = options.Durability;
        _openedAtLsn = segments.LastLsn;
        _waiters = new CommitWaiters(segments.LastLsn);
        _buffers = new WalBufferChain(options.BufferSize, segments.LastLsn, _waiters);
        _writer = new WalGroupWriter(_buffers, segments);
        var fileSystem = options.FileSystem;
        Func<int>? findWorkerCpu = options.PinFlushWorker ? () => fileSystem.CompletionCpu(path) : null;
        _worker = new WalFlushWorker(_buffers, _writer, _waiters, options.Durability, options.FlushInterval, findWorkerCpu);
    }

    public WalDurability Durability { get; }

    public long LastLsn => _buffers.LastLsn;

    public long DurableLsn => _waiters.DurableLsn;

    /// <summary>The CPU the flush worker is pinned to, or -1; for tests.</summary>
    internal int FlushWorkerCpu => _worker.PinnedCpu;

    /// <summary>True once the flush worker's thread was started (never, for blocking FullSync use); for tests.</summary>
    internal bool FlushWorkerStarted => _worker.Started;

    /// <summary>True while the flush worker is not started or sleeps with no flush requested; for tests.</summary>
    internal bool FlushWorkerIdle => _worker.IsIdle;

    /// <summary>Committers blocked on their events right now (not spinning); for tests.</summary>
    internal int BlockedCommitters => _waiters.Blocked;

    public WalRecoveryReport Recovery => _segments.Recovery;

    public WalStatistics Statistics => new(
        LastLsn - _openedAtLsn, _writer.BytesAppended, _segments.Writes, _segments.Fsyncs, _segments.Length);

    public WalSlowSync[] SlowSyncs() => _segments.SlowSyncs();

    public long Append(ReadOnlySpan<byte> record)
    {
        long lsn = Enqueue(record);
        WaitForCommit(lsn);
        return lsn;
    }

    public ValueTask<long> AppendAsync(ReadOnlyMemory<byte> record, CancellationToken cancellationToken = default)
    {
        long lsn;
        try
        {
            lsn = Enqueue(record.Span);
        }
        catch (Exception exception)
        {
            return ValueTask.FromException<long>(exception);
        }

        if (Durability == WalDurability.Async)
        {
            return new ValueTask<long>(lsn);
        }

        try
        {
            if (!_waiters.TryRegister(lsn, cancellationToken, out var waiter, out short token))
            {
                return new ValueTask<long>(lsn);
            }

            _worker.Wake();
            return new ValueTask<long>(waiter!, token);
        }
        catch (Exception exception)
        {
            return ValueTask.FromException<long>(exception);
        }
    }

    public long Enqueue(ReadOnlySpan<byte> record)
    {
        ThrowIfUnusable();
        if (record.Length > WalFrame.MaxPayloadLength)
        {
            throw new ArgumentException($"A log record holds at most {WalFrame.MaxPayloadLength} bytes.", nameof(record));
        }

        long lsn = _buffers.Append(record, out bool sealedBuffer);
        if (Durability == WalDurability.Async)
        {
            // Nobody waits in Async mode: the worker writes every FlushInterval, and at once when a buffer fills.
            if (sealedBuffer)
            {
                _worker.Wake();
            }
            else
            {
                _worker.EnsureStarted();
            }
        }

        if (sealedBuffer && _buffers.Backlogged)
        {
            // In FullSync the buffers' committers lead their rounds; only many filled by callers who do not
            // wait yet (Enqueue without WaitForCommit) need the worker.
            _worker.RequestFlush();
            _buffers.WaitWhileBacklogged();
        }

        return lsn;
    }

    public void WaitForCommit(long lsn)
    {
        if (Durability == WalDurability.Async || lsn <= _waiters.DurableLsn)
        {
            ThrowIfFailedBefore(lsn);
            return;
        }

        ThrowIfNeverAppended(lsn);
        _waiters.WaitOrLead(lsn, WaiterKind.Committer, _writer);
    }

    public ValueTask WaitForCommitAsync(long lsn, CancellationToken cancellationToken = default)
    {
        try
        {
            if (Durability == WalDurability.Async || lsn <= _waiters.DurableLsn)
            {
                ThrowIfFailedBefore(lsn);
                return ValueTask.CompletedTask;
            }

            ThrowIfNeverAppended(lsn);
            if (!_waiters.TryRegister(lsn, cancellationToken, out var waiter, out short token))
            {
                return ValueTask.CompletedTask;
            }

            _worker.Wake();
            return new ValueTask(waiter!, token);
        }
        catch (Exception exception)
        {
            return ValueTask.FromException(exception);
        }
    }

    public void Flush()
    {
        ObjectDisposedException.ThrowIf(Volatile.Read(ref _disposed) != 0, this);
        long target = LastLsn;
        if (target <= _waiters.DurableLsn)
        {
            ThrowIfFailedBefore(target);
            return;
        }

        _waiters.WaitOrLead(target, WaiterKind.Committer, _writer);
    }

    public void Replay(long afterLsn, WalRecordHandler handler)
    {
        ArgumentNullException.ThrowIfNull(handler);
        ObjectDisposedException.ThrowIf(Volatile.Read(ref _disposed) != 0, this);
        _segments.Replay(afterLsn, handler);
    }

    public void ReleaseUpTo(long lsn)
    {
        ObjectDisposedException.ThrowIf(Volatile.Read(ref _disposed) != 0, this);
        _segments.Release(Math.Min(lsn, _waiters.DurableLsn));
    }

    public void Dispose()
    {
        if (Interlocked.Exchange(ref _disposed, 1) != 0)
        {
            return;
        }

        _worker.Stop();
        var closingFailure = _waiters.CloseAfterFinalRound(_writer);
        _buffers.ReleaseUnwritten();
        _segments.Dispose();
        if (closingFailure is not null)
        {
            throw new WalFailedException(
                "The log could not write its last records while closing; records acknowledged in Async mode may be lost.",
                closingFailure);
        }
    }

    public ValueTask DisposeAsync()
    {
        Dispose();
        return ValueTask.CompletedTask;
    }

    private void ThrowIfUnusable()
    {
        ObjectDisposedException.ThrowIf(Volatile.Read(ref _disposed) != 0, this);
        if (_waiters.Failure is { } failure)
        {
            throw new WalFailedException(
                "The write-ahead log failed to write or fsync and accepts no more records; reopen it to recover.", failure);
        }
    }

    // After a failure, a record that did not become durable is not stored: say so rather than acknowledge it.
    private void ThrowIfFailedBefore(long lsn)
    {
        if (lsn > _waiters.DurableLsn && _waiters.Failure is { } failure)
        {
            throw new WalFailedException("The write-ahead log failed before this record was made durable.", failure);
        }
    }

    private void ThrowIfNeverAppended(long lsn)
    {
        if (lsn > LastLsn)
        {
            throw new ArgumentOutOfRangeException(nameof(lsn), lsn, "No record with this LSN was appended.");
        }
    }
}
