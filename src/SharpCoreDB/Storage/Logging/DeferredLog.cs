// The log of a database opened with no log beside it: a clean close deletes the
// fully checkpointed log (StorageEngine.DeleteLog), and a new database has none.
// There is then nothing to recover, so creating the log files (an anchor and a
// segment, each fdatasync'ed, and the directory fsync'ed twice) and starting the
// flush worker's thread wait for the first record. Opening a database and reading
// from it costs a header read and no fsync; a database that is only read never
// creates a log at all.
//
// Until the first record the log is empty and starts after the header's checkpoint
// LSN, exactly as a newly created log would. Opening the real log can fail (disk
// full, permissions): that fails the committing statement with the open's error,
// leaves the database usable, and the next commit tries again.
using SharpCoreDB.Wal;

namespace SharpCoreDB.Storage.Logging;

/// <summary>An <see cref="IWriteAheadLog"/> that opens the real log at its first append.</summary>
internal sealed class DeferredLog(Func<IWriteAheadLog> open, WalDurability durability, long initialLsn) : IWriteAheadLog
{
    private readonly Lock _gate = new();
    private IWriteAheadLog? _log;
    private bool _disposed;

    public WalDurability Durability => Volatile.Read(ref _log)?.Durability ?? durability;

    public long LastLsn => Volatile.Read(ref _log)?.LastLsn ?? initialLsn;

    public long DurableLsn => Volatile.Read(ref _log)?.DurableLsn ?? initialLsn;

    public WalStatistics Statistics => Volatile.Read(ref _log)?.Statistics ?? default;

    // No log file existed when the database opened, so recovery found nothing until the real log is opened.
    public WalRecoveryReport Recovery => Volatile.Read(ref _log)?.Recovery ?? WalRecoveryReport.Empty;

    public WalSlowSync[] SlowSyncs() => Volatile.Read(ref _log)?.SlowSyncs() ?? [];

    public long Append(ReadOnlySpan<byte> record) => Opened().Append(record);

    public ValueTask<long> AppendAsync(ReadOnlyMemory<byte> record, CancellationToken cancellationToken = default) =>
        Opened().AppendAsync(record, cancellationToken);

    public long Enqueue(ReadOnlySpan<byte> record) => Opened().Enqueue(record);

    // An LSN handed out by this log came from the real one, so it is open; the
    // initial LSN and those below it were made durable by an earlier checkpoint.
    public void WaitForCommit(long lsn)
    {
        if (lsn > initialLsn)
        {
            Opened().WaitForCommit(lsn);
        }
    }

    public ValueTask WaitForCommitAsync(long lsn, CancellationToken cancellationToken = default) =>
        lsn > initialLsn ? Opened().WaitForCommitAsync(lsn, cancellationToken) : ValueTask.CompletedTask;

    public void Flush() => Volatile.Read(ref _log)?.Flush();

    // Nothing was logged before the real log existed, so an unopened log has nothing to replay or release.
    public void Replay(long afterLsn, WalRecordHandler handler) => Volatile.Read(ref _log)?.Replay(afterLsn, handler);

    public void ReleaseUpTo(long lsn) => Volatile.Read(ref _log)?.ReleaseUpTo(lsn);

    public void Dispose()
    {
        IWriteAheadLog? log;
        lock (_gate)
        {
            _disposed = true;
            log = _log;
        }

        log?.Dispose();
    }

    public async ValueTask DisposeAsync()
    {
        IWriteAheadLog? log;
        lock (_gate)
        {
            _disposed = true;
            log = _log;
        }

        if (log is not null)
        {
            await log.DisposeAsync().ConfigureAwait(false);
        }
    }

    private IWriteAheadLog Opened()
    {
        IWriteAheadLog? log = Volatile.Read(ref _log);
        if (log is not null)
        {
            return log;
        }

        lock (_gate)
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
            if (_log is null)
            {
                Volatile.Write(ref _log, open());
            }

            return _log!;
        }
    }
}
