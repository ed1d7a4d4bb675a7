// IF [NOT] EXISTS (select) THEN statement; ... END IF: an extension of ours, not
// SQLite's. EF Core's idempotent migration scripts guard every command of a
// migration with "has this migration been applied?"; SQLite has no statement
// for that, which is why its EF Core provider refuses such scripts.
namespace SharpCoreDB.Sql.Ast;

/// <summary>
/// <c>IF [NOT] EXISTS (query) THEN statements END IF</c>: runs <see cref="Body"/> in order when the
/// query returns a row (with <see cref="Negated"/>, when it returns none), as one statement.
/// </summary>
internal sealed record ConditionalStatement(bool Negated, SelectStatement Condition, SqlList<Statement> Body, SourcePosition Position = default)
    : Statement(Position);
