// Commits and what follows them: the record logged and the pages installed under
// the writer lock (CommitLocked), the wait for the log outside it, after which a
// FullSync commit becomes visible to new readers, and the background checkpoint the
// log's growth asks for (on the database's own thread: CheckpointWorker). A log
// failure is remembered: from then on the database refuses writes until reopened.
using SharpCoreDB.Storage.Cache;
using SharpCoreDB.Storage.Logging;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Storage.Transactions;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Storage;

internal sealed partial class StorageEngine
{
    public long CommitLocked(WriteTransaction transaction)
    {
        ThrowIfLogFailed();
        var pages = transaction.ChangedPages;
        if (pages.Count == 0 && transaction.State == transaction.StartState)
        {
            return 0;
        }

        if (transaction.HasSpilled)
        {
            return CommitThroughJournal(transaction);
        }

        long lsn;
        if (Log is null)
        {
            lsn = ++_memoryLsn;
        }
        else
        {
            _record.Begin(transaction.State);
            foreach (var (number, page) in pages)
            {
                // A transaction that never moved a page out of memory has every image and base image at hand.
                var newBody = page.Image!.AsSpan(PageLayout.HeaderSize, Layout.BodySize);
                var oldBody = page.Fresh ? _zeroBody : page.BaseImage.AsSpan(PageLayout.HeaderSize, Layout.BodySize);
                _record.AddPage(number, PageHeader.GetType(page.Image), page.Fresh, oldBody, newBody);
            }

            lsn = EnqueueRecord(_logCipher is null ? _record.Written : _logCipher.Seal(_record.Written));
        }

        // Listed once for all the pages (under the writer lock, so the scratch list is this commit's alone).
        var snapshots = new SnapshotSet(_heldSnapshots, Snapshots.ListNeeded(_heldSnapshots));
        foreach (var (number, page) in pages)
        {
            PageHeader.SetLsn(page.Image!, lsn);
            Cache.Install(number, page.Image!, lsn, snapshots);
        }

        Cache.PruneSuperseded(snapshots);

        // Readers see the commit once it is durable (FullSync), or at once when acknowledging it does not wait
        // for the disk (Async, no log): a commit the log then fails to store is never seen.
        Snapshots.Publish(lsn, transaction.State, visibleNow: Log is null || Log.Durability == WalDurability.Async);
        return lsn;
    }

    // A transaction larger than memory commits its whole pages through the checkpoint journal
    // (Checkpointer.CommitThroughJournal.cs); its record in the log only says that it happened.
    private long CommitThroughJournal(WriteTransaction transaction)
    {
        // Under the writer lock nobody else appends to the log, so the record's LSN is known before it is written.
        long lsn = Log!.LastLsn + 1;
        var pages = transaction.ChangedPages;
        uint[] numbers = [.. pages.Keys];
        Array.Sort(numbers);
        try
        {
            _checkpointer!.CommitThroughJournal(
                lsn,
                numbers,
                (number, scratch) => transaction.ImageForCommit(number, pages[number], scratch),
                () =>
                {
                    _record.Begin(transaction.State, CommitRecordWriter.JournaledCommitKind);
                    long logged = EnqueueRecord(_logCipher is null ? _record.Written : _logCipher.Seal(_record.Written));
                    if (logged != lsn)
                    {
                        throw new InvalidOperationException($"The log gave LSN {logged} to a commit whose journal was written for {lsn}.");
                    }

                    try
                    {
                        // Durable whatever the durability mode: the pages are about to overwrite the file's.
                        Log.Flush();
                    }
                    catch (IOException e)
                    {
                        throw LogFailed(e);
                    }
                });
        }
        catch (PagesNotWrittenException e)
        {
            _logFailure ??= e;
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.IoError,
                $"The transaction was committed (its pages are in the checkpoint journal and its record in the log), but writing them into "
                + $"the database file failed ({e.InnerException?.Message}); reopen the database, which completes it. Until then it refuses writes.",
                e);
        }

        // Durable already: visible at once.
        Snapshots.Publish(lsn, transaction.State, visibleNow: true);
        return lsn;
    }

    public void WaitForCommit(long lsn)
    {
        if (lsn != 0 && Log is not null)
        {
            try
            {
                Log.WaitForCommit(lsn);
            }
            catch (IOException e)
            {
                throw LogFailed(e);
            }

            Snapshots.Reveal(lsn);
            AfterCommit();
        }
    }

    public async ValueTask WaitForCommitAsync(long lsn, CancellationToken cancellationToken)
    {
        if (lsn != 0 && Log is not null)
        {
            try
            {
                await Log.WaitForCommitAsync(lsn, cancellationToken).ConfigureAwait(false);
            }
            catch (IOException e)
            {
                throw LogFailed(e);
            }

            Snapshots.Reveal(lsn);
            AfterCommit();
        }
    }

    private long EnqueueRecord(ReadOnlySpan<byte> record)
    {
        try
        {
            return Log!.Enqueue(record);
        }
        catch (IOException e)
        {
            throw LogFailed(e);
        }
    }

    private void AfterCommit()
    {
        // Bytes logged since the last checkpoint began, not the log file's length (see Checkpointer.LogBytesCovered).
        if (Log is not null && _checkpointer is not null && Log.Statistics.BytesAppended - _checkpointer.LogBytesCovered > _options.CheckpointLogBytes)
        {
            QueueCheckpoint();
        }
    }

    /// <summary>
    /// Runs a checkpoint now for a commit that wants its pages in the file at once (VACUUM, to give space back). A
    /// failure is recorded in <see cref="LastCheckpointError"/>, not thrown: the commit stands, the log keeps it, and
    /// a later checkpoint (at the latest at close or the next open) writes it. Returns whether it ran.
    /// </summary>
    public bool TryCheckpoint()
    {
        try
        {
            Checkpoint();
            return true;
        }
        catch (Exception e) when (e is IOException or SharpCoreDBException { ErrorCode: SharpCoreDBErrorCode.IoError or SharpCoreDBErrorCode.DiskFull })
        {
            LastCheckpointError = e;
            return false;
        }
    }

    private void QueueCheckpoint()
    {
        if (_checkpointer is not null && !_disposed && !_options.ReadOnly)
        {
            _checkpointWorker.Request();
        }
    }

    // On the checkpoint worker's thread. The log keeps everything until a checkpoint succeeds, so
    // a failure is recorded (and the next request tries again), not thrown into nowhere.
    private void RunBackgroundCheckpoint()
    {
        try
        {
            if (!_disposed)
            {
                _checkpointer!.Run(JournalSpace.Keep);
            }
        }
        catch (Exception e) when (e is IOException or SharpCoreDBException or ObjectDisposedException)
        {
            LastCheckpointError = e;
        }
    }

    private SharpCoreDBException LogFailed(Exception e)
    {
        _logFailure ??= e;
        return new SharpCoreDBException(
            SharpCoreDBErrorCode.LogFailed,
            $"The write-ahead log failed ({e.Message}); the database refuses writes until it is reopened.",
            e);
    }
}
