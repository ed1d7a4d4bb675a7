// RAISE(...) inside a trigger body: stops the trigger, and with it the row or the
// statement that fired it, the way its kind says.
namespace SharpCoreDB.Sql.Ast;

/// <summary>What RAISE does.</summary>
internal enum RaiseKind
{
    /// <summary>Skip the row that fired the trigger; no error.</summary>
    Ignore,

    /// <summary>Fail the statement and roll back the whole transaction.</summary>
    Rollback,

    /// <summary>Fail the statement and undo its changes (the transaction stays open).</summary>
    Abort,

    /// <summary>Fail the statement, keeping the changes it made before this row.</summary>
    Fail,
}

/// <summary><c>RAISE(IGNORE)</c> or <c>RAISE(ROLLBACK | ABORT | FAIL, message)</c>.</summary>
internal sealed record RaiseExpression(RaiseKind Kind, Expression? Message, SourcePosition Position = default) : Expression(Position);
