// The files around the frames: a lost anchor, a damaged segment header, a missing
// segment file and a segment of an older format. Before, a lost anchor made the log
// look absent and a damaged header made recovery delete that segment and everything
// after it, each silently dropping acknowledged records. Now a lost anchor is rebuilt
// from the segment files, a header whose frames are intact is rewritten from them,
// a missing segment is reported as damage, and an older format is refused by name.
using System.Buffers.Binary;
using System.IO.Hashing;
using SharpCoreDB.Wal.Format;
using SharpCoreDB.Wal.Tests.Support;

namespace SharpCoreDB.Wal.Tests;

public sealed class SegmentRepairTests
{
    private const string LogPath = "/mem/db.scdb-wal";
    private const int Records = 40;
    private const int PayloadLength = 500;

    [Fact]
    public void ALostAnchorIsRebuiltFromTheSegmentsAndEveryRecordIsRecovered()
    {
        var (fs, options) = WriteLog();
        fs.Delete(LogPath);
        Assert.True(WriteAheadLog.Exists(LogPath, fs));
        int segments = CountSegments(fs);

        using (var log = WriteAheadLog.Open(LogPath, options))
        {
            Assert.Equal($"the anchor was missing and was rebuilt from segments 1..{segments}", Assert.Single(log.Recovery.Repairs));
            Assert.Empty(log.Recovery.Damage);
            AssertRecords(LogReader.Collect(log), 1);
        }

        Assert.True(fs.Exists(LogPath));
        using (var log = WriteAheadLog.Open(LogPath, options))
        {
            Assert.Empty(log.Recovery.Repairs);
            Assert.Equal(Records + 1, log.Append([1]));
        }
    }

    [Fact]
    public void ALostAnchorAfterAReleaseIsRebuiltFromTheLowestSegmentLeft()
    {
        var (fs, options) = WriteLog(releaseUpTo: 20);
        Assert.False(fs.Exists(Segment(1)));
        fs.Write(LogPath, new byte[WalAnchor.FileSize]);

        using var log = WriteAheadLog.Open(LogPath, options);
        Assert.StartsWith("the anchor was unreadable and was rebuilt from segments 3..", Assert.Single(log.Recovery.Repairs));
        Assert.Equal(Records, log.LastLsn);
        var records = LogReader.Collect(log, afterLsn: 20);
        AssertRecords(records, 21);
    }

    [Fact]
    public void ExistsSeesSegmentsWithoutAnAnchorAndDeleteRemovesEverySegment()
    {
        var (fs, _) = WriteLog();
        Assert.False(WriteAheadLog.Exists("/mem/other.scdb-wal", fs));
        fs.Delete(LogPath);
        fs.Write(Segment(9), fs.Read(Segment(2)));
        fs.Write(LogPath + ".notes", [1]);
        Assert.True(WriteAheadLog.Exists(LogPath, fs));

        WriteAheadLog.Delete(LogPath, fs);
        Assert.False(WriteAheadLog.Exists(LogPath, fs));
        Assert.Equal([LogPath + ".notes"], fs.Paths());
    }

    // A segment and a byte of its header to damage: every field, in three segments.
    public static TheoryData<int, int> DamagedHeaderBytes => new()
    {
        { 2, WalSegmentHeader.MagicField.Offset },
        { 2, WalSegmentHeader.SequenceField.Offset },
        { 2, WalSegmentHeader.BaseLsnField.Offset + 1 },
        { 2, WalSegmentHeader.VersionField.Offset },
        { 2, WalSegmentHeader.ChecksumField.Offset + 3 },
        { 1, WalSegmentHeader.BaseLsnField.Offset },
        { 3, WalSegmentHeader.ReservedField.Offset },
    };

    [Theory]
    [MemberData(nameof(DamagedHeaderBytes))]
    public void ADamagedHeaderWithIntactFramesIsRewrittenFromThem(int sequence, int offset)
    {
        var (fs, options) = WriteLog();
        byte[] original = fs.Read(Segment(sequence));
        byte[] damaged = (byte[])original.Clone();
        damaged[offset] ^= 0x08;
        fs.Write(Segment(sequence), damaged);

        using (var log = WriteAheadLog.Open(LogPath, options))
        {
            Assert.Equal($"segment {sequence}'s header was damaged and was rewritten from its frames", Assert.Single(log.Recovery.Repairs));
            Assert.Empty(log.Recovery.Damage);
            AssertRecords(LogReader.Collect(log), 1);
        }

        Assert.Equal(original, fs.Read(Segment(sequence))[..original.Length]);
    }

    [Fact]
    public void ADamagedHeaderAndFirstFrameLoseOnlyThatFrame()
    {
        var (fs, options) = WriteLog();
        byte[] second = fs.Read(Segment(2));
        long baseLsn = BinaryPrimitives.ReadInt64LittleEndian(second.AsSpan(WalSegmentHeader.BaseLsnField.Offset));
        second[WalSegmentHeader.SequenceField.Offset] ^= 0x01;
        second[WalSegmentHeader.Size + WalFrame.HeaderSize + 3] ^= 0x01;
        fs.Write(Segment(2), second);

        using var log = WriteAheadLog.Open(LogPath, options);
        var damage = Assert.Single(log.Recovery.Damage);
        Assert.Equal(
            new WalDamage(baseLsn + 1, baseLsn + 1, 2, 0, WalSegmentHeader.Size + WalFrame.SizeOf(PayloadLength)),
            damage);
        Assert.Empty(log.Recovery.Repairs);
        AssertRecords(LogReader.Collect(log, afterLsn: baseLsn + 1), (int)baseLsn + 2);
        Assert.Throws<WalDamagedException>(() => log.Replay(baseLsn, (_, _) => { }));
    }

    [Fact]
    public void ADamagedSegmentStartReleasedPastIsNoLongerDamage()
    {
        var (fs, options) = WriteLog();
        byte[] second = fs.Read(Segment(2));
        long baseLsn = BinaryPrimitives.ReadInt64LittleEndian(second.AsSpan(WalSegmentHeader.BaseLsnField.Offset));
        second[WalSegmentHeader.MagicField.Offset] ^= 0x01;
        second[WalSegmentHeader.Size + WalFrame.HeaderSize] ^= 0x01;
        fs.Write(Segment(2), second);
        using (var log = WriteAheadLog.Open(LogPath, options))
        {
            Assert.Single(log.Recovery.Damage);
            log.ReleaseUpTo(baseLsn + 1);
            Assert.False(fs.Exists(Segment(1)));
            AssertRecords(LogReader.Collect(log), (int)baseLsn + 2);
        }

        // Segment 2 is now the first; the bytes before its first readable frame held only released records.
        using (var log = WriteAheadLog.Open(LogPath, options))
        {
            Assert.Empty(log.Recovery.Damage);
            AssertRecords(LogReader.Collect(log), (int)baseLsn + 2);
        }
    }

    [Fact]
    public void AMissingSegmentFileIsReportedAsDamageAndTheLaterOnesAreKept()
    {
        var (fs, options) = WriteLog();
        long secondBase = BaseLsn(fs, 2);
        long thirdBase = BaseLsn(fs, 3);
        fs.Delete(Segment(2));

        using var log = WriteAheadLog.Open(LogPath, options);
        Assert.Equal(new WalDamage(secondBase + 1, thirdBase, 2, 0, 0), Assert.Single(log.Recovery.Damage));
        AssertRecords(LogReader.Collect(log, afterLsn: thirdBase), (int)thirdBase + 1);
        Assert.Equal(Records, log.LastLsn);
    }

    [Fact]
    public void ASegmentOfFormatVersion1IsRefusedByNameAndLeftAsItIs()
    {
        var (fs, options) = WriteLog();
        byte[] first = fs.Read(Segment(1));
        BinaryPrimitives.WriteUInt16LittleEndian(first.AsSpan(WalSegmentHeader.VersionField.Offset), 1);
        BinaryPrimitives.WriteUInt32LittleEndian(
            first.AsSpan(WalSegmentHeader.ChecksumField.Offset), Crc32.HashToUInt32(first.AsSpan(0, WalSegmentHeader.ChecksumField.Offset)));
        fs.Write(Segment(1), first);
        var before = fs.Paths().ToDictionary(p => p, fs.Read);

        var error = Assert.ThrowsAny<IOException>(() => WriteAheadLog.Open(LogPath, options));
        Assert.Contains("format version 1", error.Message, StringComparison.Ordinal);
        Assert.Contains("earlier build", error.Message, StringComparison.Ordinal);
        Assert.Equal(before.Keys.Order(), fs.Paths().Order());
        foreach (var (path, bytes) in before)
        {
            Assert.Equal(bytes, fs.Read(path));
        }
    }

    // Records of 500 bytes in 4 KiB segments: about eight a segment, five segments.
    private static (MemoryFileSystem Fs, WalOptions Options) WriteLog(long releaseUpTo = 0)
    {
        var fs = new MemoryFileSystem();
        var options = WalKinds.Options(WalKind.GroupFullSync, fs, segmentSize: 4096);
        using (var log = WriteAheadLog.Open(LogPath, options))
        {
            for (int i = 0; i < Records; i++)
            {
                log.Append(Payloads.Make(9, i, PayloadLength));
            }

            if (releaseUpTo > 0)
            {
                log.ReleaseUpTo(releaseUpTo);
            }
        }

        Assert.True(releaseUpTo > 0 || CountSegments(fs) >= 4, "the log should span several segments");
        return (fs, options);
    }

    private static void AssertRecords(List<(long Lsn, byte[] Payload)> records, int firstLsn)
    {
        Assert.Equal(Enumerable.Range(firstLsn, Records - firstLsn + 1).Select(i => (long)i), records.Select(r => r.Lsn));
        foreach (var (lsn, payload) in records)
        {
            Assert.Equal(Payloads.Make(9, (int)lsn - 1, PayloadLength), payload);
        }
    }

    private static string Segment(long sequence) => $"{LogPath}.{sequence:D8}";

    private static int CountSegments(MemoryFileSystem fs) => fs.Paths().Count(p => p.StartsWith(LogPath + ".0", StringComparison.Ordinal));

    private static long BaseLsn(MemoryFileSystem fs, long sequence) =>
        BinaryPrimitives.ReadInt64LittleEndian(fs.Read(Segment(sequence)).AsSpan(WalSegmentHeader.BaseLsnField.Offset));
}
