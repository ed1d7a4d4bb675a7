// One flush round of the group-commit log, run by whichever thread holds the flush lead
// (CommitWaiters): a committer leading its group, the flush worker serving awaiting callers
// and Async mode, or Dispose. A round seals the current buffer, so that everything appended
// so far joins the group, waits until every frame reserved before the seal has been copied
// in, writes each sealed buffer with one write call (one in the steady state) and fsyncs
// once. Publishing the durable LSN and waking the waiters it covers is CommitWaiters' part.
//
// One writer at a time: only the lead holder runs a round, so the chain's Oldest buffer and
// the segment files (roll-over, zeros written ahead) see a single thread at once. The lead
// passes between threads under CommitWaiters' lock, which orders one holder's writes before
// the next holder's reads, as the single worker thread's program order used to.
using System.Diagnostics;
using SharpCoreDB.Wal.Format;
using SharpCoreDB.Wal.Segments;

namespace SharpCoreDB.Wal.GroupCommit;

/// <summary>What a flush round does with the current buffer.</summary>
internal enum RoundKind
{
    /// <summary>Seal it if it holds records; a new buffer takes its place.</summary>
    Group,

    /// <summary>Seal it for good (Dispose): no buffer takes its place and later appends fail.</summary>
    Closing,
}

/// <summary>Writes and fsyncs groups of buffered records, one round at a time.</summary>
internal sealed class WalGroupWriter(WalBufferChain buffers, WalSegmentChain segments)
{
    private long _bytesAppended;
    private long _lastRoundTicks;
    private long _expectedEnd;

    /// <summary>Payload bytes of the records written so far.</summary>
    public long BytesAppended => Interlocked.Read(ref _bytesAppended);

    /// <summary>
    /// When the round running now (or the last one) should end, in Stopwatch ticks: its start plus the
    /// previous round's duration. A committer that finds a round running spins only if this is near.
    /// </summary>
    public long ExpectedEnd => Volatile.Read(ref _expectedEnd);

    /// <summary>
    /// Writes and fsyncs everything appended so far; returns the LSN of the last record written, or -1 if
    /// there was nothing to write. Only the holder of the flush lead calls it. A failed write or fsync
    /// throws, leaving the unwritten buffers in the chain (WalBufferChain.ReleaseUnwritten frees them).
    /// </summary>
    public long Run(RoundKind kind)
    {
        long start = Stopwatch.GetTimestamp();
        Volatile.Write(ref _expectedEnd, start + _lastRoundTicks);
        if (kind == RoundKind.Closing)
        {
            buffers.SealForClose();
        }
        else
        {
            buffers.SealForFlush();
        }

        var buffer = buffers.Oldest;
        long lastLsn = -1;
        while (buffer is not null && Volatile.Read(ref buffer.Sealed) == 1)
        {
            // An appender copying its frame: done within a microsecond unless it was preempted, and then
            // SpinWait yields to it and, past a few microseconds of spinning, sleeps.
            var spinner = default(SpinWait);
            while (Volatile.Read(ref buffer.Filled) < buffer.SealedLength)
            {
                spinner.SpinOnce();
            }

            if (buffer.SealedCount > 0)
            {
                segments.Write(buffer.Data.AsSpan(0, buffer.SealedLength), buffer.SealedLastLsn);
                Interlocked.Add(ref _bytesAppended, buffer.SealedLength - ((long)buffer.SealedCount * WalFrame.HeaderSize));
                lastLsn = buffer.SealedLastLsn;
            }

            var next = buffer.Next;
            buffers.Recycle(buffer);
            buffer = next;
            if (buffer is not null)
            {
                buffers.Oldest = buffer;
            }
        }

        if (lastLsn < 0)
        {
            return -1;
        }

        segments.Sync();
        _lastRoundTicks = Stopwatch.GetTimestamp() - start;
        return lastLsn;
    }
}
