// Closing a database: the last checkpoint (after the running writer, if any, has
// finished), the log deleted when everything is in the file, the empty journal
// deleted while the database's lock is still held, every thread joined. A failed
// open closes what it had opened without writing anything (AbandonOpen).
using SharpCoreDB.Wal;

namespace SharpCoreDB.Storage;

internal sealed partial class StorageEngine
{
    // After a clean close every record is in the database file, so the log holds nothing
    // the next open needs; deleting it spares that open a scan of the old segment. The next
    // log starts after the header's checkpoint LSN (WalOptions.InitialLsn), a crash halfway
    // through the deletion leaves files that recovery handles the same way, and a stale
    // header can no longer hide behind the missing log: pages newer than it are refused
    // (PageCache.AllowFileLsn).
    private void DeleteLog()
    {
        try
        {
            WriteAheadLog.Delete(System.IO.Path.GetFullPath(_options.Path!) + "-wal", _options.FileSystem);
        }
        catch (IOException)
        {
            // Harmless: the next open reads the old log and skips its records.
        }
    }

    // An empty journal is deleted with the database's lock still held, so that a clean close
    // leaves only the database file; one that still holds a checkpoint's pages stays for the
    // next open to apply.
    private void CloseJournal()
    {
        if (_journal is null)
        {
            return;
        }

        bool empty = _journal.IsEmpty;
        _journal.Dispose();
        if (empty && !_options.ReadOnly)
        {
            try
            {
                _options.FileSystem.Delete(System.IO.Path.GetFullPath(_options.Path!) + "-journal");
            }
            catch (IOException)
            {
                // Harmless: the next open reuses it.
            }
        }
    }

    /// <summary>Closes what a failed open had opened, writing nothing (no checkpoint, no log deletion).</summary>
    private void AbandonOpen()
    {
        _disposed = true;
        _checkpointWorker.Dispose();
        try
        {
            Log?.Dispose();
        }
        catch (IOException)
        {
            // Nothing was appended during the open, so nothing is lost.
        }

        _journal?.Dispose();
        Cache.DisposeSpill();
        _file?.Dispose();
        _encryption?.Dispose();
    }

    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        // Wait for the running writer (if any) to finish, then take the last checkpoint.
        // A writer that never finishes is abandoned: its changes were never committed.
        bool locked = _writerLock.Wait(TimeSpan.FromSeconds(30));
        bool everythingCheckpointed = false;
        try
        {
            if (locked && _logFailure is null && _checkpointer is not null && !_options.ReadOnly)
            {
                try
                {
                    _checkpointer.Run(JournalSpace.Keep);
                    everythingCheckpointed = Log is not null && Log.LastLsn == _checkpointer.Header.CheckpointLsn;
                }
                catch (Exception e) when (e is IOException or SharpCoreDBException)
                {
                    // The log still holds every commit; the next open replays it.
                    LastCheckpointError = e;
                }
            }

            _disposed = true;
        }
        finally
        {
            if (locked)
            {
                _writerLock.Release();
            }
        }

        _checkpointWorker.Dispose();
        try
        {
            Log?.Dispose();
        }
        catch (IOException)
        {
            // Already reported to the committers that waited on it.
            everythingCheckpointed = false;
        }

        if (everythingCheckpointed)
        {
            DeleteLog();
        }

        CloseJournal();
        Cache.DisposeSpill();
        _file?.Dispose();
        _encryption?.Dispose();
    }
}
