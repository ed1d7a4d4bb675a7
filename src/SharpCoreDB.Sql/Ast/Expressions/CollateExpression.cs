// `x COLLATE name`: binds tighter than every other operator, as in SQLite.
namespace SharpCoreDB.Sql.Ast;

/// <summary><c>operand COLLATE collation</c>.</summary>
internal sealed record CollateExpression(Expression Operand, string Collation, SourcePosition Position = default)
    : Expression(Position);
