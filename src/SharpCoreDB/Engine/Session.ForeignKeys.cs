// Foreign key enforcement around a session's statements and transactions (the
// counters and their life cycle are drawn in Execution/ForeignKeys/ForeignKeyState):
// a write statement clears the statement counters and keeps the deferred ones to
// restore if it fails; COMMIT refuses while a deferred key is violated; ROLLBACK
// forgets the deferred violations, ROLLBACK TO puts back the savepoint's. DROP
// TABLE of a parent first deletes its rows, so children are cascaded or the drop
// fails, as in SQLite.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.ForeignKeys;
using SharpCoreDB.Storage.Transactions;

namespace SharpCoreDB.Engine;

internal sealed partial class Session
{
    private readonly List<ViolationSnapshot> _savepointViolations = [];

    /// <summary>The connection's foreign key settings and outstanding violations.</summary>
    public ForeignKeyState ForeignKeys { get; } = new();

    // The state a write statement runs with: null when keys are not enforced.
    private ForeignKeyState? EnforcedKeys => ForeignKeys.Enabled ? ForeignKeys : null;

    // COMMIT with a deferred key still violated fails and leaves the transaction open (SQLite does the same).
    private void CheckDeferredKeys()
    {
        if (ForeignKeys.Enabled)
        {
            ForeignKeys.Deferred.ThrowIfOutstanding();
        }
    }

    private void ForgetDeferredKeys()
    {
        ForeignKeys.Deferred.Clear();
        ForeignKeys.DeferAll = false;
        _savepointViolations.Clear();
    }

    // After a write statement: an immediate key still violated fails it; so does a deferred one when the
    // statement is its own transaction (it commits now).
    private void EndStatementKeys(bool autocommit)
    {
        if (!ForeignKeys.Enabled)
        {
            return;
        }

        ForeignKeys.Statement.ThrowIfOutstanding();
        if (autocommit)
        {
            ForeignKeys.Deferred.ThrowIfOutstanding();
        }
    }

    // DROP TABLE of a table some key names as parent: DELETE FROM it first (actions run, NO ACTION children
    // fail the drop), as SQLite does before it removes the table.
    private void DeleteRowsBeforeDrop(WriteTransaction tx, SchemaCatalog catalog, DropTableStatement drop, CancellationToken ct)
    {
        if (!ForeignKeys.Enabled || catalog.FindTable(drop.Name.Name) is not { } table || catalog.ReferencesTo(table.Name).Count == 0)
        {
            return;
        }

        var delete = new DeleteStatement(new QualifiedName("main", table.Name), null, null, SqlList<ResultColumn>.Empty);
        ExecuteInternal(tx, catalog, planner => planner.PlanDelete(delete), ct);
    }
}
