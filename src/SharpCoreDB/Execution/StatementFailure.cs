// A statement failure that says how much to undo. Most failures undo the
// statement (ABORT, SQLite's default); a conflict under OR FAIL or a
// RAISE(FAIL, ..) keeps the rows the statement changed before it; one under
// OR ROLLBACK or a RAISE(ROLLBACK, ..) rolls back the whole transaction. The
// session reads Undo when it cleans up after the failed statement.

namespace SharpCoreDB.Execution;

/// <summary>How much of the work before a failed statement's error is undone.</summary>
internal enum StatementUndo
{
    /// <summary>The statement's changes (ABORT).</summary>
    Statement,

    /// <summary>Nothing: the rows changed before the failing one stay (FAIL).</summary>
    None,

    /// <summary>The whole transaction (ROLLBACK).</summary>
    Transaction,
}

/// <summary>A failure with an undo scope other than the statement's.</summary>
internal sealed class StatementFailure(SharpCoreDBErrorCode code, string message, StatementUndo undo, Exception? inner = null)
    : SharpCoreDBException(code, message, inner)
{
    public StatementUndo Undo => undo;

    /// <summary>The undo scope of a conflict resolved with <paramref name="resolution"/>; null for ABORT and the others.</summary>
    public static StatementUndo? ScopeOf(ConflictResolution resolution) => resolution switch
    {
        ConflictResolution.Fail => StatementUndo.None,
        ConflictResolution.Rollback => StatementUndo.Transaction,
        _ => null,
    };

    /// <summary>The errors an ON CONFLICT clause governs (never foreign keys, as in SQLite).</summary>
    public static bool IsConflict(SharpCoreDBErrorCode code) =>
        code is SharpCoreDBErrorCode.UniqueConstraint or SharpCoreDBErrorCode.PrimaryKeyConstraint
            or SharpCoreDBErrorCode.NotNullConstraint or SharpCoreDBErrorCode.CheckConstraint;
}
