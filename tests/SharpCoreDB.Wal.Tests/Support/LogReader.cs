// Reopens a log and collects what Replay returns, checking on the way that LSNs
// strictly increase.
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Wal.Tests.Support;

internal static class LogReader
{
    public static List<(long Lsn, byte[] Payload)> ReadAll(string path, WalOptions options, long afterLsn = 0)
    {
        using var log = WriteAheadLog.Open(path, options);
        return Collect(log, afterLsn);
    }

    public static List<(long Lsn, byte[] Payload)> ReadAll(string path, IFileSystem? fileSystem = null) =>
        ReadAll(path, WalKinds.Options(WalKind.GroupFullSync, fileSystem));

    public static List<(long Lsn, byte[] Payload)> Collect(IWriteAheadLog log, long afterLsn = 0)
    {
        var records = new List<(long, byte[])>();
        long previous = afterLsn;
        log.Replay(afterLsn, (lsn, payload) =>
        {
            Assert.True(lsn > previous, $"LSN {lsn} follows {previous}");
            previous = lsn;
            records.Add((lsn, payload.ToArray()));
        });
        return records;
    }
}
