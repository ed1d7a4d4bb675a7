// CASE in both forms: with an operand (CASE x WHEN 1 THEN ...) compares the
// operand to each WHEN value; without one, each WHEN is a condition.
namespace SharpCoreDB.Sql.Ast;

/// <summary><c>CASE [operand] WHEN .. THEN .. [ELSE ..] END</c>.</summary>
internal sealed record CaseExpression(Expression? Operand, SqlList<WhenClause> Whens, Expression? Else, SourcePosition Position = default)
    : Expression(Position);

/// <summary>One <c>WHEN condition THEN result</c> arm of a CASE.</summary>
internal sealed record WhenClause(Expression When, Expression Then, SourcePosition Position = default) : SqlNode(Position);
