// Damage in the middle of a log must not silently drop the acknowledged records after
// it (a black-box test found one flipped bit dropping 20 transactions). Each record
// here is appended in FullSync and acknowledged before the next is written, so every
// later frame proves the damaged one durable: recovery must name the missing LSNs,
// keep every later record, truncate nothing, and Replay must refuse to go past the
// hole. A torn tail (records written in one group, none of them proven durable by a
// later frame) must still be cut, and appends continue after it.
using SharpCoreDB.Wal.Format;
using SharpCoreDB.Wal.Tests.Support;

namespace SharpCoreDB.Wal.Tests;

public sealed class DamageRecoveryTests() : TempDirectoryTests("scdb-wal-")
{
    private const string LogPath = "/mem/db.scdb-wal";
    private const string Segment = LogPath + ".00000001";
    private const int Records = 40;

    public static TheoryData<WalKind> FullSyncKinds => [WalKind.GroupFullSync, WalKind.Baseline];

    [Theory]
    [MemberData(nameof(FullSyncKinds))]
    public void AFlippedPayloadBitInAnEarlyFrameLosesOnlyThatRecord(WalKind kind)
    {
        var (fs, starts) = WriteLog(kind);
        FlipBit(fs, Segment, starts[2] + WalFrame.HeaderSize + 5, bit: 6);
        AssertOnlyLost(fs, kind, starts, firstMissing: 3, lastMissing: 3);
    }

    [Theory]
    [MemberData(nameof(FullSyncKinds))]
    public void AFlippedLengthBitInAMiddleFrameLosesOnlyThatRecord(WalKind kind)
    {
        var (fs, starts) = WriteLog(kind);
        FlipBit(fs, Segment, starts[19] + WalFrame.LengthField.Offset, bit: 3);
        AssertOnlyLost(fs, kind, starts, firstMissing: 20, lastMissing: 20);
    }

    [Theory]
    [MemberData(nameof(FullSyncKinds))]
    public void AZeroedSectorInTheMiddleLosesOnlyTheRecordsItHeld(WalKind kind)
    {
        var (fs, starts) = WriteLog(kind);
        long sector = starts[Records / 2] / 512 * 512;
        byte[] bytes = fs.Read(Segment);
        bytes.AsSpan((int)sector, 512).Clear();
        fs.Write(Segment, bytes);

        // Every frame that has a byte in the sector is gone, and only those.
        int firstMissing = Enumerable.Range(1, Records).First(lsn => starts[lsn] > sector);
        int lastMissing = Enumerable.Range(1, Records).Last(lsn => starts[lsn - 1] < sector + 512);
        Assert.True(lastMissing > firstMissing, "the sector should span several frames");
        AssertOnlyLost(fs, kind, starts, firstMissing, lastMissing);
    }

    [Fact]
    public void AFlippedBitAtByte4012OnTheRealDiskLosesOneRecordSilentlyNoMore()
    {
        string path = Dir.File("db.scdb-wal");
        var options = WalKinds.Options(WalKind.GroupFullSync);
        using (var log = WriteAheadLog.Open(path, options))
        {
            for (int i = 0; i < Records; i++)
            {
                log.Append(Payloads.Make(8, i, 180));
            }
        }

        using (var segment = new FileStream(path + ".00000001", FileMode.Open))
        {
            segment.Position = 4012;
            int value = segment.ReadByte();
            segment.Position = 4012;
            segment.WriteByte((byte)(value ^ 0x04));
        }

        int frameSize = WalFrame.SizeOf(180);
        int damagedLsn = ((4012 - WalSegmentHeader.Size) / frameSize) + 1;
        using (var log = WriteAheadLog.Open(path, options))
        {
            var damage = Assert.Single(log.Recovery.Damage);
            Assert.Equal((damagedLsn, damagedLsn), (damage.FirstMissingLsn, damage.LastMissingLsn));
            Assert.Equal(Records, log.LastLsn);

            // An engine whose checkpoint covers the damaged record replays everything it needs.
            var needed = LogReader.Collect(log, afterLsn: damagedLsn);
            Assert.Equal(Enumerable.Range(damagedLsn + 1, Records - damagedLsn).Select(i => (long)i), needed.Select(r => r.Lsn));
            Assert.Equal(Payloads.Make(8, Records - 1, 180), needed[^1].Payload);
            Assert.Throws<WalDamagedException>(() => log.Replay(damagedLsn - 1, (_, _) => { }));
        }
    }

    [Fact]
    public void ATornTailWrittenInOneGroupIsStillCutAndAppendsContinue()
    {
        var fs = new MemoryFileSystem();
        var asyncOptions = WalKinds.Options(WalKind.GroupAsync, fs) with { FlushInterval = TimeSpan.FromSeconds(30) };
        const int Group = 20;
        using (var log = WriteAheadLog.Open(LogPath, asyncOptions))
        {
            for (int i = 0; i < Group; i++)
            {
                log.Append(Payload(i));
            }

            // One write and one fsync: no frame of the group was copied after another was durable.
            log.Flush();
            Assert.Equal(1, log.Statistics.Fsyncs);
        }

        long[] starts = FrameStarts(Group);
        FlipBit(fs, Segment, starts[9] + WalFrame.HeaderSize + 1, bit: 0);

        var options = WalKinds.Options(WalKind.GroupFullSync, fs);
        using (var log = WriteAheadLog.Open(LogPath, options))
        {
            Assert.Empty(log.Recovery.Damage);
            Assert.InRange(log.Recovery.TornBytesCut, 1, starts[Group] - starts[9]);
            Assert.Contains(log.Recovery.Repairs, r => r.Contains("torn write", StringComparison.Ordinal));
            Assert.Equal(9, log.LastLsn);
            Assert.Equal(starts[9], fs.Read(Segment).Length);
            Assert.Equal(10, log.Append([7, 7]));
        }

        var records = LogReader.ReadAll(LogPath, options);
        Assert.Equal(Enumerable.Range(1, 10).Select(i => (long)i), records.Select(r => r.Lsn));
        Assert.Equal([7, 7], records[^1].Payload);
    }

    [Theory]
    [MemberData(nameof(FullSyncKinds))]
    public void DamageInTheMiddleIsKeptWhileATornTailIsCut(WalKind kind)
    {
        var (fs, starts) = WriteLog(kind);
        FlipBit(fs, Segment, starts[9] + WalFrame.HeaderSize, bit: 1);
        byte[] cut = fs.Read(Segment)[..(int)(starts[Records - 1] + 40)];
        fs.Write(Segment, cut);

        // Torn bytes are counted up to the last non-zero one; the last frame's header has zeros in it.
        long tornBytes = cut.AsSpan().LastIndexOfAnyExcept((byte)0) + 1 - starts[Records - 1];

        var options = WalKinds.Options(kind, fs);
        using (var log = WriteAheadLog.Open(LogPath, options))
        {
            var damage = Assert.Single(log.Recovery.Damage);
            Assert.Equal((10L, 10L), (damage.FirstMissingLsn, damage.LastMissingLsn));
            Assert.Equal(tornBytes, log.Recovery.TornBytesCut);
            Assert.Equal(Records - 1, log.LastLsn);
            Assert.Equal(Records, log.Append([1]));
            Assert.Equal(Records - 10, LogReader.Collect(log, afterLsn: 10).Count);
        }
    }

    [Fact]
    public void DamageIsReportedAgainOnEveryOpenUntilReleased()
    {
        var fs = new MemoryFileSystem();
        var options = WalKinds.Options(WalKind.GroupFullSync, fs, segmentSize: 4096);
        using (var log = WriteAheadLog.Open(LogPath, options))
        {
            for (int i = 0; i < Records; i++)
            {
                log.Append(Payloads.Make(2, i, 500));
            }
        }

        FlipBit(fs, Segment, WalSegmentHeader.Size + WalFrame.SizeOf(500) + 100, bit: 2);
        for (int round = 0; round < 2; round++)
        {
            using var log = WriteAheadLog.Open(LogPath, options);
            var damage = Assert.Single(log.Recovery.Damage);
            Assert.Equal((2L, 2L, 1L), (damage.FirstMissingLsn, damage.LastMissingLsn, damage.SegmentSequence));
            Assert.Equal(Records + round + 1, log.Append([(byte)round]));
        }

        using (var log = WriteAheadLog.Open(LogPath, options))
        {
            Assert.Throws<WalDamagedException>(() => log.Replay(0, (_, _) => { }));

            // The first segment goes once its records are released; so does the hole it held.
            log.ReleaseUpTo(20);
            Assert.False(fs.Exists(Segment));
            var records = LogReader.Collect(log);
            Assert.Equal(Records + 2, records[^1].Lsn);
            Assert.Equal([1], records[^1].Payload);
        }

        using (var log = WriteAheadLog.Open(LogPath, options))
        {
            Assert.Empty(log.Recovery.Damage);
        }
    }

    // Only records firstMissing..lastMissing are gone: reported, skipped by a Replay that starts after them,
    // refused by one that starts before, and not a byte of the frames changed by the open.
    private static void AssertOnlyLost(MemoryFileSystem fs, WalKind kind, long[] starts, int firstMissing, int lastMissing)
    {
        var options = WalKinds.Options(kind, fs);
        byte[] before = fs.Read(Segment);
        using (var log = WriteAheadLog.Open(LogPath, options))
        {
            var damage = Assert.Single(log.Recovery.Damage);
            long offset = starts[firstMissing - 1];
            Assert.Equal(new WalDamage(firstMissing, lastMissing, 1, offset, starts[lastMissing] - offset), damage);
            Assert.Equal(0, log.Recovery.TornBytesCut);
            Assert.Equal(Records, log.LastLsn);

            var later = LogReader.Collect(log, afterLsn: lastMissing);
            Assert.Equal(Enumerable.Range(lastMissing + 1, Records - lastMissing).Select(i => (long)i), later.Select(r => r.Lsn));
            foreach (var (lsn, payload) in later)
            {
                Assert.Equal(Payload((int)lsn - 1), payload);
            }

            var handed = new List<long>();
            var thrown = Assert.Throws<WalDamagedException>(() => log.Replay(0, (lsn, _) => handed.Add(lsn)));
            Assert.Equal(damage, thrown.Damage);
            Assert.Equal(Enumerable.Range(1, firstMissing - 1).Select(i => (long)i), handed);
            Assert.Throws<WalDamagedException>(() => log.Replay(lastMissing - 1, (_, _) => { }));
        }

        byte[] after = fs.Read(Segment);
        int framesEnd = (int)starts[Records];
        Assert.True(after.Length >= framesEnd, "frames were truncated");
        Assert.True(before.AsSpan(0, framesEnd).SequenceEqual(after.AsSpan(0, framesEnd)), "frame bytes changed");

        using (var log = WriteAheadLog.Open(LogPath, options))
        {
            Assert.Single(log.Recovery.Damage);
            Assert.Equal(Records + 1, log.Append([5]));
            Assert.Equal([5], LogReader.Collect(log, afterLsn: Records)[0].Payload);
        }
    }

    private static (MemoryFileSystem Fs, long[] FrameStarts) WriteLog(WalKind kind)
    {
        var fs = new MemoryFileSystem();
        using (var log = WriteAheadLog.Open(LogPath, WalKinds.Options(kind, fs)))
        {
            for (int i = 0; i < Records; i++)
            {
                log.Append(Payload(i));
            }
        }

        return (fs, FrameStarts(Records));
    }

    // Where each frame starts in the first segment; the last entry is where the frames end.
    private static long[] FrameStarts(int records)
    {
        var starts = new long[records + 1];
        starts[0] = WalSegmentHeader.Size;
        for (int i = 0; i < records; i++)
        {
            starts[i + 1] = starts[i] + WalFrame.SizeOf(Payload(i).Length);
        }

        return starts;
    }

    private static void FlipBit(MemoryFileSystem fs, string path, long offset, int bit)
    {
        byte[] bytes = fs.Read(path);
        bytes[offset] ^= (byte)(1 << bit);
        fs.Write(path, bytes);
    }

    private static byte[] Payload(int index) => Payloads.Make(7, index, 60 + (index * 37 % 200));
}
