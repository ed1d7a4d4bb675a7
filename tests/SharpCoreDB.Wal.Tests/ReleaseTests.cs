// After the engine checkpoints, ReleaseUpTo gives the log's space back a segment at a
// time, so a log that is released as it goes stays bounded; and LSNs keep increasing
// across reopen even once every record has been released. A released segment is cut
// from its end in fsynced steps before it is deleted, so that no file-system journal
// commit frees a whole segment's blocks at once beside the commits' fsyncs.
using SharpCoreDB.TestSupport.FileSystems;
using SharpCoreDB.Wal.Tests.Support;

namespace SharpCoreDB.Wal.Tests;

public sealed class ReleaseTests() : TempDirectoryTests("scdb-wal-")
{
    internal const long SegmentSize = 16 << 10;

    [Theory]
    [MemberData(nameof(WalKinds.All), MemberType = typeof(WalKinds))]
    public void ALogReleasedAsItGoesStaysBoundedAndKeepsTheUnreleasedRecords(WalKind kind)
    {
        string path = Dir.File("log.wal");
        var options = WalKinds.Options(kind, segmentSize: SegmentSize);
        long maxLength = 0;
        long released = 0;
        using (var log = WriteAheadLog.Open(path, options))
        {
            for (int i = 0; i < 1500; i++)
            {
                log.Append(Payloads.Make(6, i, 200));
                if (i % 100 == 99)
                {
                    log.Flush();
                    released = log.LastLsn - 50;
                    log.ReleaseUpTo(released);
                    maxLength = Math.Max(maxLength, log.Statistics.FileLength);
                }
            }
        }

        // About 330 KB were appended; what stays is the unreleased tail and the newest segment,
        // each at most a segment plus the zeros written ahead (an eighth of a segment) and a group.
        Assert.InRange(maxLength, 1, 3 * SegmentSize);
        Assert.False(File.Exists(path + ".00000001"));
        long onDisk = Directory.GetFiles(Dir.Path, "log.wal.*").Sum(f => new FileInfo(f).Length);
        Assert.InRange(onDisk, 1, 3 * SegmentSize);

        using var reopened = WriteAheadLog.Open(path, options);
        Assert.Equal(1500, reopened.LastLsn);
        var records = LogReader.Collect(reopened, afterLsn: released);
        Assert.Equal(Enumerable.Range((int)released + 1, 1500 - (int)released).Select(i => (long)i), records.Select(r => r.Lsn));
        for (int i = 0; i < records.Count; i++)
        {
            Assert.Equal(Payloads.Make(6, (int)records[i].Lsn - 1, 200), records[i].Payload);
        }
    }

    [Theory]
    [MemberData(nameof(WalKinds.All), MemberType = typeof(WalKinds))]
    public void LsnsKeepIncreasingAcrossReopenAfterEverythingWasReleased(WalKind kind)
    {
        string path = Dir.File("log.wal");
        var options = WalKinds.Options(kind, segmentSize: 4096);
        for (int round = 1; round <= 3; round++)
        {
            using var log = WriteAheadLog.Open(path, options);
            long start = log.LastLsn;
            Assert.Equal((round - 1) * 40, start);
            for (int i = 0; i < 40; i++)
            {
                Assert.Equal(start + i + 1, log.Append(new byte[300]));
            }

            log.Flush();
            log.ReleaseUpTo(log.LastLsn);
            // What stays is the newest segment: at most one full segment plus the last group written
            // (an Async group may hold the whole round).
            Assert.InRange(log.Statistics.FileLength, 1, 4096 + 4096 + (40 * 316) + 32);
        }

        using var last = WriteAheadLog.Open(path, options);
        Assert.Equal(120, last.LastLsn);
        Assert.Empty(LogReader.Collect(last, afterLsn: 120));
        Assert.Equal(121, last.Append([1]));
    }

    [Fact]
    public void AReleasedSegmentIsCutInDurableStepsBeforeItIsDeleted()
    {
        string path = Dir.File("log.wal");
        var fs = new RecordingFileSystem();
        var options = WalKinds.Options(WalKind.GroupAsync, fs, segmentSize: 8L << 20);
        using var log = WriteAheadLog.Open(path, options);
        var payload = new byte[16 << 10];
        while (log.Statistics.FileLength < 9L << 20)
        {
            log.Append(payload);
            log.Flush();
        }

        fs.Clear();
        log.ReleaseUpTo(log.LastLsn);

        string first = path + ".00000001";
        Assert.False(File.Exists(first));
        var cuts = fs.Calls.Where(c => c.Path == first && c.Operation is IoOperation.SetLength or IoOperation.Flush).ToList();
        Assert.True(cuts.Count >= 8, $"the 8 MiB segment was cut in {cuts.Count} step(s)");
        long previous = 8L << 20;
        for (int i = 0; i < cuts.Count; i += 2)
        {
            Assert.Equal(IoOperation.SetLength, cuts[i].Operation);
            Assert.InRange(previous - cuts[i].Offset, 1, 2L << 20);
            Assert.Equal(IoOperation.Flush, cuts[i + 1].Operation);
            previous = cuts[i].Offset;
        }

        Assert.InRange(previous, 0, 2L << 20);
    }
}
