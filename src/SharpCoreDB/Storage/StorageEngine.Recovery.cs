// Steps 3 to 5 of opening a database (StorageEngine.Open.cs): replaying the log
// after the header's checkpoint, checking that the header, the log and the file
// agree, refusing a log that lost committed records, writing the header back into
// both slots, and the checkpoint after recovery, which a full disk may postpone.
// What the open found and repaired is kept in RecoveryNotes.
using SharpCoreDB.Storage.File;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Storage;

internal sealed partial class StorageEngine
{
    // Steps 3 to 5 of the open (see the top of this file).
    private void Recover(DatabaseHeader header, bool rewriteHeader)
    {
        // Replay reads cached images like a transaction, so it holds an epoch while it does (Cache/ImageReclaimer).
        long epoch = Cache.Reclaimer.Enter();
        try
        {
            Replay(header, rewriteHeader);
        }
        finally
        {
            Cache.Reclaimer.Exit(epoch);
        }
    }

    private void Replay(DatabaseHeader header, bool rewriteHeader)
    {
        var replayer = new LogReplayer(Cache, Layout);
        long expected = header.CheckpointLsn + 1;
        try
        {
            Log!.Replay(header.CheckpointLsn, (lsn, payload) =>
            {
                if (lsn != expected)
                {
                    throw StaleHeader(header, expected);
                }

                expected++;
                if (_logCipher is null)
                {
                    replayer.Apply(lsn, payload);
                }
                else
                {
                    replayer.Apply(lsn, _logCipher.Open(lsn, payload));
                }
            });
        }
        catch (WalDamagedException e)
        {
            // RefuseLostRecords already refused a hole past the checkpoint; this guards the same rule.
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Corrupt, $"The write-ahead log of '{Path}' is damaged: {e.Message}", e);
        }
        catch (IOException e)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.IoError, $"Reading the write-ahead log failed: {e.Message}", e);
        }

        if (Log.LastLsn >= expected)
        {
            throw StaleHeader(header, expected);
        }

        var state = replayer.State ?? header.State;
        uint described = Math.Max(Math.Max(header.State.PageCount, header.FilePages), replayer.MostPages);
        if (_file!.PagesOnDisk > described)
        {
            // Checkpoints only ever grow the file, to the page count of a state the header or the log
            // still describes (a VACUUM's record in the log follows the larger states before it), except
            // one after a VACUUM, which cuts it after writing a header that says how long it was
            // (FilePages); a longer file means both are older than the file: the newest header was lost
            // and the log that would have bridged the gap is gone.
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.Corrupt,
                $"The header of '{Path}' is out of date: the file holds {_file.PagesOnDisk} pages, but the header "
                + $"(checkpoint LSN {header.CheckpointLsn}) and the log account for {described}. "
                + "Its newest header was lost; opening it would show an older database.");
        }

        if (rewriteHeader)
        {
            // Both slots get the header again (repairing a damaged or stale one), with this session's
            // nonce epoch reserved before anything is encrypted under it.
            _checkpointer!.UpdateHeader(h => _encryption?.WithSessionEpoch(h) ?? h);
        }

        if (replayer.State is { } replayed)
        {
            Snapshots.Publish(replayer.LastLsn, replayed, visibleNow: true);
            RecoveredRecords = replayer.Records;
        }

        // After replay, and also when a crash came between a VACUUM's header and the cut of the file (nothing to
        // replay, the file longer than the state): the checkpoint writes what was replayed and cuts the file.
        if (!_options.ReadOnly && (replayer.State is not null || _file.PagesOnDisk > state.PageCount))
        {
            CheckpointAfterRecovery();
        }
    }

    // The log holds every replayed record until a checkpoint succeeds, so a checkpoint that cannot
    // run now (a full disk) does not stop the open: the pages stay in the cache, the log keeps them
    // safe, and the next checkpoint tries again.
    private void CheckpointAfterRecovery()
    {
        try
        {
            _checkpointer!.Run(JournalSpace.Keep);
        }
        catch (SharpCoreDBException e) when (e.ErrorCode is SharpCoreDBErrorCode.DiskFull or SharpCoreDBErrorCode.IoError)
        {
            LastCheckpointError = e;
        }
    }

    // Damage in the log that later, durable records follow is a loss of committed transactions
    // unless the damaged records are already in the database file (at or below the checkpoint).
    // The open is refused, saying which records are gone and where, and nothing is changed: the
    // log still holds every record after the hole for whoever restores the damaged bytes.
    private static void RefuseLostRecords(string path, WalRecoveryReport recovery, long checkpointLsn)
    {
        foreach (WalDamage damage in recovery.Damage)
        {
            if (damage.LastMissingLsn > checkpointLsn)
            {
                throw new SharpCoreDBException(
                    SharpCoreDBErrorCode.Corrupt,
                    $"The write-ahead log of '{path}' is damaged: log records {damage.FirstMissingLsn} to {damage.LastMissingLsn} "
                    + $"(segment {damage.SegmentSequence}, {damage.Length} bytes from offset {damage.Offset}) cannot be read, and later records "
                    + "prove they had been committed. Opening it would silently lose committed transactions; restore the log's damaged "
                    + "bytes or the database from a backup.");
            }
        }
    }

    // What the open found and repaired, for RecoveryNotes.
    private void NoteRecovery(HeaderSlots? slots, WalRecoveryReport recovery, long checkpointLsn)
    {
        if (slots is { Agree: false, Problem: { } problem })
        {
            _recoveryNotes.Add(_options.ReadOnly ? problem + " (left as it is: opened read-only)" : problem + "; both slots were written again");
        }

        foreach (WalDamage damage in recovery.Damage)
        {
            _recoveryNotes.Add($"log records {damage.FirstMissingLsn} to {damage.LastMissingLsn} are damaged, but were already in the database file (checkpoint LSN {checkpointLsn})");
        }

        foreach (string repair in recovery.Repairs)
        {
            _recoveryNotes.Add("log: " + repair);
        }

        if (recovery.TornBytesCut > 0)
        {
            _recoveryNotes.Add($"log: {recovery.TornBytesCut} bytes of a write the crash cut short (never acknowledged) were cut off");
        }
    }

    // The log continues from the header's checkpoint LSN, unless the newest header was
    // lost (its slot damaged) and an older one was read: then the log was already
    // released past that older checkpoint, and its records no longer connect to it.
    private SharpCoreDBException StaleHeader(DatabaseHeader header, long expected) => new(
        SharpCoreDBErrorCode.Corrupt,
        $"The header of '{Path}' is out of date (checkpoint LSN {header.CheckpointLsn}, but the log no longer holds LSN {expected}): "
        + "its newest header slot is damaged.");
}
