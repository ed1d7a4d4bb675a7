// Transaction control: BEGIN, COMMIT/END, ROLLBACK [TO savepoint], SAVEPOINT, RELEASE.
namespace SharpCoreDB.Sql.Ast;

/// <summary><c>BEGIN [DEFERRED|IMMEDIATE|EXCLUSIVE] [TRANSACTION]</c>.</summary>
internal sealed record BeginStatement(TransactionMode Mode, SourcePosition Position = default) : Statement(Position);

/// <summary>When a transaction takes its locks.</summary>
internal enum TransactionMode
{
    /// <summary>Locks on first use (the default).</summary>
    Deferred,

    /// <summary>Takes the write lock at BEGIN.</summary>
    Immediate,

    /// <summary>Takes an exclusive lock at BEGIN.</summary>
    Exclusive,
}

/// <summary><c>COMMIT [TRANSACTION]</c> or <c>END [TRANSACTION]</c>.</summary>
internal sealed record CommitStatement(SourcePosition Position = default) : Statement(Position);

/// <summary><c>ROLLBACK [TRANSACTION] [TO [SAVEPOINT] name]</c>; Savepoint null rolls back the transaction.</summary>
internal sealed record RollbackStatement(string? Savepoint, SourcePosition Position = default) : Statement(Position);

/// <summary><c>SAVEPOINT name</c>.</summary>
internal sealed record SavepointStatement(string Name, SourcePosition Position = default) : Statement(Position);

/// <summary><c>RELEASE [SAVEPOINT] name</c>.</summary>
internal sealed record ReleaseStatement(string Name, SourcePosition Position = default) : Statement(Position);
