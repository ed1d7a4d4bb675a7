// The log's record of slow fsyncs (Segments/SlowSyncRecord), which the sustained-load
// probe reads to tell a slow device from a slow engine: an fsync that took long is
// written down with when it ended and how long it took, for every kind of log, and
// the record keeps the newest ones in order once it is full. Slowed fsyncs make
// "slow" certain; nothing here depends on how fast the machine is.
using System.Diagnostics;
using SharpCoreDB.TestSupport.FileSystems;
using SharpCoreDB.Wal.Segments;
using SharpCoreDB.Wal.Tests.Support;

namespace SharpCoreDB.Wal.Tests;

public sealed class SlowSyncTests
{
    private const string Path = "slow.wal";

    [Theory]
    [MemberData(nameof(WalKinds.All), MemberType = typeof(WalKinds))]
    public void AnFsyncThatTookLongIsWrittenDownWithWhenItEnded(WalKind kind)
    {
        var recording = new RecordingFileSystem(new MemoryFileSystem(), WatchedFiles.LogSegments) { FlushDelayMilliseconds = 5 };
        using var log = WriteAheadLog.Open(Path, WalKinds.Options(kind, recording));
        long before = DateTime.UtcNow.Ticks;
        for (int i = 0; i < 3; i++)
        {
            log.Append(Payloads.Make(0, i));
            log.Flush();
        }

        long after = DateTime.UtcNow.Ticks;
        WalSlowSync[] slow = [.. log.SlowSyncs().Where(s => s.EndUtcTicks >= before)];
        Assert.True(slow.Length >= 3, $"{slow.Length} slow fsyncs written down");
        Assert.All(slow, s =>
        {
            Assert.True(s.Duration >= SlowSyncRecord.Threshold, $"{s.Duration} written down");
            Assert.InRange(s.EndUtcTicks, before, after);
        });
        Assert.Equal(slow.OrderBy(s => s.EndUtcTicks), slow);
    }

    [Fact]
    public void AFullRecordKeepsTheNewestOldestFirst()
    {
        var record = new SlowSyncRecord();
        long now = Stopwatch.GetTimestamp();
        for (int i = 0; i < 5000; i++)
        {
            // The first 904 took about a minute, the 4,096 after them about a second.
            record.Ended(now - (Stopwatch.Frequency * (i < 904 ? 60 : 1)));
        }

        WalSlowSync[] kept = record.Snapshot();
        Assert.Equal(4096, kept.Length);
        Assert.All(kept, s => Assert.InRange(s.Duration, TimeSpan.FromSeconds(1), TimeSpan.FromSeconds(30)));
        Assert.Equal(kept.OrderBy(s => s.EndUtcTicks), kept);
    }
}
