// The log variants every behavioural test runs against: the group-commit log in both
// durability modes and the fsync-per-record baseline, which must pass the same tests.
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Wal.Tests.Support;

public enum WalKind
{
    GroupFullSync,
    GroupAsync,
    Baseline,
}

internal static class WalKinds
{
    public static TheoryData<WalKind> All => [WalKind.GroupFullSync, WalKind.GroupAsync, WalKind.Baseline];

    public static WalOptions Options(WalKind kind, IFileSystem? fileSystem = null, int bufferSize = 64 << 10, long segmentSize = 64L << 20) => new()
    {
        UseGroupCommit = kind != WalKind.Baseline,
        Durability = kind == WalKind.GroupAsync ? WalDurability.Async : WalDurability.FullSync,
        BufferSize = bufferSize,
        SegmentSize = segmentSize,
        FileSystem = fileSystem ?? OsFileSystem.Instance,
    };
}
