// A read-only transaction: a consistent snapshot of the database as of the newest
// commit when it began. It never takes the writer lock and never blocks a
// writer; the page cache keeps the versions it needs until it is disposed.
using SharpCoreDB.Storage.Pages;

namespace SharpCoreDB.Storage.Transactions;

/// <summary>A snapshot of the database for reading.</summary>
internal sealed class ReadTransaction : IPageAccess, IDisposable
{
    private readonly StorageEngine _engine;
    private bool _disposed;

    public ReadTransaction(StorageEngine engine)
    {
        _engine = engine;
        SnapshotLsn = engine.Snapshots.Acquire(out var state);
        State = state;
    }

    /// <summary>The LSN of the newest commit this snapshot sees.</summary>
    public long SnapshotLsn { get; }

    /// <summary>The database state as of the snapshot (catalog root, schema version).</summary>
    public DatabaseState State { get; }

    public PageLayout Layout => _engine.Layout;

    public ReadOnlyMemory<byte> Read(uint pageNumber)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        _engine.CheckPageNumber(pageNumber, State.PageCount);
        return _engine.Cache.Get(pageNumber, SnapshotLsn).AsMemory(PageLayout.HeaderSize, Layout.BodySize);
    }

    public Memory<byte> Write(uint pageNumber) => throw ReadOnlyError();

    public uint Allocate(PageType type) => throw ReadOnlyError();

    public void Free(uint pageNumber) => throw ReadOnlyError();

    public void Dispose()
    {
        if (!_disposed)
        {
            _disposed = true;
            _engine.Snapshots.Release(SnapshotLsn);
        }
    }

    private static SharpCoreDBException ReadOnlyError() =>
        new(SharpCoreDBErrorCode.ReadOnly, "A read transaction cannot change the database.");
}
