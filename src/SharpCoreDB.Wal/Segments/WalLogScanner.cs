// The reading half of recovery: walks a log's segment files in order and records,
// without changing a byte, where the valid frames are (runs per segment) and where
// the holes are. At an invalid frame it does not stop: it resynchronises (searches
// forward, in this segment and then in later ones, for the next frame that
// validates) and goes on from there, so every valid frame after a damaged one is
// found. A segment whose header is damaged but whose first frame, right after the
// header, validates is marked for a header rewrite; one with no such frame starts
// with a hole. For each hole it keeps the highest durable LSN at copy among the frames
// that follow it before the next hole, which WalRecovery uses to tell damage from a
// torn tail. Deciding what to cut and repair, and doing it, is WalRecovery's job.
using SharpCoreDB.Wal.Format;
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Wal.Segments;

/// <summary>A segment file as the scan found it.</summary>
internal sealed class ScannedSegment(long sequence, IStorageFile file, long fileLength)
{
    public long Sequence { get; } = sequence;

    public IStorageFile File { get; } = file;

    public long FileLength { get; } = fileLength;

    /// <summary>From the header, the rebuilt header, or (header unusable) the LSN before the next valid frame.</summary>
    public long BaseLsn { get; set; } = -1;

    /// <summary>The LSN of the last valid frame in the segment; BaseLsn if there is none.</summary>
    public long LastLsn { get; set; } = -1;

    /// <summary>Runs of valid frames, each with its true end.</summary>
    public List<WalFrameRun> Runs { get; } = [];

    /// <summary>True if the header is unusable and its first frame proved what it must say.</summary>
    public bool RewriteHeader { get; set; }
}

/// <summary>Missing records: from the first invalid byte to the next valid frame (or to the end of the log).</summary>
internal sealed class ScannedHole(long firstMissingLsn, long sequence, long offset)
{
    public long FirstMissingLsn { get; } = firstMissingLsn;

    /// <summary>The LSN before the frame that ended the hole; meaningless for a hole that reaches the end.</summary>
    public long LastMissingLsn { get; set; } = firstMissingLsn - 1;

    /// <summary>The segment (possibly a missing file's number) and offset where the invalid bytes begin.</summary>
    public long Sequence { get; } = sequence;

    public long Offset { get; } = offset;

    /// <summary>Unreadable bytes, across segments.</summary>
    public long Length { get; set; }

    /// <summary>The highest durable LSN at copy of the frames between this hole and the next; -1 if none.</summary>
    public long MaxDurableFollowing { get; set; } = -1;

    /// <summary>True once a valid frame follows the hole.</summary>
    public bool Closed { get; set; }
}

/// <summary>Scans the segment files of a log.</summary>
internal sealed class WalLogScanner(IFileSystem fileSystem, string path)
{
    private const long UnknownGapOrigin = long.MinValue / 4;

    private readonly List<ScannedSegment> _awaitingBase = [];
    private long _lastValidLsn;
    private long _expectedLsn;
    private ScannedHole? _openHole;
    private long _holeBytesFrom;

    // Where, in the current segment's offsets, the bytes that held the records from the expected LSN on
    // begin (negative when they began in earlier segments); UnknownGapOrigin once whole files are missing.
    private long _gapOrigin;

    /// <summary>Every segment file opened, in order; the caller disposes those it does not keep.</summary>
    public List<ScannedSegment> Segments { get; } = [];

    /// <summary>Every hole found, in order; the last one reaches the end of the log if it is not Closed.</summary>
    public List<ScannedHole> Holes { get; } = [];

    /// <summary>
    /// Scans the segment files <paramref name="sequences"/> (ascending, none below <paramref name="firstSequence"/>).
    /// <paramref name="startLsn"/> is the LSN before the first segment's records as far as the anchor knows
    /// (0 if it does not): a first segment whose header is valid defines its own start.
    /// </summary>
    public void Scan(long firstSequence, IReadOnlyList<long> sequences, long startLsn)
    {
        _lastValidLsn = startLsn;
        _expectedLsn = startLsn + 1;
        long nextSequence = firstSequence;
        foreach (long sequence in sequences)
        {
            if (sequence > nextSequence)
            {
                // Whole segment files are missing: their records are a hole that no bytes hold.
                if (_openHole is null)
                {
                    OpenHole(nextSequence, 0);
                }

                _gapOrigin = UnknownGapOrigin;
            }

            nextSequence = sequence + 1;
            string segmentPath = WalSegmentFiles.SegmentPath(path, sequence);
            var file = fileSystem.Open(segmentPath, StorageFileMode.OpenExisting);
            var segment = new ScannedSegment(sequence, file, file.Length);
            Segments.Add(segment);
            ScanSegment(segment, isFirst: sequence == firstSequence);
        }

        foreach (var segment in Segments)
        {
            if (segment.LastLsn < 0)
            {
                segment.LastLsn = segment.BaseLsn;
            }
        }
    }

    private void ScanSegment(ScannedSegment segment, bool isFirst)
    {
        using var reader = new WalFrameReader(segment.File, WalSegmentHeader.Size, segment.FileLength);
        long baseLsn = ReadBaseLsn(segment, reader, isFirst);
        if (baseLsn >= 0)
        {
            segment.BaseLsn = baseLsn;
            if (isFirst && _openHole is null)
            {
                _lastValidLsn = baseLsn;
            }
            else if (baseLsn > _lastValidLsn && _openHole is null)
            {
                // Records between the previous segment's last frame and this segment's first are gone.
                OpenHole(segment.Sequence, 0);
            }

            // The records from the expected LSN on were written in this segment, after its header.
            _expectedLsn = baseLsn + 1;
            _holeBytesFrom = WalSegmentHeader.Size;
            _gapOrigin = WalSegmentHeader.Size;
        }
        else
        {
            _awaitingBase.Add(segment);
            if (_openHole is null)
            {
                OpenHole(segment.Sequence, 0);
            }
            else if (_gapOrigin != UnknownGapOrigin)
            {
                // The hole's bytes so far lie in earlier segments, before this one's offset 0.
                _gapOrigin = -_openHole.Length;
            }

            _holeBytesFrom = 0;
        }

        ScanFrames(segment, reader);
        if (_openHole is not null)
        {
            _openHole.Length += segment.FileLength - Math.Min(_holeBytesFrom, segment.FileLength);
        }
    }

    // The segment's base LSN from its header, or rebuilt from its first frame; -1 if neither is usable.
    private long ReadBaseLsn(ScannedSegment segment, WalFrameReader reader, bool isFirst)
    {
        Span<byte> bytes = stackalloc byte[WalSegmentHeader.Size];
        int read = segment.File.Read(0, bytes);
        var status = WalSegmentHeader.Read(bytes[..read], out var header, out ushort version);
        if (status == WalSegmentHeaderStatus.OtherVersion)
        {
            throw new IOException(OtherVersionMessage(segment.File.Path, version));
        }

        if (status == WalSegmentHeaderStatus.Valid &&
            header.Sequence == segment.Sequence &&
            (isFirst || header.BaseLsn >= _lastValidLsn))
        {
            return header.BaseLsn;
        }

        // The header is damaged (or contradicts its name or its predecessor). A valid frame right after it
        // says what it held: the frame's LSN minus one, which is what every segment's header records.
        long firstLsn = reader.PeekLsn();
        if ((ulong)(firstLsn - _expectedLsn) < WalFrameReader.MaxResyncLsnGap &&
            reader.Next(firstLsn) == WalFrameStatus.Valid)
        {
            reader.MoveTo(WalSegmentHeader.Size);
            segment.RewriteHeader = true;
            return firstLsn - 1;
        }

        reader.MoveTo(WalSegmentHeader.Size);
        return -1;
    }

    private void ScanFrames(ScannedSegment segment, WalFrameReader reader)
    {
        long runStart = -1;
        long runFirstLsn = 0;
        while (true)
        {
            long position = reader.Position;
            var status = reader.Next(_expectedLsn);
            if (status == WalFrameStatus.Valid)
            {
                if (_openHole is not null)
                {
                    CloseHole(reader.Lsn, position);
                }

                if (runStart < 0)
                {
                    runStart = position;
                    runFirstLsn = reader.Lsn;
                }

                _lastValidLsn = reader.Lsn;
                _expectedLsn = reader.Lsn + 1;
                segment.LastLsn = reader.Lsn;
                if (Holes.Count > 0)
                {
                    Holes[^1].MaxDurableFollowing = Math.Max(Holes[^1].MaxDurableFollowing, reader.DurableAtCopy);
                }

                continue;
            }

            if (runStart >= 0)
            {
                segment.Runs.Add(new WalFrameRun(runStart, runFirstLsn, position));
                runStart = -1;
            }

            if (status == WalFrameStatus.End)
            {
                return;
            }

            if (_openHole is null)
            {
                OpenHole(segment.Sequence, position);
            }

            if (!reader.TryResync(position + 1, _expectedLsn, _gapOrigin, out long lsn))
            {
                return;
            }

            _expectedLsn = lsn;
        }
    }

    private void OpenHole(long sequence, long offset)
    {
        _openHole = new ScannedHole(_lastValidLsn + 1, sequence, offset);
        _holeBytesFrom = offset;
        _gapOrigin = offset;
        Holes.Add(_openHole);
    }

    private void CloseHole(long nextLsn, long position)
    {
        var hole = _openHole!;
        hole.LastMissingLsn = nextLsn - 1;
        hole.Length += position - _holeBytesFrom;
        hole.Closed = true;
        _openHole = null;
        if (hole.LastMissingLsn < hole.FirstMissingLsn)
        {
            // Unreadable bytes that held no record recovery expects: the damaged start of a segment whose
            // earlier records were released (the anchor names the LSN before its first readable frame).
            Holes.Remove(hole);
        }

        foreach (var segment in _awaitingBase)
        {
            segment.BaseLsn = nextLsn - 1;
        }

        _awaitingBase.Clear();
    }

    private static string OtherVersionMessage(string segmentPath, ushort version) =>
        version < WalSegmentHeader.Version
            ? $"The log segment '{segmentPath}' has format version {version}: it was written by an earlier build of SharpCoreDB, "
              + $"and this build reads only version {WalSegmentHeader.Version}. Open the database with the build that wrote it "
              + "and close it cleanly (which empties the log) before upgrading."
            : $"The log segment '{segmentPath}' has format version {version}: it was written by a newer build of SharpCoreDB, "
              + $"and this build reads only version {WalSegmentHeader.Version}.";
}
