// The lock-free append path of the group-commit log. Appenders reserve space and an
// LSN in the current buffer with one Interlocked.Add, copy their frame in (CRC
// included) and publish it by adding its size to Filled. Buffers form a chain: each
// sealed buffer points to the one that replaced it, and whoever holds the flush lead
// (WalGroupWriter's caller: a committer, the flush worker or Dispose) walks the chain
// from the oldest unwritten buffer.
//
// Buffer objects are pooled. That is safe because a pooled buffer's State stays
// sealed (its byte counter past Capacity) until Reset publishes a new one with a
// single Interlocked.Exchange after every other field is set: an appender still
// holding the old reference then either sees "sealed" and retries, or makes a valid
// reservation in the buffer's new life. Pooled buffers all have the configured
// capacity; a buffer sized for an oversized record is never pooled.
//
// Each frame carries the durable LSN the last flush round published (CommitWaiters),
// read with one volatile read as the appender writes its frame: every record up to it
// was fsynced before this frame can reach the disk, which recovery uses as evidence.
//
// Back-pressure: an appender that fills a buffer while more than MaxPendingBuffers
// sealed buffers wait to be written waits for the flush rounds to catch up. That bounds
// the memory an Async log holds when the disk is slower than the appenders, and keeps
// the arrays in circulation small enough for the array pool to hand them back out.
//
// Waiting for another thread's few instructions (an appender publishing the buffer that
// replaces the one it sealed, or finishing its copy) uses SpinWait's default: a few
// microseconds of spinning, then yields, then 1 ms sleeps, so that a thread preempted in
// the middle of them costs its waiters no core.
using SharpCoreDB.Wal.Format;

namespace SharpCoreDB.Wal.GroupCommit;

/// <summary>The chain of append buffers.</summary>
internal sealed class WalBufferChain
{
    public const int MaxPendingBuffers = 16;

    private readonly int _bufferSize;
    private readonly CommitWaiters _durability;
    private readonly Lock _poolLock = new();
    private readonly Stack<WalBuffer> _pool = new();
    private WalBuffer _current;
    private volatile bool _closing;
    private int _pendingBuffers;

    // durability: where flush rounds publish the durable LSN that frames record, and whether the log stopped.
    public WalBufferChain(int bufferSize, long lastLsn, CommitWaiters durability)
    {
        _bufferSize = bufferSize;
        _durability = durability;
        _current = Rent(bufferSize, lastLsn, 0);
        Oldest = _current;
    }

    /// <summary>The oldest buffer not yet written; read and moved only by the holder of the flush lead.</summary>
    public WalBuffer Oldest { get; set; }

    /// <summary>The LSN of the newest reserved record.</summary>
    public long LastLsn
    {
        get
        {
            var spinner = default(SpinWait);
            while (true)
            {
                var buffer = Volatile.Read(ref _current);
                long state = Volatile.Read(ref buffer.State);
                long baseLsn = Volatile.Read(ref buffer.BaseLsn);
                if (WalBuffer.Offset(state) <= buffer.Capacity && Volatile.Read(ref _current) == buffer)
                {
                    return baseLsn + WalBuffer.Count(state);
                }

                if (Volatile.Read(ref buffer.Sealed) == 1 && buffer.Next is null)
                {
                    return buffer.SealedLastLsn;
                }

                spinner.SpinOnce();
            }
        }
    }

    /// <summary>Records reserved in the current buffer so far (0 while it is being replaced).</summary>
    public int CurrentRecordCount
    {
        get
        {
            var buffer = Volatile.Read(ref _current);
            long state = Volatile.Read(ref buffer.State);
            return WalBuffer.Offset(state) <= buffer.Capacity ? WalBuffer.Count(state) : 0;
        }
    }

    /// <summary>True if a sealed buffer waits to be written (Async mode writes it without waiting for the interval).</summary>
    public bool HasSealedBuffers => Volatile.Read(ref _pendingBuffers) > 0;

    /// <summary>True if more than <see cref="MaxPendingBuffers"/> sealed buffers wait to be written.</summary>
    public bool Backlogged => Volatile.Read(ref _pendingBuffers) > MaxPendingBuffers;

    /// <summary>
    /// Copies a frame for <paramref name="payload"/> into the log's memory and returns its LSN;
    /// <paramref name="sealedBuffer"/> is true if this append filled a buffer, which the flush
    /// worker must now be told about.
    /// </summary>
    public long Append(ReadOnlySpan<byte> payload, out bool sealedBuffer)
    {
        int frameSize = WalFrame.SizeOf(payload.Length);
        long increment = WalBuffer.OneRecord + frameSize;
        while (true)
        {
            var buffer = Volatile.Read(ref _current);
            long state = Interlocked.Add(ref buffer.State, increment);
            long end = WalBuffer.Offset(state);
            long start = end - frameSize;
            if (end <= buffer.Capacity)
            {
                long lsn = buffer.BaseLsn + WalBuffer.Count(state);
                WalFrame.Write(buffer.Data.AsSpan((int)start, frameSize), lsn, _durability.DurableLsn, payload);
                Interlocked.Add(ref buffer.Filled, frameSize);
                sealedBuffer = false;
                return lsn;
            }

            if (start <= buffer.Capacity)
            {
                // This reservation is the first past the end: the buffer ends before it.
                sealedBuffer = true;
                return SealAndAppend(buffer, (int)start, WalBuffer.Count(state) - 1, payload, frameSize);
            }

            WaitForNextBuffer(buffer);
        }
    }

    /// <summary>
    /// Seals the current buffer for a flush round, so that every record reserved so far sits in a
    /// sealed buffer of the chain. An empty current buffer is left as it is. If an appender is sealing
    /// the current buffer right now (its reservation ran past the end), waits until it has published
    /// the buffer that replaces it: the seal is then visible to the round's walk.
    /// </summary>
    public void SealForFlush()
    {
        var spinner = default(SpinWait);
        while (true)
        {
            var buffer = Volatile.Read(ref _current);
            long state = Volatile.Read(ref buffer.State);
            long offset = WalBuffer.Offset(state);
            if (offset == 0)
            {
                return;
            }

            if (offset <= buffer.Capacity)
            {
                if (TrySeal(buffer, state, closing: false))
                {
                    return;
                }

                continue;
            }

            if (Volatile.Read(ref _current) == buffer)
            {
                spinner.SpinOnce();
            }
        }
    }

    /// <summary>
    /// Seals the current buffer for good (the closing round of Dispose): no buffer replaces it and
    /// later appends fail with ObjectDisposedException.
    /// </summary>
    public void SealForClose()
    {
        var spinner = default(SpinWait);
        while (!TrySealCurrent(closing: true))
        {
            spinner.SpinOnce();
        }
    }

    /// <summary>Gives a written buffer's array back, and the buffer to the pool if it has the standard size.</summary>
    public void Recycle(WalBuffer buffer)
    {
        Interlocked.Decrement(ref _pendingBuffers);
        buffer.ReturnData();
        if (buffer.Capacity == _bufferSize)
        {
            lock (_poolLock)
            {
                _pool.Push(buffer);
            }
        }
    }

    /// <summary>
    /// Gives back the arrays of the buffers no round wrote. Called by Dispose once the log is closed (no
    /// round can run any more): after a clean closing round every buffer is already written and recycled,
    /// but a failed write or fsync leaves the buffer being written and the current one behind. The current buffer is
    /// sealed first, so a late appender fails instead of copying into an array that is back in the pool,
    /// and an appender still finishing its copy is waited for.
    /// </summary>
    public void ReleaseUnwritten()
    {
        _closing = true;
        var spinner = default(SpinWait);
        while (!TrySealCurrent(closing: true))
        {
            // Sealed already: by the closing round (no successor), or by an appender that is
            // about to publish the buffer that replaces it.
            var current = Volatile.Read(ref _current);
            if (Volatile.Read(ref current.Sealed) == 1 && current.Next is null)
            {
                break;
            }

            spinner.SpinOnce();
        }

        for (WalBuffer? buffer = Oldest; buffer is not null;)
        {
            while (Volatile.Read(ref buffer.Filled) < buffer.SealedLength)
            {
                spinner.SpinOnce();
            }

            var next = buffer.Next;
            if (buffer.Data.Length > 0)
            {
                buffer.ReturnData();
            }

            buffer = next;
        }
    }

    /// <summary>
    /// Called by an appender that just sealed a buffer: waits while too many are pending (or until the
    /// log stops). SpinWait spins a few microseconds, then yields and sleeps a millisecond at a time:
    /// the wait lasts as long as the disk needs to catch up.
    /// </summary>
    public void WaitWhileBacklogged()
    {
        var spinner = default(SpinWait);
        while (Backlogged && !_durability.Stopped)
        {
            spinner.SpinOnce();
        }
    }

    // Seals the current buffer; false if it is empty (and not closing) or an appender is sealing it
    // right now. When closing, no new buffer replaces it and further appends fail.
    private bool TrySealCurrent(bool closing)
    {
        if (closing)
        {
            _closing = true;
        }

        var buffer = Volatile.Read(ref _current);
        long state = Volatile.Read(ref buffer.State);
        while (true)
        {
            long offset = WalBuffer.Offset(state);
            if (offset > buffer.Capacity || (offset == 0 && !closing))
            {
                return false;
            }

            if (TrySeal(buffer, state, closing))
            {
                return true;
            }

            state = Volatile.Read(ref buffer.State);
        }
    }

    // Seals buffer if its state is still the one read: pushes the byte counter past the end (so that
    // later reservations go to the next buffer) and publishes the successor. False if an appender
    // reserved meanwhile (read the state again and retry).
    private bool TrySeal(WalBuffer buffer, long state, bool closing)
    {
        long sealedState = (state & ~WalBuffer.OffsetMask) | (buffer.Capacity + 1L);
        if (Interlocked.CompareExchange(ref buffer.State, sealedState, state) != state)
        {
            return false;
        }

        int count = WalBuffer.Count(state);
        Interlocked.Increment(ref _pendingBuffers);
        var next = closing ? null : Rent(_bufferSize, buffer.BaseLsn + count, 0);
        buffer.Seal((int)WalBuffer.Offset(state), count, next);
        if (next is not null)
        {
            Volatile.Write(ref _current, next);
        }

        return true;
    }

    private long SealAndAppend(WalBuffer buffer, int start, int countBefore, ReadOnlySpan<byte> payload, int frameSize)
    {
        Interlocked.Increment(ref _pendingBuffers);
        var next = Rent(Math.Max(_bufferSize, frameSize), buffer.BaseLsn + countBefore, WalBuffer.OneRecord + frameSize);
        buffer.Seal(start, countBefore, next);
        Volatile.Write(ref _current, next);
        long lsn = next.BaseLsn + 1;
        WalFrame.Write(next.Data.AsSpan(0, frameSize), lsn, _durability.DurableLsn, payload);
        Interlocked.Add(ref next.Filled, frameSize);
        return lsn;
    }

    private void WaitForNextBuffer(WalBuffer buffer)
    {
        var spinner = default(SpinWait);
        while (Volatile.Read(ref _current) == buffer &&
               WalBuffer.Offset(Volatile.Read(ref buffer.State)) > buffer.Capacity)
        {
            if (_closing)
            {
                throw new ObjectDisposedException(nameof(GroupCommitWal));
            }

            spinner.SpinOnce();
        }
    }

    private WalBuffer Rent(int capacity, long baseLsn, long initialState)
    {
        WalBuffer? buffer = null;
        if (capacity == _bufferSize)
        {
            lock (_poolLock)
            {
                _pool.TryPop(out buffer);
            }
        }

        buffer ??= new WalBuffer { State = WalBuffer.OffsetMask };
        buffer.Reset(capacity, baseLsn, initialState);
        return buffer;
    }
}
