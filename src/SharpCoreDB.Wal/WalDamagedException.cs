// Thrown by Replay instead of handing out the records after a hole that recovery
// proved is damage: a caller that replays past a gap would silently lose the missing
// records' effects. It derives from IOException, like WalFailedException, so that the
// engine's handling of I/O failures covers it without knowing this assembly's types.
namespace SharpCoreDB.Wal;

/// <summary>Replay reached records the log's damage made unreadable.</summary>
internal sealed class WalDamagedException : IOException
{
    public WalDamagedException(WalDamage damage)
        : base(
            $"The write-ahead log is damaged: records {damage.FirstMissingLsn} to {damage.LastMissingLsn} cannot be read "
            + $"(segment {damage.SegmentSequence}, {damage.Length} bytes from offset {damage.Offset}), and later records prove "
            + "they had been made durable, so replaying past them would lose committed work.")
    {
        Damage = damage;
    }

    /// <summary>The hole Replay would have had to skip.</summary>
    public WalDamage Damage { get; }
}
