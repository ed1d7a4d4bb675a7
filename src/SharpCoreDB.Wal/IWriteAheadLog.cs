// The contract between the engine and its log. The engine appends one opaque
// record per commit and learns its LSN at once; it then waits for durability
// outside its writer lock, so that many committers can share one fsync. Two
// implementations stand behind it: GroupCommitWal (many appends, one fsync) and
// FsyncPerRecordWal (the plain baseline, one write and one fsync per record),
// chosen by WalOptions.UseGroupCommit.
namespace SharpCoreDB.Wal;

/// <summary>Receives one recovered record during <see cref="IWriteAheadLog.Replay"/>.</summary>
internal delegate void WalRecordHandler(long lsn, ReadOnlySpan<byte> payload);

/// <summary>An append-only log of opaque byte records, each with a 64-bit LSN.</summary>
internal interface IWriteAheadLog : IDisposable, IAsyncDisposable
{
    /// <summary>When an append is acknowledged: after its fsync, or once it is in memory.</summary>
    WalDurability Durability { get; }

    /// <summary>The LSN of the newest record appended, or of the newest recovered; 0 for a new log.</summary>
    long LastLsn { get; }

    /// <summary>The LSN up to which every record is known to be on disk.</summary>
    long DurableLsn { get; }

    /// <summary>Counters: appends, bytes, write calls, fsyncs.</summary>
    WalStatistics Statistics { get; }

    /// <summary>The newest fsyncs on the commit path that took 2 ms or longer, oldest first (for probes: was the device slow when a commit was?).</summary>
    WalSlowSync[] SlowSyncs();

    /// <summary>
    /// What recovery found when the log was opened: damage it kept (records a later record proves were
    /// durable, which <see cref="Replay"/> will not skip silently), repairs, torn bytes cut off.
    /// </summary>
    WalRecoveryReport Recovery { get; }

    /// <summary>
    /// Appends a record and returns its LSN once the record is acknowledged according to
    /// <see cref="Durability"/>: after the fsync that covers it in FullSync, at once in Async.
    /// </summary>
    long Append(ReadOnlySpan<byte> record);

    /// <summary>As <see cref="Append"/>, but the wait for the fsync does not block a thread.</summary>
    ValueTask<long> AppendAsync(ReadOnlyMemory<byte> record, CancellationToken cancellationToken = default);

    /// <summary>
    /// Copies a record into the log and returns its LSN without waiting for the disk.
    /// The caller then calls <see cref="WaitForCommit"/> or <see cref="WaitForCommitAsync"/>,
    /// typically after releasing its own locks.
    /// </summary>
    long Enqueue(ReadOnlySpan<byte> record);

    /// <summary>Returns once the record with <paramref name="lsn"/> is acknowledged according to <see cref="Durability"/>.</summary>
    void WaitForCommit(long lsn);

    /// <summary>As <see cref="WaitForCommit"/>, without blocking a thread.</summary>
    ValueTask WaitForCommitAsync(long lsn, CancellationToken cancellationToken = default);

    /// <summary>Makes every record appended so far durable, whatever the durability mode.</summary>
    void Flush();

    /// <summary>
    /// Calls <paramref name="handler"/> for every valid record on disk with an LSN greater than
    /// <paramref name="afterLsn"/>, in LSN order. Torn tails were already cut off when the log was
    /// opened. Records that damage made unreadable (<see cref="WalRecoveryReport.Damage"/>) are absent; if
    /// such a hole holds an LSN greater than <paramref name="afterLsn"/>, the records before it are handed
    /// out and then <see cref="WalDamagedException"/> is thrown, before the handler sees any record past it.
    /// </summary>
    void Replay(long afterLsn, WalRecordHandler handler);

    /// <summary>
    /// Tells the log that every record up to and including <paramref name="lsn"/> has been
    /// checkpointed into the database, so their space may be released. LSNs keep increasing
    /// afterwards, across reopen too.
    /// </summary>
    void ReleaseUpTo(long lsn);
}
