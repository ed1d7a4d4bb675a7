// CAST(x AS type): the type keeps its declared text and its normalised affinity.
namespace SharpCoreDB.Sql.Ast;

/// <summary><c>CAST(operand AS type)</c>.</summary>
internal sealed record CastExpression(Expression Operand, TypeName Type, SourcePosition Position = default)
    : Expression(Position);
