// Opens a log's files after a clean shutdown or a crash, tells a torn tail from
// damage, and brings the files to a state where new appends follow the last valid
// frame:
// 1. Read the anchor and list the segment files. A new log (neither) gets an anchor.
//    A lost or unreadable anchor with segments present is rebuilt from them, the
//    lowest-numbered segment taken as the first.
// 2. Scan the segments (WalLogScanner): every valid frame, every hole.
// 3. Classify the holes. A hole whose first missing LSN is at or below the durable LSN
//    at copy of some valid frame after it is damage: that record had been made durable
//    (and acknowledged, in FullSync) before a later frame was written. Otherwise it is a
//    torn tail: everything from it on was written without it ever being durable. Holes
//    are damage up to some point and torn after it (the evidence of a later hole also
//    covers every earlier one), so the log is cut at the first torn hole: truncated
//    there durably, later segments deleted. Damage is left as it is and reported.
// 4. Rewrite the headers the scan rebuilt, delete orphans below the anchor's first
//    segment, start a segment if none is left, rewrite a rebuilt anchor.
// Nothing is changed until the scan is complete, so a segment of an unreadable format
// version fails the open without touching the files.
using SharpCoreDB.Wal.Buffers;
using SharpCoreDB.Wal.Format;
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Wal.Segments;

/// <summary>Opens and repairs the files of a log.</summary>
internal static class WalRecovery
{
    private const int TailReadSize = 64 << 10;

    public static WalSegmentChain Open(IFileSystem fileSystem, string path, long segmentSize, long initialLsn = 0)
    {
        bool anchorExisted = fileSystem.Exists(path);
        var anchorFile = fileSystem.Open(path, StorageFileMode.OpenOrCreate);
        var scanner = new WalLogScanner(fileSystem, path);
        try
        {
            var sequences = WalSegmentFiles.ListSequences(fileSystem, path);
            Span<byte> anchorBytes = stackalloc byte[WalAnchor.FileSize];
            bool anchorValid = WalAnchor.TryReadNewest(anchorBytes[..anchorFile.Read(0, anchorBytes)], out var anchor);
            if (!anchorValid && sequences.Count == 0)
            {
                // A new log (or one whose creation was cut short before any record was written).
                anchor = new WalAnchor(Generation: 1, FirstSequence: 1, FirstBaseLsn: initialLsn);
                RewriteAnchor(fileSystem, path, anchorFile, anchor);
                anchorValid = true;
            }

            long firstSequence = anchorValid ? anchor.FirstSequence : sequences[0];
            scanner.Scan(firstSequence, sequences.FindAll(s => s >= firstSequence), anchorValid ? anchor.FirstBaseLsn : 0);

            var repairs = new List<string>();
            var holes = scanner.Holes;
            int tornIndex = FirstTornHole(holes);
            long tornBytes = 0;
            bool directoryChanged = false;
            if (tornIndex >= 0)
            {
                var torn = holes[tornIndex];
                tornBytes = CountTornBytes(scanner.Segments, torn);
                directoryChanged |= Cut(fileSystem, path, scanner.Segments, torn);
                if (tornBytes > 0)
                {
                    repairs.Add($"a torn write of {tornBytes} bytes (records from LSN {torn.FirstMissingLsn} on, which no later "
                        + $"record proves durable) was cut off at offset {torn.Offset} of segment {torn.Sequence}");
                }
            }

            foreach (var segment in scanner.Segments.Where(s => s.RewriteHeader))
            {
                WriteHeader(segment.File, new WalSegmentHeader(segment.Sequence, segment.BaseLsn));
                repairs.Add($"segment {segment.Sequence}'s header was damaged and was rewritten from its frames");
            }

            foreach (long orphan in sequences.Where(s => s < firstSequence))
            {
                // Left by a crash between moving the anchor and deleting the released segments.
                fileSystem.Delete(WalSegmentFiles.SegmentPath(path, orphan));
                directoryChanged = true;
            }

            if (directoryChanged)
            {
                fileSystem.SyncDirectory(WalSegmentFiles.DirectoryOf(path));
            }

            var segments = Open(scanner.Segments);
            if (segments.Count == 0)
            {
                long baseLsn = tornIndex >= 0 ? holes[tornIndex].FirstMissingLsn - 1 : anchor.FirstBaseLsn;
                segments.Add(WalSegmentChain.CreateSegment(
                    fileSystem, path, firstSequence, anchorValid ? baseLsn : Math.Max(baseLsn, initialLsn)));
            }

            if (!anchorValid)
            {
                anchor = new WalAnchor(Generation: 1, segments[0].Sequence, segments[0].BaseLsn);
                RewriteAnchor(fileSystem, path, anchorFile, anchor);
                repairs.Add($"the anchor was {(anchorExisted ? "unreadable" : "missing")} and was rebuilt from segments "
                    + $"{sequences[0]}..{sequences[^1]}");
            }

            var damage = holes.Take(tornIndex >= 0 ? tornIndex : holes.Count)
                .Select(h => new WalDamage(h.FirstMissingLsn, h.LastMissingLsn, h.Sequence, h.Offset, h.Length))
                .ToList();
            var report = new WalRecoveryReport(damage, repairs, tornBytes);
            return new WalSegmentChain(fileSystem, path, segmentSize, anchorFile, anchor, segments, report);
        }
        catch
        {
            foreach (var segment in scanner.Segments)
            {
                segment.File.Dispose();
            }

            anchorFile.Dispose();
            throw;
        }
    }

    // The index of the first hole that no later frame proves durable, or -1. The highest durable LSN at
    // copy after a hole only grows towards the start, and first missing LSNs shrink, so once a hole is
    // proven damage every earlier one is too: the torn holes are a suffix of the list.
    private static int FirstTornHole(List<ScannedHole> holes)
    {
        long maxDurableAfter = -1;
        int firstTorn = -1;
        for (int i = holes.Count - 1; i >= 0; i--)
        {
            maxDurableAfter = Math.Max(maxDurableAfter, holes[i].MaxDurableFollowing);
            if (holes[i].FirstMissingLsn <= maxDurableAfter)
            {
                break;
            }

            firstTorn = i;
        }

        return firstTorn;
    }

    // Bytes the cut removes, except the zeros written ahead of the frames at the end of the newest segment.
    private static long CountTornBytes(List<ScannedSegment> segments, ScannedHole torn)
    {
        long bytes = 0;
        for (int i = 0; i < segments.Count; i++)
        {
            var segment = segments[i];
            if (segment.Sequence < torn.Sequence)
            {
                continue;
            }

            long from = segment.Sequence == torn.Sequence && torn.Offset >= WalSegmentHeader.Size ? torn.Offset : 0;
            long to = i == segments.Count - 1 ? EndOfData(segment.File, from, segment.FileLength) : segment.FileLength;
            bytes += Math.Max(0, to - from);
        }

        return bytes;
    }

    // Truncates the segment the torn hole starts in (or deletes it, if the hole starts at its header) and
    // deletes every later one, newest first, so that a crash in between leaves a contiguous run of segments.
    // Returns whether a file was deleted.
    private static bool Cut(IFileSystem fileSystem, string path, List<ScannedSegment> segments, ScannedHole torn)
    {
        bool deleted = false;
        for (int i = segments.Count - 1; i >= 0; i--)
        {
            var segment = segments[i];
            bool truncate = segment.Sequence == torn.Sequence && torn.Offset >= WalSegmentHeader.Size;
            if (segment.Sequence < torn.Sequence)
            {
                break;
            }

            if (truncate)
            {
                if (segment.FileLength > torn.Offset)
                {
                    segment.File.SetLength(torn.Offset);
                    segment.File.Flush();
                }

                segments[i] = Truncated(segment, torn);
                continue;
            }

            segment.File.Dispose();
            fileSystem.Delete(WalSegmentFiles.SegmentPath(path, segment.Sequence));
            segments.RemoveAt(i);
            deleted = true;
        }

        return deleted;
    }

    private static ScannedSegment Truncated(ScannedSegment segment, ScannedHole torn)
    {
        var truncated = new ScannedSegment(segment.Sequence, segment.File, torn.Offset)
        {
            BaseLsn = segment.BaseLsn,
            LastLsn = torn.FirstMissingLsn - 1,
            RewriteHeader = segment.RewriteHeader,
        };
        truncated.Runs.AddRange(segment.Runs.Where(r => r.Offset < torn.Offset));
        return truncated;
    }

    // The segments to keep; the newest one's last run grows with new appends.
    private static List<WalSegment> Open(List<ScannedSegment> scanned)
    {
        var segments = new List<WalSegment>(scanned.Count);
        for (int i = 0; i < scanned.Count; i++)
        {
            var segment = scanned[i];
            var runs = segment.Runs.ToList();
            if (i == scanned.Count - 1)
            {
                // New frames go at the end of the file: extend the run that ends there, or start one.
                if (runs.Count > 0 && runs[^1].End == segment.FileLength)
                {
                    runs[^1] = runs[^1] with { End = WalFrameRun.OpenEnded };
                }
                else
                {
                    runs.Add(new WalFrameRun(segment.FileLength, segment.LastLsn + 1, WalFrameRun.OpenEnded));
                }
            }

            segments.Add(new WalSegment(segment.File, segment.Sequence, segment.BaseLsn, segment.FileLength, segment.LastLsn, runs));
        }

        return segments;
    }

    private static void WriteHeader(IStorageFile file, WalSegmentHeader header)
    {
        Span<byte> bytes = stackalloc byte[WalSegmentHeader.Size];
        header.Write(bytes);
        file.Write(0, bytes);
        file.Flush();
    }

    private static void RewriteAnchor(IFileSystem fileSystem, string path, IStorageFile anchorFile, WalAnchor anchor)
    {
        anchorFile.SetLength(0);
        WalSegmentChain.WriteAnchor(anchorFile, anchor);
        fileSystem.SyncDirectory(WalSegmentFiles.DirectoryOf(path));
    }

    // The offset after the last non-zero byte in [from, to) of the file, or from if all are zero.
    private static long EndOfData(IStorageFile file, long from, long to)
    {
        byte[] buffer = BufferPool.Rent(TailReadSize);
        try
        {
            long end = to;
            while (end > from)
            {
                int count = (int)Math.Min(TailReadSize, end - from);
                long at = end - count;
                int read = file.Read(at, buffer.AsSpan(0, count));
                int last = buffer.AsSpan(0, read).LastIndexOfAnyExcept((byte)0);
                if (last >= 0)
                {
                    return at + last + 1;
                }

                end = at;
            }

            return from;
        }
        finally
        {
            BufferPool.Return(buffer);
        }
    }
}
