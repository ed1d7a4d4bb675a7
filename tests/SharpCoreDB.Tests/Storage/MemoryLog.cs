using SharpCoreDB.Wal;

namespace SharpCoreDB.Tests.Storage;

// A log that keeps its records in memory and survives the engine that used it, so
// that pager tests can "crash" the database file and recover from the same log.
// The real GroupCommitWal has its own tests; this double isolates the pager.
internal sealed class MemoryLog : IWriteAheadLog
{
    private readonly List<(long Lsn, byte[] Payload)> _records = [];
    private long _lastLsn;

    public WalDurability Durability => WalDurability.FullSync;

    public long LastLsn => _lastLsn;

    public long DurableLsn => _lastLsn;

    public long Bytes
    {
        get
        {
            lock (_records)
            {
                long total = 0;
                foreach (var (_, payload) in _records)
                {
                    total += payload.Length;
                }

                return total;
            }
        }
    }

    public int RecordCount
    {
        get
        {
            lock (_records)
            {
                return _records.Count;
            }
        }
    }

    public List<int> AppendedSizes { get; } = [];

    public WalRecoveryReport Recovery => WalRecoveryReport.Empty;

    public WalStatistics Statistics => new(AppendedSizes.Count, 0, 0, 0, Bytes);

    // Nothing here waits for a device.
    public WalSlowSync[] SlowSyncs() => [];

    public long Append(ReadOnlySpan<byte> record) => Enqueue(record);

    public ValueTask<long> AppendAsync(ReadOnlyMemory<byte> record, CancellationToken cancellationToken = default) =>
        ValueTask.FromResult(Enqueue(record.Span));

    public long Enqueue(ReadOnlySpan<byte> record)
    {
        lock (_records)
        {
            _records.Add((++_lastLsn, record.ToArray()));
            AppendedSizes.Add(record.Length);
            return _lastLsn;
        }
    }

    public void WaitForCommit(long lsn)
    {
    }

    public ValueTask WaitForCommitAsync(long lsn, CancellationToken cancellationToken = default) => ValueTask.CompletedTask;

    public void Flush()
    {
    }

    public void Replay(long afterLsn, WalRecordHandler handler)
    {
        List<(long, byte[])> copy;
        lock (_records)
        {
            copy = [.. _records];
        }

        foreach (var (lsn, payload) in copy)
        {
            if (lsn > afterLsn)
            {
                handler(lsn, payload);
            }
        }
    }

    /// <summary>Flips one bit of a stored record, as a tamperer with a hex editor would.</summary>
    public void FlipBit(int recordIndex, int byteIndex)
    {
        lock (_records)
        {
            _records[recordIndex].Payload[byteIndex] ^= 0x10;
        }
    }

    /// <summary>True when any stored record contains <paramref name="marker"/>.</summary>
    public bool Contains(byte[] marker)
    {
        lock (_records)
        {
            return _records.Exists(r => r.Payload.AsSpan().IndexOf(marker) >= 0);
        }
    }

    public void ReleaseUpTo(long lsn)
    {
        lock (_records)
        {
            _records.RemoveAll(r => r.Lsn <= lsn);
        }
    }

    public void Dispose()
    {
    }

    public ValueTask DisposeAsync() => ValueTask.CompletedTask;
}
