// VACUUM INTO: a compacted copy of a database in a new file, made from one read
// snapshot while readers and the writer keep working. The copy is built as a database
// of its own at "<target>-vacuum" (same page size; encrypted with the given secret, by
// default the source's), committing every few thousand pages so that memory stays
// bounded, then closed (its last checkpoint leaves only its file) and renamed to the
// target in one step, and the directory synced. So the target never exists half
// written: a failure or a crash leaves at most the "-vacuum" file, which the next
// VACUUM INTO to that target deletes first. As in SQLite, an existing target is an error.
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.Encryption;
using SharpCoreDB.Storage.File;
using SharpCoreDB.Storage.Transactions;
using SharpCoreDB.Wal;
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Execution;

/// <summary>Writes a compacted copy of a database to a new file.</summary>
internal static class DatabaseFileCopier
{
    // The copy commits once its transaction holds this many pages: 16 MiB of 8 KiB pages.
    private const int PagesPerCommit = 2048;

    private static readonly TimeSpan WriterWait = TimeSpan.FromSeconds(30);

    /// <summary>
    /// Copies <paramref name="source"/> as of one snapshot to a new file at <paramref name="path"/>, encrypted with
    /// <paramref name="secret"/> (null: not encrypted).
    /// </summary>
    public static void CopyTo(StorageEngine source, string path, EncryptionSettings? secret, CancellationToken ct)
    {
        IFileSystem fs = source.Options.FileSystem;
        string target = System.IO.Path.GetFullPath(path);
        if (fs.Exists(target))
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, "output file already exists");
        }

        if (source.Path is { } own && string.Equals(System.IO.Path.GetFullPath(own), target, StringComparison.Ordinal))
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, "output file already exists");
        }

        string building = target + "-vacuum";
        DeleteDatabase(fs, building);
        bool moved = false;
        try
        {
            Build(source, building, secret, ct);
            fs.Move(building, target);
            moved = true;
            fs.SyncDirectory(System.IO.Path.GetDirectoryName(target)!);
        }
        catch (Exception e)
        {
            // A copy whose rename may not last is taken back too: the statement failed, so no file is left.
            DeleteDatabase(fs, building);
            if (moved)
            {
                fs.Delete(target);
            }

            if (e is SharpCoreDBException { ErrorCode: SharpCoreDBErrorCode.LogFailed } failed)
            {
                throw CopyFailed(failed);
            }

            if (e is IOException io)
            {
                throw IoFailure.From(io, "writing the copy");
            }

            throw;
        }
    }

    // The copy's own log failing is no failure of the database's log (which goes on working): it is reported as the
    // I/O error (or full disk) beneath it.
    private static SharpCoreDBException CopyFailed(SharpCoreDBException failed)
    {
        for (Exception? inner = failed.InnerException; inner is not null; inner = inner.InnerException)
        {
            if (inner is IOException io)
            {
                return IoFailure.From(io, "writing the copy's log");
            }
        }

        return new SharpCoreDBException(SharpCoreDBErrorCode.IoError, "VACUUM INTO could not write the copy: " + failed.Message, failed);
    }

    private static void Build(StorageEngine source, string building, EncryptionSettings? secret, CancellationToken ct)
    {
        StorageOptions options = source.Options with
        {
            Path = building,
            CreateIfMissing = true,
            ReadOnly = false,
            PageSize = source.Layout.PageSize,
            Encryption = secret,
        };

        using ReadTransaction snapshot = source.BeginRead();
        StorageEngine copy = StorageEngine.Open(options);
        try
        {
            WriteTransaction tx = copy.BeginWrite(WriterWait);
            var target = new CopyTarget(tx, full =>
            {
                full.Commit();
                return copy.BeginWrite(WriterWait);
            }, PagesPerCommit);
            try
            {
                DatabaseCopier.Copy(snapshot, snapshot.State, target, ct);
                target.Transaction.State = target.Transaction.State with { SchemaVersion = snapshot.State.SchemaVersion };
                target.Transaction.Commit();
            }
            catch
            {
                if (!target.Transaction.IsFinished)
                {
                    target.Transaction.Rollback();
                }

                throw;
            }

            copy.Checkpoint();
        }
        finally
        {
            copy.Dispose();
        }

        // A clean close leaves the file alone: a log or journal left beside it would hold pages the file lacks.
        if (copy.LastCheckpointError is not null || WriteAheadLog.Exists(building + "-wal", options.FileSystem) || options.FileSystem.Exists(building + "-journal"))
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.IoError, "VACUUM INTO could not finish writing the copy", copy.LastCheckpointError);
        }
    }

    // The copy's file and everything beside it.
    private static void DeleteDatabase(IFileSystem fs, string path)
    {
        fs.Delete(path);
        fs.Delete(path + "-journal");
        WriteAheadLog.Delete(path + "-wal", fs);
    }
}
