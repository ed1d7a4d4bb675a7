// Damages the tail of a log in every way a crash or a bad sector can, one byte offset
// and one bit at a time: recovery must return exactly the records before the damaged
// frame, cut the rest off, and accept new appends after them. The exhaustive loops run
// on an in-memory file system (recovery logic is under test, not the disk); one case
// per kind of damage also runs on the real disk.
using SharpCoreDB.Wal.Format;
using SharpCoreDB.Wal.Tests.Support;

namespace SharpCoreDB.Wal.Tests;

public sealed class RecoveryCorruptionTests : IDisposable
{
    internal const string LogPath = "/mem/log.wal";
    internal const string SegmentPath = "/mem/log.wal.00000001";
    internal const int Records = 12;
    internal const int DamagedFrames = 3;
    private readonly TempDirectory _dir = new();

    public void Dispose() => _dir.Dispose();

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void TruncatingAtEveryOffsetOfTheLastFramesKeepsExactlyTheCompleteFrames(bool groupCommit)
    {
        var (pristine, frameEnds) = WriteLog(groupCommit);
        byte[] segment = pristine.Read(SegmentPath)[..(int)frameEnds[^1]];
        long from = frameEnds[Records - DamagedFrames - 1];
        for (long cut = from; cut <= segment.Length; cut++)
        {
            var fs = pristine.Clone();
            fs.Write(SegmentPath, segment[..(int)cut]);
            int complete = CountFramesEndingBy(frameEnds, cut);
            AssertRecoversPrefixAndAppends(fs, groupCommit, complete, $"cut at {cut}");
        }
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void FlippingAnyBitOfTheLastFramesDropsThatFrameAndEverythingAfter(bool groupCommit)
    {
        var (pristine, frameEnds) = WriteLog(groupCommit);
        byte[] segment = pristine.Read(SegmentPath);
        int firstDamaged = Records - DamagedFrames;
        for (long offset = frameEnds[firstDamaged - 1]; offset < frameEnds[^1]; offset++)
        {
            int frame = CountFramesEndingBy(frameEnds, offset);
            for (int bit = 0; bit < 8; bit++)
            {
                var fs = pristine.Clone();
                byte[] damaged = (byte[])segment.Clone();
                damaged[offset] ^= (byte)(1 << bit);
                fs.Write(SegmentPath, damaged);
                AssertRecoversPrefixAndAppends(fs, groupCommit, frame, $"bit {bit} of byte {offset}");
            }
        }
    }

    [Fact]
    public void GarbageAfterTheLastFrameOnTheRealDiskIsCutOffAndNewAppendsFollowTheValidPrefix()
    {
        string path = _dir.File("log.wal");
        var options = WalKinds.Options(WalKind.GroupFullSync);
        using (var log = WriteAheadLog.Open(path, options))
        {
            for (int i = 0; i < 5; i++)
            {
                log.Append(Payloads.Make(0, i));
            }
        }

        string segment = path + ".00000001";
        long validEnd = WalSegmentHeader.Size;
        for (int i = 0; i < 5; i++)
        {
            validEnd += WalFrame.SizeOf(Payloads.Make(0, i).Length);
        }

        // A torn frame right after the last valid one: a plausible header, then garbage.
        using (var stream = new FileStream(segment, FileMode.Open))
        {
            stream.Position = validEnd;
            stream.Write(Payloads.Make(9, 9, 40));
        }

        using (var log = WriteAheadLog.Open(path, options))
        {
            Assert.Equal(5, log.LastLsn);
            Assert.Equal(6, log.Append(Payloads.Make(0, 5)));
        }

        var records = LogReader.ReadAll(path, options);
        Assert.Equal(6, records.Count);
        for (int i = 0; i < 6; i++)
        {
            Assert.Equal(Payloads.Make(0, i), records[i].Payload);
        }
    }

    [Fact]
    public void ADamagedSegmentCutsOffEveryLaterSegment()
    {
        var fs = new MemoryFileSystem();
        var options = WalKinds.Options(WalKind.GroupFullSync, fs, segmentSize: 4096);
        using (var log = WriteAheadLog.Open(LogPath, options))
        {
            for (int i = 0; i < 40; i++)
            {
                log.Append(Payloads.Make(2, i, 500));
            }
        }

        Assert.True(fs.Exists(LogPath + ".00000004"));
        long thirdBase = BitConverter.ToInt64(fs.Read(LogPath + ".00000003"), WalSegmentHeader.BaseLsnOffset);
        byte[] second = fs.Read(LogPath + ".00000002");
        second[^3] ^= 0x10;
        fs.Write(LogPath + ".00000002", second);

        var recovered = LogReader.ReadAll(LogPath, fs);
        Assert.Equal(thirdBase - 1, recovered.Count);
        Assert.False(fs.Exists(LogPath + ".00000003"));
        Assert.False(fs.Exists(LogPath + ".00000004"));
        for (int i = 0; i < recovered.Count; i++)
        {
            Assert.Equal(i + 1, recovered[i].Lsn);
            Assert.Equal(Payloads.Make(2, i, 500), recovered[i].Payload);
        }
    }

    private static (MemoryFileSystem Fs, long[] FrameEnds) WriteLog(bool groupCommit)
    {
        var fs = new MemoryFileSystem();
        var options = WalKinds.Options(groupCommit ? WalKind.GroupFullSync : WalKind.Baseline, fs);
        var frameEnds = new long[Records];
        long end = WalSegmentHeader.Size;
        using (var log = WriteAheadLog.Open(LogPath, options))
        {
            for (int i = 0; i < Records; i++)
            {
                int length = 8 + (i * 7 % 40);
                log.Append(Payloads.Make(1, i, length));
                end += WalFrame.SizeOf(length);
                frameEnds[i] = end;
            }
        }

        // The log writes zeros ahead of its frames; they must read as the end of the log.
        Assert.True(fs.Read(SegmentPath).Length > end);

        return (fs, frameEnds);
    }

    private static int CountFramesEndingBy(long[] frameEnds, long offset)
    {
        int count = 0;
        while (count < frameEnds.Length && frameEnds[count] <= offset)
        {
            count++;
        }

        return count;
    }

    private static void AssertRecoversPrefixAndAppends(MemoryFileSystem fs, bool groupCommit, int expected, string damage)
    {
        var options = WalKinds.Options(groupCommit ? WalKind.GroupFullSync : WalKind.Baseline, fs);
        using (var log = WriteAheadLog.Open(LogPath, options))
        {
            var records = LogReader.Collect(log);
            Assert.True(expected == records.Count, $"{damage}: expected {expected} records, got {records.Count}");
            for (int i = 0; i < expected; i++)
            {
                Assert.Equal(i + 1, records[i].Lsn);
                Assert.Equal(Payloads.Make(1, i, 8 + (i * 7 % 40)), records[i].Payload);
            }

            Assert.Equal(expected + 1, log.Append([0xAB, 0xCD]));
        }

        var after = LogReader.ReadAll(LogPath, fs);
        Assert.True(expected + 1 == after.Count, $"{damage}: appending after recovery");
        Assert.Equal([0xAB, 0xCD], after[^1].Payload);
    }
}
