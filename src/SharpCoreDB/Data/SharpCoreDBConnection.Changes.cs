// DatabaseChanged: an event raised after each commit to this connection's database,
// by this or any other connection of the process, with the tables and rowids the
// commit changed, so a desktop app can refresh the grid or list that shows them.
// While the connection is open and has a handler it listens on the open database
// (Engine/Database.Changes.cs); closing it, or removing the last handler, stops that.
// A rolled-back transaction, or a statement undone by a rollback to a savepoint, is
// never reported. Handlers run on the committing thread, after the commit is visible
// (and, with FullSync, durable): a UI app marshals to its own thread
// (Dispatcher/Control.BeginInvoke), and a handler should be quick, since the
// committer waits for it. An exception from a handler reaches the code that
// committed, but the commit stands.
using SharpCoreDB.Engine;

namespace SharpCoreDB.Data;

public sealed partial class SharpCoreDBConnection
{
    private readonly Lock _changesGate = new();
    private EventHandler<SharpCoreDBChangesEventArgs>? _databaseChanged;
    private Action<CommittedChanges>? _changeListener;
    private Database? _listenedDatabase;

    /// <summary>
    /// Raised after each commit to this connection's database (by any connection of this process) that changed rows or
    /// the schema, with the tables and rowids changed; never for a rolled-back transaction. Handlers run on the
    /// committing thread once the commit is visible; transactions that took the writer lock before the first handler
    /// was added are not reported.
    /// </summary>
    public event EventHandler<SharpCoreDBChangesEventArgs>? DatabaseChanged
    {
        add
        {
            lock (_changesGate)
            {
                _databaseChanged += value;
            }

            AttachChangeListener();
        }

        remove
        {
            bool none;
            lock (_changesGate)
            {
                _databaseChanged -= value;
                none = _databaseChanged is null;
            }

            if (none)
            {
                DetachChangeListener();
            }
        }
    }

    // On Open and when a handler is added: listen on the open database if there is a handler.
    private void AttachChangeListener()
    {
        lock (_changesGate)
        {
            if (_databaseChanged is null || _changeListener is not null || _state != System.Data.ConnectionState.Open || _session is null)
            {
                return;
            }

            _listenedDatabase = _session.Database;
            _changeListener = OnCommitted;
            _listenedDatabase.AddChangeListener(_changeListener);
        }
    }

    // On Close and when the last handler is removed.
    private void DetachChangeListener()
    {
        lock (_changesGate)
        {
            if (_changeListener is not null)
            {
                _listenedDatabase!.RemoveChangeListener(_changeListener);
            }

            _changeListener = null;
            _listenedDatabase = null;
        }
    }

    private void OnCommitted(CommittedChanges changes) => _databaseChanged?.Invoke(this, new SharpCoreDBChangesEventArgs(changes));
}
