// What recovery found when the log was opened, for the engine to judge: holes of
// damaged records that later, valid records prove had been durable (recovery keeps
// the records after them and lets Replay refuse to go past them), the repairs it made
// to headers and the anchor, and how many bytes of torn writes it cut off. The engine
// compares the damage with its checkpoint LSN: a hole entirely at or below it is
// harmless, since those records are already in the database file.
namespace SharpCoreDB.Wal;

/// <summary>
/// Records <paramref name="FirstMissingLsn"/> to <paramref name="LastMissingLsn"/> could not be read,
/// although a later valid record proves that at least the first of them had been made durable. The
/// unreadable bytes start at <paramref name="Offset"/> in segment <paramref name="SegmentSequence"/>
/// and run for <paramref name="Length"/> bytes, counted across segment boundaries when the damage
/// spans segments (0 when whole segment files are missing).
/// </summary>
internal sealed record WalDamage(long FirstMissingLsn, long LastMissingLsn, long SegmentSequence, long Offset, long Length);

/// <summary>What the recovery inside <see cref="WriteAheadLog.Open"/> found and did.</summary>
/// <param name="Damage">The holes recovery kept (in LSN order); Replay throws <see cref="WalDamagedException"/> rather than go past one.</param>
/// <param name="Repairs">Plain sentences, one per repair made to the files (a header or the anchor rebuilt, a torn tail cut).</param>
/// <param name="TornBytesCut">Bytes of torn writes (never acknowledged) cut off the end of the log, not counting zeros written ahead of the frames.</param>
internal sealed record WalRecoveryReport(IReadOnlyList<WalDamage> Damage, IReadOnlyList<string> Repairs, long TornBytesCut)
{
    /// <summary>A report of a log that needed nothing: a new one, one that closed cleanly, or one not yet opened.</summary>
    public static WalRecoveryReport Empty { get; } = new([], [], 0);
}
