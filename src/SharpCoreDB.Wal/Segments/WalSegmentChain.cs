// The log's files: the anchor at the log's path and the segments "<path>.00000001",
// "<path>.00000002", ... that hold the frames. One writer (the flush worker, or the
// baseline under its append lock) appends frames to the newest segment and starts a
// new one when it passes the segment size; any thread may release old segments or
// replay records. Opening and recovering the files is WalRecovery's job; the damage
// it found and kept stays here until released, and Replay refuses to go past it.
//
// A released segment is cut to its last step in durable steps (DurableShortening),
// outside the lock, before it is deleted: deleting a whole 64 MiB segment at once
// stalled all 16 writers of the sustained-load probe for 11–17 ms beside each
// checkpoint.
using System.Diagnostics;
using SharpCoreDB.Wal.Format;
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Wal.Segments;

/// <summary>The anchor and the ordered segment files of one log.</summary>
internal sealed class WalSegmentChain : IDisposable
{
    // Zeros written ahead of the frames, a chunk at a time (see Write).
    private static readonly byte[] Zeros = new byte[1 << 20];

    private readonly IFileSystem _fileSystem;
    private readonly string _path;
    private readonly string _directory;
    private readonly long _segmentSize;
    private readonly int _preallocation;
    private readonly IStorageFile _anchorFile;
    private readonly List<WalSegment> _segments;
    private readonly List<WalDamage> _damage;
    private readonly Lock _lock = new();
    private WalAnchor _anchor;
    private WalSegment _active;
    private long _releasedLsn;
    private int _replayers;
    private long _writes;
    private long _fsyncs;
    private long _totalLength;
    private readonly SlowSyncRecord _slowSyncs = new();

    public WalSegmentChain(
        IFileSystem fileSystem, string path, long segmentSize, IStorageFile anchorFile, WalAnchor anchor, List<WalSegment> segments, WalRecoveryReport recovery)
    {
        _fileSystem = fileSystem;
        _path = path;
        _directory = WalSegmentFiles.DirectoryOf(path);
        _segmentSize = segmentSize;
        _preallocation = (int)Math.Clamp(segmentSize / 8, 4096, Zeros.Length);
        _anchorFile = anchorFile;
        _anchor = anchor;
        _segments = segments;
        _active = segments[^1];
        LastLsn = _active.LastLsn;
        _releasedLsn = segments[0].BaseLsn;
        Recovery = recovery;
        _damage = [.. recovery.Damage];
        foreach (var segment in segments)
        {
            _totalLength += segment.Allocated;
        }
    }

    /// <summary>What recovery found and did when the log was opened.</summary>
    public WalRecoveryReport Recovery { get; }

    /// <summary>The LSN of the newest frame written to the files.</summary>
    public long LastLsn { get; private set; }

    public long Writes => Interlocked.Read(ref _writes);

    public long Fsyncs => Interlocked.Read(ref _fsyncs);

    /// <summary>The commit path's fsyncs that took long (see SlowSyncRecord), oldest first.</summary>
    public WalSlowSync[] SlowSyncs() => _slowSyncs.Snapshot();

    /// <summary>Bytes held by the live segment files.</summary>
    public long Length => Interlocked.Read(ref _totalLength);

    /// <summary>Creates a segment file holding only its header, durably, directory entry included.</summary>
    public static WalSegment CreateSegment(IFileSystem fileSystem, string path, long sequence, long baseLsn)
    {
        var file = fileSystem.Open(WalSegmentFiles.SegmentPath(path, sequence), StorageFileMode.CreateNew);
        try
        {
            Span<byte> header = stackalloc byte[WalSegmentHeader.Size];
            new WalSegmentHeader(sequence, baseLsn).Write(header);
            file.Write(0, header);
            file.Flush();
            fileSystem.SyncDirectory(WalSegmentFiles.DirectoryOf(path));
            return new WalSegment(file, sequence, baseLsn, WalSegmentHeader.Size, baseLsn);
        }
        catch
        {
            file.Dispose();
            throw;
        }
    }

    /// <summary>
    /// Writes whole frames, the last of which carries <paramref name="lastLsn"/>, with one write
    /// call after the newest segment (starting a new segment first if the newest is full).
    /// Called by one thread at a time.
    /// </summary>
    /// <remarks>
    /// When the frames would reach past the zeros already written ahead, another chunk of
    /// zeros (an eighth of the segment size, 4 KiB to 1 MiB) is written after them first, in
    /// one more write call. An fdatasync after a write that extends the file must also commit
    /// the new size and block allocation (a journal commit on ext4); one that follows an
    /// overwrite inside the file only flushes data, which is several times faster. Recovery
    /// treats the zeros as the end of the log (a zero frame fails the LSN check) and cuts
    /// them off. No zeros go past the segment size: the segment rolls over there, and zeros
    /// beyond it would only be cut off again on the commit path (StartNewSegment).
    /// </remarks>
    public void Write(ReadOnlySpan<byte> frames, long lastLsn)
    {
        if (_active.Length >= _segmentSize && _active.LastLsn > _active.BaseLsn)
        {
            StartNewSegment();
        }

        var active = _active;
        long end = active.Length + frames.Length;
        if (end > active.Allocated)
        {
            long zerosFrom = Math.Max(end, active.Allocated);
            int zeros = (int)Math.Min(_preallocation, _segmentSize - zerosFrom);
            if (zeros > 0)
            {
                active.File.Write(zerosFrom, Zeros.AsSpan(0, zeros));
                Interlocked.Increment(ref _writes);
            }

            Interlocked.Add(ref _totalLength, zerosFrom + Math.Max(0, zeros) - active.Allocated);
            active.Allocated = zerosFrom + Math.Max(0, zeros);
        }

        active.File.Write(active.Length, frames);
        Interlocked.Increment(ref _writes);
        active.Length = end;
        active.LastLsn = lastLsn;
        LastLsn = lastLsn;
    }

    /// <summary>Makes every frame written so far durable (one fsync of the newest segment).</summary>
    public void Sync()
    {
        long started = Stopwatch.GetTimestamp();
        _active.File.Flush();
        _slowSyncs.Ended(started);
        Interlocked.Increment(ref _fsyncs);
    }

    /// <summary>Deletes every segment whose records all have LSNs up to <paramref name="lsn"/>, except the newest.</summary>
    public void Release(long lsn)
    {
        WalSegment[] released;
        lock (_lock)
        {
            _releasedLsn = Math.Max(_releasedLsn, lsn);
            if (_replayers > 0)
            {
                return;
            }

            int count = 0;
            while (count < _segments.Count - 1 && _segments[count + 1].BaseLsn <= _releasedLsn)
            {
                count++;
            }

            if (count == 0)
            {
                return;
            }

            // The anchor moves first: a crash after it leaves only orphans, which the next open deletes.
            var first = _segments[count];
            var anchor = new WalAnchor(_anchor.Generation + 1, first.Sequence, first.BaseLsn);
            WriteAnchor(_anchorFile, anchor);
            Interlocked.Increment(ref _writes);
            Interlocked.Increment(ref _fsyncs);
            _anchor = anchor;
            released = [.. _segments.GetRange(0, count)];
            _segments.RemoveRange(0, count);

            // A hole goes with its segment: its records are older than the first one left, which were released.
            long firstBase = _segments[0].BaseLsn;
            _damage.RemoveAll(d => d.LastMissingLsn <= firstBase);
        }

        // Outside the lock: no one else reaches a segment once it left the list (Replay copies the list
        // under the lock and holds releases off while it runs), and a roll-over need not wait for this.
        // A crash part way leaves shorter orphans below the anchor, which the next open deletes.
        try
        {
            foreach (var segment in released)
            {
                int fsyncs = DurableShortening.Shorten(segment.File, DurableShortening.StepBytes);
                Interlocked.Add(ref _fsyncs, fsyncs);
            }
        }
        finally
        {
            foreach (var segment in released)
            {
                segment.Dispose();
            }
        }

        foreach (var segment in released)
        {
            _fileSystem.Delete(WalSegmentFiles.SegmentPath(_path, segment.Sequence));
            Interlocked.Add(ref _totalLength, -segment.Allocated);
        }

        _fileSystem.SyncDirectory(_directory);
    }

    /// <summary>
    /// Calls <paramref name="handler"/> for every record written with an LSN above <paramref name="afterLsn"/>, in
    /// order. Records a kept hole made unreadable are absent; if a hole holds LSNs above <paramref name="afterLsn"/>,
    /// the records before it are handed out and then <see cref="WalDamagedException"/> is thrown, before any
    /// record past it.
    /// </summary>
    public void Replay(long afterLsn, WalRecordHandler handler)
    {
        WalSegment[] segments;
        long[] lengths;
        WalDamage? blocking;
        lock (_lock)
        {
            _replayers++;
            segments = [.. _segments];
            lengths = new long[segments.Length];
            for (int i = 0; i < segments.Length; i++)
            {
                lengths[i] = segments[i].Length;
            }

            blocking = _damage.Find(d => d.LastMissingLsn > afterLsn);
        }

        try
        {
            for (int i = 0; i < segments.Length; i++)
            {
                if (i + 1 < segments.Length && segments[i + 1].BaseLsn <= afterLsn)
                {
                    continue;
                }

                ReplaySegment(segments[i], lengths[i], afterLsn, blocking, handler);
            }

            if (blocking is not null)
            {
                throw new WalDamagedException(blocking);
            }
        }
        finally
        {
            long released;
            lock (_lock)
            {
                _replayers--;
                released = _releasedLsn;
            }

            Release(released);
        }
    }

    public static void WriteAnchor(IStorageFile file, WalAnchor anchor)
    {
        Span<byte> slot = stackalloc byte[WalAnchor.SlotSize];
        anchor.Write(slot);
        file.Write(anchor.Offset, slot);
        file.Flush();
    }

    public void Dispose()
    {
        lock (_lock)
        {
            foreach (var segment in _segments)
            {
                segment.Dispose();
            }

            _segments.Clear();
            _anchorFile.Dispose();
        }
    }

    private static void ReplaySegment(WalSegment segment, long length, long afterLsn, WalDamage? blocking, WalRecordHandler handler)
    {
        foreach (var run in segment.Runs)
        {
            long end = Math.Min(run.End, length);
            if (run.Offset < end)
            {
                ReplayRun(segment, run, end, afterLsn, blocking, handler);
            }
        }
    }

    private static void ReplayRun(WalSegment segment, WalFrameRun run, long end, long afterLsn, WalDamage? blocking, WalRecordHandler handler)
    {
        using var reader = new WalFrameReader(segment.File, run.Offset, end);
        long expected = run.FirstLsn;
        while (true)
        {
            switch (reader.Next(expected))
            {
                case WalFrameStatus.Valid:
                    if (blocking is not null && reader.Lsn >= blocking.FirstMissingLsn)
                    {
                        throw new WalDamagedException(blocking);
                    }

                    if (reader.Lsn > afterLsn)
                    {
                        handler(reader.Lsn, reader.Payload);
                    }

                    expected++;
                    break;
                case WalFrameStatus.End:
                    return;
                default:
                    throw new IOException(
                        $"Log segment '{segment.File.Path}' changed under the open log: invalid frame at offset {reader.Position}.");
            }
        }
    }

    // The full segment loses its zeros written ahead (recovery reads anything after the last
    // frame of a segment that has a successor as damage) and is made durable before a newer
    // segment holds later records, so that recovery never finds a hole followed by valid frames.
    private void StartNewSegment()
    {
        var full = _active;
        long started = Stopwatch.GetTimestamp();
        full.File.SetLength(full.Length);
        Interlocked.Add(ref _totalLength, full.Length - full.Allocated);
        full.Allocated = full.Length;
        full.File.Flush();
        Interlocked.Increment(ref _fsyncs);
        var segment = CreateSegment(_fileSystem, _path, full.Sequence + 1, full.LastLsn);
        _slowSyncs.Ended(started); // the commit that rolls the segment over waits for all of it
        Interlocked.Increment(ref _writes);
        Interlocked.Increment(ref _fsyncs);
        Interlocked.Add(ref _totalLength, segment.Length);
        lock (_lock)
        {
            _segments.Add(segment);
            _active = segment;
        }
    }
}
