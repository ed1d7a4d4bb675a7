// A read-only transaction: a consistent snapshot of the database as of the newest
// commit when it began. It never takes the writer lock and never blocks a
// writer; the page cache keeps the versions it needs until it is disposed.
using SharpCoreDB.Storage.File;
using SharpCoreDB.Storage.Pages;

namespace SharpCoreDB.Storage.Transactions;

/// <summary>A snapshot of the database for reading.</summary>
internal sealed class ReadTransaction : IPageAccess, IDisposable
{
    private readonly ICommittedPages _committed;
    private readonly SnapshotRegistry _snapshots;
    private bool _disposed;

    private readonly long _epoch;

    public ReadTransaction(ICommittedPages committed, SnapshotRegistry snapshots)
    {
        _committed = committed;
        _snapshots = snapshots;
        _epoch = committed.EnterEpoch();
        SnapshotLsn = snapshots.Acquire(out var state);
        State = state;
    }

    /// <summary>The LSN of the newest commit this snapshot sees.</summary>
    public long SnapshotLsn { get; }

    /// <summary>The database state as of the snapshot (catalog root, schema version).</summary>
    public DatabaseState State { get; }

    public PageLayout Layout => _committed.Layout;

    /// <inheritdoc />
    public bool IsOpen => !_disposed;

    public ReadOnlyMemory<byte> Read(uint pageNumber)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        PageNumbers.Check(pageNumber, State.PageCount);
        return _committed.Committed(pageNumber, SnapshotLsn).AsMemory(PageLayout.HeaderSize, Layout.BodySize);
    }

    public Memory<byte> Write(uint pageNumber) => throw ReadOnlyError();

    public uint Allocate(PageType type) => throw ReadOnlyError();

    public void Free(uint pageNumber) => throw ReadOnlyError();

    public void Dispose()
    {
        if (!_disposed)
        {
            _disposed = true;
            _snapshots.Release(SnapshotLsn);
            _committed.ExitEpoch(_epoch);
        }
    }

    private static SharpCoreDBException ReadOnlyError() =>
        new(SharpCoreDBErrorCode.ReadOnly, "A read transaction cannot change the database.");
}
