// VACUUM: the database rewritten into the fewest pages, numbered from 1 with no free
// page between, every tree packed in key order (Execution/DatabaseCopier). In place, it
// is one write transaction like any other: it reads a snapshot of the committed state
// and writes the copy over page 1 onwards, with a state whose page count is the copy's,
// so the log makes it all-or-nothing (a crash before its commit is durable leaves the
// database as it was; after, replay finishes it). The checkpoint it then runs writes the
// pages, encrypted like every page of an encrypted database, and cuts the file to the
// new page count once no reader still holds an older snapshot (Checkpointer.TrimFile).
// Readers keep their snapshots meanwhile; the copy is built in memory until it commits.
// VACUUM INTO (Session.VacuumInto.cs) writes the copy to a new file instead.
using SharpCoreDB.Execution;
using SharpCoreDB.Storage.File;
using SharpCoreDB.Storage.Transactions;

namespace SharpCoreDB.Engine;

internal sealed partial class Session
{
    private StatementResult Vacuum(VacuumStatement vacuum, IParameterValues parameters, CancellationToken ct)
    {
        if (_explicit)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, "cannot VACUUM from within a transaction");
        }

        if (vacuum.Schema is { } schema && !string.Equals(schema, "main", StringComparison.OrdinalIgnoreCase))
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"unknown database {schema}");
        }

        if (vacuum.Into is { } into)
        {
            VacuumInto(into, parameters, ct);
            return StatementResult.Count(-1);
        }

        WriteTransaction tx = BeginWriter(readSnapshot: null);
        ReadTransaction source;
        try
        {
            // The commit before this writer may be published to it but not yet durable, and so not yet visible to
            // readers: once the log is flushed, a new snapshot is exactly the state the writer starts from.
            Database.Storage.Log?.Flush();
            source = Database.Storage.BeginRead();
            if (source.State != tx.StartState)
            {
                source.Dispose();
                throw new InvalidOperationException("VACUUM's snapshot is not the state its write transaction starts from.");
            }
        }
        catch
        {
            tx.Rollback();
            throw;
        }

        using (source)
        {
            ReplaceWithCopy(tx, source, ct);
        }

        // Only now, with the snapshot released, can the checkpoint cut the file to the copy's size.
        Database.Storage.TryCheckpoint();

        return StatementResult.Count(-1);
    }

    // Makes what tx writes a packed copy of source (an empty page space, then every object copied) and commits it; a
    // failure before the commit rolls tx back, leaving its database as it was. The caller then checkpoints, once
    // source is released: a checkpoint that fails (a full disk) does not undo the commit, the next one finishes it.
    private static void ReplaceWithCopy(WriteTransaction tx, ReadTransaction source, CancellationToken ct)
    {
        try
        {
            tx.State = DatabaseState.Empty with { SchemaVersion = tx.StartState.SchemaVersion + 1 };
            DatabaseCopier.Copy(source, source.State, new CopyTarget(tx), ct);
        }
        catch
        {
            tx.Rollback();
            throw;
        }

        tx.Commit();
    }
}
