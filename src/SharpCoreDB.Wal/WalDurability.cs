// When an append is acknowledged. What a crash can lose in each mode is spelled
// out in docs/wal.md.
namespace SharpCoreDB.Wal;

/// <summary>When <see cref="IWriteAheadLog.Append"/> returns.</summary>
public enum WalDurability
{
    /// <summary>After the fsync that covers the record: a crash loses nothing acknowledged.</summary>
    FullSync,

    /// <summary>
    /// Once the record is in memory; the flush worker writes at least every
    /// <see cref="WalOptions.FlushInterval"/>, so a crash loses at most that window.
    /// </summary>
    Async,
}
