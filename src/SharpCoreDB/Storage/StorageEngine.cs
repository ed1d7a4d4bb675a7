// One open database: its file, log, page cache, snapshots and the single writer.
//
// Concurrency: any number of ReadTransactions run at once, each on the snapshot of
// the newest visible commit when it began; at most one WriteTransaction runs at a
// time (the writer lock, granted in arrival order: Transactions/WriterLock). A
// commit logs its record and publishes its pages to the next writer under the
// writer lock, then releases the lock and only then waits for the log's
// fsync: committers that follow can enqueue their records meanwhile and share that
// fsync (group commit). Readers see a commit once its record is durable
// (SnapshotRegistry), so a commit the log fails to store is never seen by anyone.
//
// Opening runs recovery: header, checkpoint journal, log replay, then a checkpoint
// so that the log starts empty. See docs/file-format.md.
using SharpCoreDB.Storage.Cache;
using SharpCoreDB.Storage.Encryption;
using SharpCoreDB.Storage.File;
using SharpCoreDB.Storage.Logging;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Storage.Transactions;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Storage;

/// <summary>An open database at the page level.</summary>
internal sealed partial class StorageEngine : ICommittedPages, IWriterHost, IDisposable
{
    // The fewest private pages a write transaction keeps in memory, whatever the cache budget.
    private const int MinPrivatePages = 16;

    private readonly StorageOptions _options;
    private readonly DatabaseFile? _file;
    private readonly CheckpointJournal? _journal;
    private readonly Checkpointer? _checkpointer;
    private readonly WriterLock _writerLock = new();
    private readonly CommitRecordWriter _record = new();
    private readonly WriterWorkspace _writerWorkspace = new();
    private readonly byte[] _zeroBody;
    private readonly DatabaseEncryption? _encryption;
    private readonly LogRecordCipher? _logCipher;
    private WriteTransaction? _writer;
    private long _memoryLsn;

    // The snapshots readers hold, listed by each commit for the pages it installs (CommitLocked, under the writer lock).
    private readonly List<long> _heldSnapshots = [];
    private readonly CheckpointWorker _checkpointWorker;
    private readonly List<string> _recoveryNotes = [];
    private Exception? _logFailure;
    private bool _disposed;

    private StorageEngine(
        StorageOptions options, PageLayout layout, DatabaseFile? file, CheckpointJournal? journal, IWriteAheadLog? log, DatabaseHeader? header, DatabaseEncryption? encryption)
    {
        _encryption = encryption;
        Secret = encryption is null ? null : options.Encryption;
        _logCipher = encryption?.CreateLogCipher();
        _options = options;
        _file = file;
        _journal = journal;
        Log = log;
        Layout = layout;
        _zeroBody = new byte[layout.BodySize];
        Func<PageSlotFile>? spill = file is null
            ? null
            : () => new PageSlotFile(
                options.FileSystem, System.IO.Path.GetDirectoryName(file.Path)!, file.Codec, TemporaryFiles.VersionsPrefix, "the old page versions' file");
        _checkpointWorker = new CheckpointWorker(RunBackgroundCheckpoint, "SharpCoreDB checkpoint");
        Cache = new PageCache(file, layout.PageSize, options.CacheSizeBytes, spill) { CheckpointWanted = QueueCheckpoint };
        Snapshots = new SnapshotRegistry(header?.CheckpointLsn ?? 0, header?.State ?? DatabaseState.Empty, log is null ? null : () => log.DurableLsn)
        {
            // A reader that was the oldest has finished: the versions only it needed can go now,
            // not at the next checkpoint (a page written while it read, and never again, kept them).
            OldestAdvanced = () => Cache.PruneChained(),
        };
        Cache.ListSnapshots = Snapshots.ListNeeded;
        DatabaseId = header?.DatabaseId ?? Guid.NewGuid();
        if (file is not null && journal is not null && header is not null)
        {
            _checkpointer = new Checkpointer(log, Snapshots, Cache, file, journal, h => encryption?.Seal(h) ?? h)
            {
                Header = header,
                PacingBytes = options.CheckpointPacingBytes,
            };
        }
    }

    public PageLayout Layout { get; }

    public PageCache Cache { get; }

    public SnapshotRegistry Snapshots { get; }

    public IWriteAheadLog? Log { get; }

    public Guid DatabaseId { get; }

    public bool IsInMemory => _file is null;

    public bool IsReadOnly => _options.ReadOnly;

    public bool IsEncrypted => _encryption is not null;

    /// <summary>The key material for encrypted temporary (spill) files; null for an unencrypted database.</summary>
    internal DatabaseEncryption? Encryption => _encryption;

    /// <summary>The file system that temporary files go through.</summary>
    internal SharpCoreDB.Wal.IO.IFileSystem FileSystem => _options.FileSystem;

    public string? Path => _options.Path;

    /// <summary>The settings the database was opened with (VACUUM INTO opens its copy with them).</summary>
    internal StorageOptions Options => _options;

    /// <summary>The password or key the database is encrypted with now (a password change replaces it); null when not encrypted.</summary>
    internal EncryptionSettings? Secret { get; private set; }

    /// <summary>What the open found damaged and repaired or skipped (a header slot, the log), one sentence each; empty after a clean close.</summary>
    public IReadOnlyList<string> RecoveryNotes => _recoveryNotes;

    /// <summary>Log records replayed when the database was opened.</summary>
    public int RecoveredRecords { get; private set; }

    /// <summary>Checkpoints completed since open.</summary>
    public long Checkpoints => _checkpointer?.Count ?? 0;

    /// <summary>True while a background checkpoint is queued or running (for tests).</summary>
    internal bool CheckpointPending => _checkpointWorker.Pending;

    /// <summary>The exception a background checkpoint last failed with, if any (the log still holds everything).</summary>
    public Exception? LastCheckpointError { get; private set; }

    /// <summary>Starts a read-only snapshot transaction.</summary>
    public ReadTransaction BeginRead()
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        return new ReadTransaction(this, Snapshots);
    }

    /// <summary>
    /// Starts the write transaction, waiting up to <paramref name="timeout"/> for the writer lock. A transaction
    /// that has already read from a snapshot passes its LSN as <paramref name="readSnapshot"/>: if a commit came
    /// after it, the write would rest on stale reads, and it fails with <see cref="SharpCoreDBErrorCode.Busy"/>
    /// instead (at once when that is already known, else once the lock is taken).
    /// </summary>
    public WriteTransaction BeginWrite(TimeSpan timeout, long? readSnapshot = null)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        ThrowIfReadOnly();
        ThrowIfLogFailed();
        ThrowIfStale(readSnapshot);
        if (!_writerLock.Wait(timeout))
        {
            throw BusyError(timeout);
        }

        return StartWriter(readSnapshot);
    }

    /// <summary>Writes every committed page to the database file and releases the log.</summary>
    public void Checkpoint()
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        if (!_options.ReadOnly)
        {
            _checkpointer?.Run(JournalSpace.Release);
        }
    }

    /// <summary>Rewraps the data key under a new password or key; only the header is rewritten.</summary>
    public void ChangePassword(EncryptionSettings newSecret)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        ThrowIfReadOnly();
        if (_encryption is null)
        {
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.Misuse, "This database is not encrypted; encryption is chosen when a database is created.");
        }

        if (_checkpointer is null)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Misuse, "An in-memory database has no password to change.");
        }

        _checkpointer.UpdateHeader(header => _encryption.Rewrap(header, newSecret, System.IO.Path.GetFullPath(_options.Path!)));
        Secret = newSecret;
    }

    byte[] ICommittedPages.Committed(uint pageNumber, long snapshotLsn) => Cache.Get(pageNumber, snapshotLsn);

    byte[] ICommittedPages.RentImage() => Cache.Images.Rent();

    long ICommittedPages.EnterEpoch() => Cache.Reclaimer.Enter();

    void ICommittedPages.ExitEpoch(long ticket) => Cache.Reclaimer.Exit(ticket);

    // A write transaction may keep half the cache budget of private pages in memory (at least MinPrivatePages); an
    // in-memory database keeps all, since its pages have nowhere else to be.
    int ICommittedPages.PrivatePageLimit => _file is null ? int.MaxValue : Math.Max(MinPrivatePages, Cache.CapacityPages / 2);

    PageSlotFile? ICommittedPages.CreatePrivatePageFile() => _file is null
        ? null
        : new PageSlotFile(_options.FileSystem, System.IO.Path.GetDirectoryName(_file.Path)!, _file.Codec, TemporaryFiles.PrivatePagesPrefix, "a large transaction's page file");

    void ICommittedPages.ReturnImage(byte[] image) => Cache.Images.Return(image);

    public void ReleaseWriter(WriteTransaction transaction)
    {
        if (ReferenceEquals(_writer, transaction))
        {
            _writer = null;
            _writerLock.Release();
        }
    }

    // Under the writer lock: every commit is published, so the newest commit is final.
    private WriteTransaction StartWriter(long? readSnapshot)
    {
        long newest = Snapshots.Peek(out var state);
        if (readSnapshot is long snapshot && newest != snapshot)
        {
            _writerLock.Release();
            throw StaleSnapshot(snapshot, newest);
        }

        _writer = new WriteTransaction(this, this, state, _writerWorkspace);
        return _writer;
    }

    private void ThrowIfStale(long? readSnapshot)
    {
        if (readSnapshot is long snapshot && Snapshots.LastCommitted is long newest && newest != snapshot)
        {
            throw StaleSnapshot(snapshot, newest);
        }
    }

    private static SharpCoreDBException StaleSnapshot(long snapshot, long newest) => new(
        SharpCoreDBErrorCode.Busy,
        $"The database changed since this transaction's snapshot was taken (another connection committed; LSN {snapshot} -> {newest}), "
        + "so it cannot write on what it read. Roll the transaction back and run it again.");

    private void ThrowIfReadOnly()
    {
        if (_options.ReadOnly)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.ReadOnly, "The database was opened read-only; it cannot be changed.");
        }
    }

    private void ThrowIfLogFailed()
    {
        if (_logFailure is not null)
        {
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.LogFailed,
                $"An earlier write-ahead log failure ({_logFailure.Message}) left the database read-only until it is reopened.",
                _logFailure);
        }
    }

    private static SharpCoreDBException BusyError(TimeSpan timeout) => new(
        SharpCoreDBErrorCode.Timeout,
        $"The database is busy: another write transaction held the writer lock for longer than {timeout.TotalSeconds:0.###} s.");

}
