// Change notifications: after each commit, the tables (and rowids) it changed go to
// every listener of the database, whichever session committed, so an application can
// refresh what it shows. A transaction records its changes (ChangeJournal) only if a
// listener existed when it took the writer lock; a rolled-back transaction, or rows
// of a statement undone by a rollback to a savepoint, are never reported. Listeners
// run on the committing thread, after the commit is visible to new readers (and, in
// FullSync, durable), in the order listeners were added.
using SharpCoreDB.Catalog;
using SharpCoreDB.Storage.Transactions;

namespace SharpCoreDB.Engine;

/// <summary>What one commit changed: each table with its rowids (null: more rows than were listed), and whether the schema changed.</summary>
internal sealed record CommittedChanges(IReadOnlyList<(string Table, long[]? RowIds)> Tables, bool SchemaChanged);

internal sealed partial class Database
{
    private Action<CommittedChanges>[] _changeListeners = [];

    /// <summary>True while somebody listens: write transactions then record what they change.</summary>
    public bool HasChangeListeners => Volatile.Read(ref _changeListeners).Length > 0;

    public void AddChangeListener(Action<CommittedChanges> listener)
    {
        lock (_gate)
        {
            _changeListeners = [.. _changeListeners, listener];
        }
    }

    public void RemoveChangeListener(Action<CommittedChanges> listener)
    {
        lock (_gate)
        {
            int at = Array.IndexOf(_changeListeners, listener);
            if (at >= 0)
            {
                _changeListeners = [.. _changeListeners[..at], .. _changeListeners[(at + 1)..]];
            }
        }
    }

    /// <summary>Tells the listeners what the committed <paramref name="tx"/> changed (nothing when it changed nothing).</summary>
    public void PublishChanges(WriteTransaction tx)
    {
        Action<CommittedChanges>[] listeners = Volatile.Read(ref _changeListeners);
        bool schemaChanged = tx.State.SchemaVersion != tx.StartState.SchemaVersion;
        if (listeners.Length == 0 || (tx.Changes is not { Count: > 0 } && !schemaChanged))
        {
            return;
        }

        SchemaCatalog catalog;
        lock (_gate)
        {
            catalog = _catalog;
        }

        var names = new Dictionary<uint, string>();
        foreach (TableSchema table in catalog.Tables)
        {
            names[table.RootPage] = table.Name;
        }

        var tables = new List<(string Table, long[]? RowIds)>();
        foreach ((uint root, long[]? rowIds) in tx.Changes?.Summarize() ?? [])
        {
            // A table dropped later in the same transaction has no name any more; the schema change covers it.
            if (names.TryGetValue(root, out string? name))
            {
                tables.Add((name, rowIds));
            }
        }

        var changes = new CommittedChanges(tables, schemaChanged);
        foreach (Action<CommittedChanges> listener in listeners)
        {
            listener(changes);
        }
    }
}
