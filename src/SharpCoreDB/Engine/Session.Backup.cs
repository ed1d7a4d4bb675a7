// Backup into another open database (SharpCoreDBConnection.BackupDatabase(destination)):
// the destination's content is replaced by a consistent snapshot of this database,
// as VACUUM rebuilds a database in place (Session.Vacuum.cs) but reading from here and
// writing through the destination's own write transaction. So the copy is packed,
// written with the destination's page codec (encrypted if, and only if, the
// destination is), and all-or-nothing there: a failure or crash before its commit
// leaves the destination as it was. Writers here go on meanwhile; the copy holds the
// state committed when it began. The copy is built in memory until it commits, as
// VACUUM's is.
using SharpCoreDB.Storage.Transactions;

namespace SharpCoreDB.Engine;

internal sealed partial class Session
{
    /// <summary>Replaces everything in <paramref name="destination"/>'s database with a snapshot of this one.</summary>
    public void BackupTo(Session destination, CancellationToken ct = default)
    {
        if (ReferenceEquals(destination.Database, Database))
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Misuse, "A database cannot be backed up into itself.");
        }

        if (destination.InTransaction)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Misuse, "The destination has a transaction open; commit or roll it back first.");
        }

        int pageSize = Database.Storage.Layout.PageSize, destinationPageSize = destination.Database.Storage.Layout.PageSize;
        if (pageSize != destinationPageSize)
        {
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.Misuse,
                $"The destination's page size ({destinationPageSize}) differs from this database's ({pageSize}); back up into a new file instead.");
        }

        using (ReadTransaction source = Database.Storage.BeginRead())
        {
            ReplaceWithCopy(destination.BeginWriter(readSnapshot: null), source, ct);
        }

        destination.Database.Storage.TryCheckpoint();
    }
}
