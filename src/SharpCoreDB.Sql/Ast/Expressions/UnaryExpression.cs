// Prefix operators: -x, +x, ~x and NOT x.
namespace SharpCoreDB.Sql.Ast;

/// <summary>A prefix operator applied to one operand.</summary>
internal sealed record UnaryExpression(UnaryOperator Operator, Expression Operand, SourcePosition Position = default)
    : Expression(Position);

/// <summary>The prefix operators.</summary>
internal enum UnaryOperator
{
    /// <summary>-x</summary>
    Negate,

    /// <summary>+x (no-op on numbers, but it stops a column from being an index term in SQLite).</summary>
    Plus,

    /// <summary>~x, bitwise complement.</summary>
    BitwiseNot,

    /// <summary>NOT x, logical negation.</summary>
    Not,
}
