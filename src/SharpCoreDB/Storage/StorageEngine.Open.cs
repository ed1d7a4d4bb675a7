// Opening a database: create a new file, or recover an existing one.
//
// Recovery order matters: (1) pick the newest valid header slot; (2) if a
// checkpoint journal newer than that header is complete, copy its pages over the
// file (repairing torn in-place writes); (3) replay the log records after the
// header's checkpoint LSN, and check that the header, the log and the file agree
// (a header that is older than either is refused, never used); (4) write the
// header back into both slots when they differed, and reserve this session's nonce
// epoch when the database is encrypted; (5) checkpoint, so the log starts empty. With
// no log beside the file (a clean close deletes it) step 3 has nothing to replay, and
// the log is only created at the first write (DeferredLog).
//
// An open that fails leaves nothing behind: files it created are deleted again. A
// read-write open also deletes temporary files a crash left beside the database
// (TemporaryFiles).
using SharpCoreDB.Storage.Encryption;
using SharpCoreDB.Storage.File;
using SharpCoreDB.Storage.Logging;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Wal;
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Storage;

internal sealed partial class StorageEngine
{
    /// <summary>Opens (and if needed creates and recovers) the database the options describe.</summary>
    public static StorageEngine Open(StorageOptions options)
    {
        options.Validate();
        if (options.Path is null)
        {
            return new StorageEngine(options, new ChecksumPageCodec(options.PageSize).Layout, null, null, null, null, null);
        }

        string path = System.IO.Path.GetFullPath(options.Path);
        var fs = options.FileSystem;
        if ((options.ReadOnly || !options.CreateIfMissing) && !fs.Exists(path))
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.IoError, $"The database file '{path}' does not exist.");
        }

        bool fileExisted = fs.Exists(path);
        bool journalExisted = fs.Exists(path + "-journal");
        var storageFile = OpenLocked(fs, path, options.ReadOnly ? StorageFileMode.ReadOnly : StorageFileMode.OpenOrCreate);
        DatabaseFile? file = null;
        CheckpointJournal? journal = null;
        IWriteAheadLog? log = null;
        DatabaseEncryption? encryption = null;
        StorageEngine? engine = null;
        try
        {
            // A new database: none was there, or a creation a crash cut short (an empty file, or one page holding
            // only a torn first header). With a log beside it the file held data once: never start it over.
            bool logBeside = fileExisted && options.LogExists(path + "-wal", fs);
            bool isNew = !fileExisted
                || (!logBeside && (storageFile.Length == 0 || (!options.ReadOnly && IsInterruptedCreation(storageFile))));
            if (isNew && options.ReadOnly)
            {
                throw NotADatabase(path, 0, "the file is empty");
            }

            if (isNew)
            {
                storageFile.SetLength(0);

                // A log or journal left beside a missing database belongs to another database.
                WriteAheadLog.Delete(path + "-wal", fs);
                fs.Delete(path + "-journal");
                journalExisted = false;
            }

            // A read-only open creates nothing: it only looks at a journal that is already there.
            journal = !options.ReadOnly ? new CheckpointJournal(OpenLocked(fs, path + "-journal", StorageFileMode.OpenOrCreate))
                : journalExisted ? new CheckpointJournal(OpenLocked(fs, path + "-journal", StorageFileMode.ReadOnly))
                : null;
            var slots = isNew ? null : ReadHeader(storageFile, path);
            var header = slots?.Header ?? NewHeader(options);
            encryption = Unlock(options, path, isNew, ref header);
            int pageSize = header.PageSize;
            file = new DatabaseFile(storageFile, encryption?.CreatePageCodec(pageSize) ?? new ChecksumPageCodec(pageSize));
            if (isNew)
            {
                file.SetPageCount(1);
                file.WriteHeader(header);
            }

            long checkpointLsn = header.CheckpointLsn;
            log = options.LogExists(path + "-wal", fs)
                ? OpenLog(path + "-wal", options, checkpointLsn)
                : new DeferredLog(() => OpenLog(path + "-wal", options, checkpointLsn), options.Log.Durability, checkpointLsn);
            if (log.LastLsn < header.CheckpointLsn)
            {
                // Every record of this log is older than the checkpoint, so none is needed; but new
                // records must get LSNs above the pages' own. Start the log again after the checkpoint.
                if (options.ReadOnly)
                {
                    throw new SharpCoreDBException(
                        SharpCoreDBErrorCode.Corrupt, $"The log of '{path}' is older than the database; open it once for writing.");
                }

                log.Dispose();
                WriteAheadLog.Delete(path + "-wal", fs);
                log = OpenLog(path + "-wal", options, header.CheckpointLsn);
            }

            // The journal is looked at once the log's end is known: a commit's journal counts only if its record is there.
            if (options.ReadOnly)
            {
                if (journal?.Inspect(header, log.LastLsn) == CheckpointJournal.Finding.Apply)
                {
                    throw new SharpCoreDBException(
                        SharpCoreDBErrorCode.ReadOnly,
                        $"'{path}' was left mid-checkpoint by a crash; open it once for writing to recover it.");
                }
            }
            else
            {
                journal!.RecoverInto(file, header, log.LastLsn);
            }

            RefuseLostRecords(path, log.Recovery, header.CheckpointLsn);
            engine = new StorageEngine(options, file.Layout, file, journal, log, header, encryption);
            engine.NoteRecovery(slots, log.Recovery, header.CheckpointLsn);
            if (!options.ReadOnly && TemporaryFiles.DeleteLeftovers(fs, System.IO.Path.GetDirectoryName(path)!) is > 0 and int leftovers)
            {
                engine._recoveryNotes.Add($"{leftovers} temporary files a crash had left beside the database were deleted");
            }

            engine.Cache.AllowFileLsn(Math.Max(header.CheckpointLsn, log.LastLsn));
            engine.Recover(header, rewriteHeader: !isNew && !options.ReadOnly && (encryption is not null || slots is { Agree: false }));
            return engine;
        }
        catch (Exception e)
        {
            if (engine is not null)
            {
                engine.AbandonOpen();
            }
            else
            {
                encryption?.Dispose();
                log?.Dispose();
                journal?.Dispose();
                if (file is not null)
                {
                    file.Dispose();
                }
                else
                {
                    storageFile.Dispose();
                }
            }

            DeleteCreatedFiles(fs, path, deleteDatabase: !fileExisted, deleteJournal: !journalExisted);
            if (e is IOException io)
            {
                throw IoFailure.From(io, $"opening '{path}'");
            }

            throw;
        }
    }

    // What a failed open created is removed again, so that it leaves the directory as it found it;
    // a file that existed before is never deleted. Failing to delete is harmless (the next open
    // recreates or ignores an empty journal, and treats an empty database file as new).
    private static void DeleteCreatedFiles(IFileSystem fs, string path, bool deleteDatabase, bool deleteJournal)
    {
        try
        {
            if (deleteJournal)
            {
                fs.Delete(path + "-journal");
            }

            if (deleteDatabase)
            {
                WriteAheadLog.Delete(path + "-wal", fs);
                fs.Delete(path);
            }
        }
        catch (IOException)
        {
        }
        catch (UnauthorizedAccessException)
        {
        }
    }

    private static IStorageFile OpenLocked(IFileSystem fs, string path, StorageFileMode mode)
    {
        try
        {
            return fs.Open(path, mode);
        }
        catch (IOException e) when (IsSharingViolation(e))
        {
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.Locked,
                $"The database file '{path}' is locked by another process (or another open database in this one).",
                e);
        }
        catch (UnauthorizedAccessException e)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.IoError, $"Access to '{path}' is denied: {e.Message}", e);
        }
        catch (IOException e)
        {
            throw IoFailure.From(e, $"opening '{path}'");
        }
    }

    private static bool IsSharingViolation(IOException e) =>
        e.HResult == unchecked((int)0x80070020) || e.HResult == unchecked((int)0x80070021)
        || e.Message.Contains("being used by another process", StringComparison.OrdinalIgnoreCase);

    private static IWriteAheadLog OpenLog(string path, StorageOptions options, long initialLsn)
    {
        try
        {
            return options.LogFactory(path, options.Log with { FileSystem = options.FileSystem, InitialLsn = initialLsn });
        }
        catch (IOException e) when (IsSharingViolation(e))
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Locked, $"The log '{path}' is locked by another process.", e);
        }
        catch (IOException e)
        {
            throw IoFailure.From(e, $"opening the log '{path}'");
        }
    }

    // A crash (or an I/O error) while a new database was being created can leave its
    // first page all zeros, or with a torn first header slot and zeros after it. No
    // commit can have been acknowledged before the header's fsync returned, so such a
    // file is created again. Anything else without a valid header is not ours, and is
    // never overwritten.
    private static bool IsInterruptedCreation(IStorageFile file)
    {
        // Creation sizes the file to its first page before writing the header, so anything but
        // exactly one page (a file cut short, say) is not an interrupted creation.
        long length = file.Length;
        if (!PageLayout.IsValidPageSize(length))
        {
            return false;
        }

        var bytes = new byte[length];
        file.Read(0, bytes);
        // A creation cut short tore at most slot A (the header of sequence 0 goes there first): the rest is zero.
        var rest = bytes.AsSpan(DatabaseHeader.SlotAOffset + DatabaseHeader.SlotSize);
        if (rest.ContainsAnyExcept((byte)0))
        {
            return false;
        }

        var slot = bytes.AsSpan(DatabaseHeader.SlotAOffset, DatabaseHeader.SlotSize);
        return !slot.ContainsAnyExcept((byte)0)
            || (DatabaseHeader.HasMagic(slot) && DatabaseHeader.TryRead(slot, out _) is null);
    }

    private static DatabaseHeader NewHeader(StorageOptions options) => new()
    {
        PageSize = options.PageSize,
        DatabaseId = Guid.NewGuid(),
        Sequence = 0,
        CheckpointLsn = 0,
        State = DatabaseState.Empty,
    };

    // Creates or unlocks the keys. A new database's header comes back sealed; an existing
    // one's is unchanged: its nonce epoch is reserved once recovery has checked the header.
    private static DatabaseEncryption? Unlock(StorageOptions options, string path, bool isNew, ref DatabaseHeader header)
    {
        var settings = options.Encryption;
        if (isNew)
        {
            if (settings is null)
            {
                return null;
            }

            var created = DatabaseEncryption.Create(settings, header.DatabaseId, path, out byte[] keyBlock);
            header = created.Seal(header with { Encrypted = true, KeyBlock = keyBlock });
            return created;
        }

        if (!header.Encrypted)
        {
            return settings is null
                ? null
                : throw new SharpCoreDBException(SharpCoreDBErrorCode.WrongKey, $"'{path}' is not encrypted, but a password or key was given.");
        }

        if (settings is null)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.WrongKey, $"'{path}' is encrypted: a password or key is needed to open it.");
        }

        return DatabaseEncryption.Unlock(settings, header, path);
    }

    private static HeaderSlots ReadHeader(IStorageFile file, string path)
    {
        var slots = HeaderSlots.Read(file, out string? problem) ?? throw NotADatabase(path, file.Length, problem);
        var header = slots.Header;
        int size = header.PageSize;
        if (!PageLayout.IsValidPageSize(size) || header.State.PageCount == 0)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Corrupt, $"The header of '{path}' is inconsistent (page size {size}).");
        }

        return slots;
    }

    private static SharpCoreDBException NotADatabase(string path, long length, string? problem = null) => new(
        SharpCoreDBErrorCode.NotADatabase,
        $"'{path}' ({length} bytes) is not a SharpCoreDB database or its header is damaged{(problem is null ? "" : $": {problem}")}.");
}
