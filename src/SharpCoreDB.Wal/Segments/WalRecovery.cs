// Opens a log's files after a clean shutdown or a crash and brings them to a state
// where every byte is a valid frame, in LSN order, so that new appends never sit
// behind garbage:
// 1. Read the anchor (or create it for a new log) to learn the oldest live segment.
// 2. Delete orphans below it (a crash between moving the anchor and deleting them).
// 3. Scan the segments in order; every frame must pass its length, CRC and LSN checks.
//    At the first that does not, truncate the segment there (durably) and delete every
//    later segment: their records would follow a hole.
// 4. If no segment survived, start one that continues the anchor's LSNs.
using SharpCoreDB.Wal.Format;
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Wal.Segments;

/// <summary>Opens and repairs the files of a log.</summary>
internal static class WalRecovery
{
    public static WalSegmentChain Open(IFileSystem fileSystem, string path, long segmentSize, long initialLsn = 0)
    {
        var anchorFile = fileSystem.Open(path, StorageFileMode.OpenOrCreate);
        var segments = new List<WalSegment>();
        try
        {
            var anchor = ReadOrCreateAnchor(fileSystem, path, anchorFile, initialLsn);
            bool deleted = DeleteOrphans(fileSystem, path, anchor.FirstSequence);
            long lastLsn = anchor.FirstBaseLsn;
            long sequence = anchor.FirstSequence;
            while (fileSystem.Exists(WalSegmentChain.SegmentPath(path, sequence)))
            {
                var segment = OpenSegment(fileSystem, path, sequence, segments.Count == 0 ? null : lastLsn);
                if (segment is null)
                {
                    break;
                }

                segments.Add(segment);
                lastLsn = segment.LastLsn;
                sequence++;
                if (segment.Length < segment.File.Length)
                {
                    segment.File.SetLength(segment.Length);
                    segment.File.Flush();
                    break;
                }
            }

            // Whatever follows the first invalid byte is cut off, later segments included.
            while (fileSystem.Exists(WalSegmentChain.SegmentPath(path, sequence)))
            {
                fileSystem.Delete(WalSegmentChain.SegmentPath(path, sequence));
                deleted = true;
                sequence++;
            }

            if (deleted)
            {
                fileSystem.SyncDirectory(WalSegmentChain.DirectoryOf(path));
            }

            if (segments.Count == 0)
            {
                segments.Add(WalSegmentChain.CreateSegment(fileSystem, path, anchor.FirstSequence, anchor.FirstBaseLsn));
            }

            return new WalSegmentChain(fileSystem, path, segmentSize, anchorFile, anchor, segments);
        }
        catch
        {
            foreach (var segment in segments)
            {
                segment.Dispose();
            }

            anchorFile.Dispose();
            throw;
        }
    }

    private static WalAnchor ReadOrCreateAnchor(IFileSystem fileSystem, string path, IStorageFile anchorFile, long initialLsn)
    {
        Span<byte> bytes = stackalloc byte[WalAnchor.FileSize];
        int read = anchorFile.Read(0, bytes);
        if (WalAnchor.TryReadNewest(bytes[..read], out var anchor))
        {
            return anchor;
        }

        // A new log (or one whose creation was cut short before any record was written).
        anchor = new WalAnchor(Generation: 1, FirstSequence: 1, FirstBaseLsn: initialLsn);
        anchorFile.SetLength(0);
        WalSegmentChain.WriteAnchor(anchorFile, anchor);
        fileSystem.SyncDirectory(WalSegmentChain.DirectoryOf(path));
        return anchor;
    }

    private static bool DeleteOrphans(IFileSystem fileSystem, string path, long firstSequence)
    {
        bool deleted = false;
        for (long sequence = firstSequence - 1; sequence >= 1; sequence--)
        {
            string segmentPath = WalSegmentChain.SegmentPath(path, sequence);
            if (!fileSystem.Exists(segmentPath))
            {
                break;
            }

            fileSystem.Delete(segmentPath);
            deleted = true;
        }

        return deleted;
    }

    // Opens a segment and finds its valid length; null (and the file closed) if its header is
    // unusable or does not continue the previous segment's LSNs.
    private static WalSegment? OpenSegment(IFileSystem fileSystem, string path, long sequence, long? previousLastLsn)
    {
        var file = fileSystem.Open(WalSegmentChain.SegmentPath(path, sequence), StorageFileMode.OpenExisting);
        Span<byte> headerBytes = stackalloc byte[WalSegmentHeader.Size];
        int read = file.Read(0, headerBytes);
        var status = WalSegmentHeader.Read(headerBytes[..read], out var header, out ushort version);
        if (status == WalSegmentHeaderStatus.OtherVersion)
        {
            file.Dispose();
            throw new IOException(
                $"The log segment '{WalSegmentChain.SegmentPath(path, sequence)}' has format version {version}: it was written by "
                + $"{(version < WalSegmentHeader.Version ? "an earlier" : "a newer")} build of SharpCoreDB, and this build reads only "
                + $"version {WalSegmentHeader.Version}.");
        }

        if (status != WalSegmentHeaderStatus.Valid ||
            header.Sequence != sequence ||
            (previousLastLsn is long previous && header.BaseLsn != previous))
        {
            file.Dispose();
            return null;
        }

        long fileLength = file.Length;
        using var reader = new WalFrameReader(file, WalSegmentHeader.Size, fileLength);
        long lastLsn = header.BaseLsn;
        while (reader.Next(lastLsn + 1) == WalFrameStatus.Valid)
        {
            lastLsn++;
        }

        return new WalSegment(file, sequence, header.BaseLsn, reader.Position, lastLsn);
    }
}
