// Damages the tail of a log in every way a crash or a bad sector can, one byte offset
// and one bit at a time. A torn tail (the log cut short, or the last frame damaged:
// nothing after it proves it durable) must be cut off exactly: recovery returns the
// records before it and new appends follow them. A damaged frame followed by frames
// that prove it durable (each record here was acknowledged before the next was
// written) loses only that record: recovery reports it, keeps the rest, and Replay
// refuses to go past it. The exhaustive loops run on an in-memory file system
// (recovery logic is under test, not the disk); one case also runs on the real disk.
using SharpCoreDB.Wal.Format;
using SharpCoreDB.Wal.Tests.Support;

namespace SharpCoreDB.Wal.Tests;

public sealed class RecoveryCorruptionTests() : TempDirectoryTests("scdb-wal-")
{
    internal const string LogPath = "/mem/log.wal";
    internal const string SegmentPath = "/mem/log.wal.00000001";
    internal const int Records = 12;
    internal const int DamagedFrames = 3;

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
            long tornBytes = NonZeroExtent(segment.AsSpan(0, (int)cut), frameEnds[complete - 1]);
            AssertRecoversPrefixAndAppends(fs, groupCommit, complete, tornBytes, $"cut at {cut}");
        }
    }

    [Theory]
    [Trait("Category", "Slow")]
    [InlineData(true)]
    [InlineData(false)]
    public void FlippingAnyBitOfTheLastFrameCutsItOff(bool groupCommit)
    {
        var (pristine, frameEnds) = WriteLog(groupCommit);
        byte[] segment = pristine.Read(SegmentPath);
        for (long offset = frameEnds[^2]; offset < frameEnds[^1]; offset++)
        {
            for (int bit = 0; bit < 8; bit++)
            {
                var fs = pristine.Clone();
                byte[] damaged = (byte[])segment.Clone();
                damaged[offset] ^= (byte)(1 << bit);
                fs.Write(SegmentPath, damaged);
                AssertRecoversPrefixAndAppends(fs, groupCommit, Records - 1, NonZeroExtent(damaged, frameEnds[^2]), $"bit {bit} of byte {offset}");
            }
        }
    }

    [Theory]
    [Trait("Category", "Slow")]
    [InlineData(true)]
    [InlineData(false)]
    public void FlippingAnyBitOfAFrameWithDurableSuccessorsLosesOnlyThatRecord(bool groupCommit)
    {
        var (pristine, frameEnds) = WriteLog(groupCommit);
        byte[] segment = pristine.Read(SegmentPath);
        int firstDamaged = Records - DamagedFrames;
        for (long offset = frameEnds[firstDamaged - 1]; offset < frameEnds[^2]; offset++)
        {
            int frame = CountFramesEndingBy(frameEnds, offset);
            for (int bit = 0; bit < 8; bit++)
            {
                var fs = pristine.Clone();
                byte[] damaged = (byte[])segment.Clone();
                damaged[offset] ^= (byte)(1 << bit);
                fs.Write(SegmentPath, damaged);
                AssertKeepsEverythingButTheDamagedRecord(fs, groupCommit, lsn: frame + 1, frameEnds[frame - 1], $"bit {bit} of byte {offset}");
            }
        }
    }

    [Fact]
    public void GarbageAfterTheLastFrameOnTheRealDiskIsCutOffAndNewAppendsFollowTheValidPrefix()
    {
        string path = Dir.File("log.wal");
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
            Assert.Empty(log.Recovery.Damage);
            Assert.Equal(40, log.Recovery.TornBytesCut);
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
    public void ADamagedFrameAtTheEndOfAFullSegmentKeepsEveryLaterSegment()
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
        long thirdBase = BitConverter.ToInt64(fs.Read(LogPath + ".00000003"), WalSegmentHeader.BaseLsnField.Offset);
        byte[] second = fs.Read(LogPath + ".00000002");
        second[^3] ^= 0x10;
        fs.Write(LogPath + ".00000002", second);

        using (var log = WriteAheadLog.Open(LogPath, options))
        {
            var damage = Assert.Single(log.Recovery.Damage);
            Assert.Equal((thirdBase, thirdBase, 2L), (damage.FirstMissingLsn, damage.LastMissingLsn, damage.SegmentSequence));
            Assert.Equal(40, log.LastLsn);
            var recovered = LogReader.Collect(log, afterLsn: thirdBase);
            Assert.Equal(Enumerable.Range((int)thirdBase + 1, 40 - (int)thirdBase).Select(i => (long)i), recovered.Select(r => r.Lsn));
            for (int i = 0; i < recovered.Count; i++)
            {
                Assert.Equal(Payloads.Make(2, (int)recovered[i].Lsn - 1, 500), recovered[i].Payload);
            }

            var before = new List<long>();
            var thrown = Assert.Throws<WalDamagedException>(() => log.Replay(0, (lsn, _) => before.Add(lsn)));
            Assert.Equal(damage, thrown.Damage);
            Assert.Equal(Enumerable.Range(1, (int)thirdBase - 1).Select(i => (long)i), before);
        }

        Assert.True(fs.Exists(LogPath + ".00000003"));
        Assert.True(fs.Exists(LogPath + ".00000004"));
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
                log.Append(Payload(i));
                end += WalFrame.SizeOf(Payload(i).Length);
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

    private static void AssertRecoversPrefixAndAppends(MemoryFileSystem fs, bool groupCommit, int expected, long tornBytes, string damage)
    {
        var options = WalKinds.Options(groupCommit ? WalKind.GroupFullSync : WalKind.Baseline, fs);
        using (var log = WriteAheadLog.Open(LogPath, options))
        {
            var records = LogReader.Collect(log);
            Assert.True(expected == records.Count, $"{damage}: expected {expected} records, got {records.Count}");
            for (int i = 0; i < expected; i++)
            {
                Assert.Equal(i + 1, records[i].Lsn);
                Assert.Equal(Payload(i), records[i].Payload);
            }

            Assert.True(log.Recovery.Damage.Count == 0, $"{damage}: a torn tail reported as damage");
            Assert.True(tornBytes == log.Recovery.TornBytesCut, $"{damage}: {log.Recovery.TornBytesCut} torn bytes cut, expected {tornBytes}");
            Assert.Equal(expected + 1, log.Append([0xAB, 0xCD]));
        }

        var after = LogReader.ReadAll(LogPath, fs);
        Assert.True(expected + 1 == after.Count, $"{damage}: appending after recovery");
        Assert.Equal([0xAB, 0xCD], after[^1].Payload);
    }

    // The record with this LSN is damaged and a later one proves it durable: it alone is missing.
    private static void AssertKeepsEverythingButTheDamagedRecord(MemoryFileSystem fs, bool groupCommit, int lsn, long frameStart, string damage)
    {
        var options = WalKinds.Options(groupCommit ? WalKind.GroupFullSync : WalKind.Baseline, fs);
        byte[] before = fs.Read(SegmentPath);
        using (var log = WriteAheadLog.Open(LogPath, options))
        {
            var hole = Assert.Single(log.Recovery.Damage);
            Assert.True(
                (lsn, lsn, 1L, frameStart) == (hole.FirstMissingLsn, hole.LastMissingLsn, hole.SegmentSequence, hole.Offset),
                $"{damage}: reported {hole}");
            Assert.Equal(Records, log.LastLsn);
            var later = LogReader.Collect(log, afterLsn: lsn);
            Assert.True(Records - lsn == later.Count, $"{damage}: {later.Count} records after the hole");
            for (int i = 0; i < later.Count; i++)
            {
                Assert.Equal(lsn + i + 1, later[i].Lsn);
                Assert.Equal(Payload(lsn + i), later[i].Payload);
            }

            Assert.Throws<WalDamagedException>(() => log.Replay(0, (_, _) => { }));
            Assert.Equal(Records + 1, log.Append([0xAB, 0xCD]));
        }

        // Only the zeros written ahead were cut; every frame byte, the damaged ones included, is as it was.
        byte[] after = fs.Read(SegmentPath);
        int framesEnd = (int)(WalSegmentHeader.Size + Enumerable.Range(0, Records).Sum(i => WalFrame.SizeOf(Payload(i).Length)));
        Assert.True(before.AsSpan(0, framesEnd).SequenceEqual(after.AsSpan(0, framesEnd)), $"{damage}: frame bytes changed");
        var reopened = LogReader.ReadAll(LogPath, options, afterLsn: lsn);
        Assert.Equal([0xAB, 0xCD], reopened[^1].Payload);
    }

    // The bytes a cut at `from` removes, as recovery counts them: up to the last non-zero one (the zeros
    // after it are those the log writes ahead of its frames).
    private static long NonZeroExtent(ReadOnlySpan<byte> file, long from) =>
        Math.Max(0, file[(int)from..].LastIndexOfAnyExcept((byte)0) + 1);

    private static byte[] Payload(int index) => Payloads.Make(1, index, 8 + (index * 7 % 40));
}
