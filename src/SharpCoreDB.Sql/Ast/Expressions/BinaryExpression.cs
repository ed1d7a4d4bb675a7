// Infix operators with two operands. IS, IN, LIKE and BETWEEN have their own
// nodes because their shapes differ (negation, lists, escape, three operands).
namespace SharpCoreDB.Sql.Ast;

/// <summary>An infix operator; Position is the operator token's.</summary>
internal sealed record BinaryExpression(BinaryOperator Operator, Expression Left, Expression Right, SourcePosition Position = default)
    : Expression(Position);

/// <summary>The infix operators, from tightest binding to loosest (see docs/sql.md).</summary>
internal enum BinaryOperator
{
    /// <summary>||, text concatenation.</summary>
    Concat,

    /// <summary>-&gt;, the part of a JSON document a path names, as JSON (same precedence as ||).</summary>
    JsonPart,

    /// <summary>-&gt;&gt;, the part of a JSON document a path names, as an SQL value (same precedence as ||).</summary>
    JsonValue,

    /// <summary>*</summary>
    Multiply,

    /// <summary>/</summary>
    Divide,

    /// <summary>%</summary>
    Modulo,

    /// <summary>+</summary>
    Add,

    /// <summary>-</summary>
    Subtract,

    /// <summary>&amp;</summary>
    BitwiseAnd,

    /// <summary>|</summary>
    BitwiseOr,

    /// <summary>&lt;&lt;</summary>
    ShiftLeft,

    /// <summary>&gt;&gt;</summary>
    ShiftRight,

    /// <summary>&lt;</summary>
    Less,

    /// <summary>&lt;=</summary>
    LessOrEqual,

    /// <summary>&gt;</summary>
    Greater,

    /// <summary>&gt;=</summary>
    GreaterOrEqual,

    /// <summary>= or ==</summary>
    Equal,

    /// <summary>!= or &lt;&gt;</summary>
    NotEqual,

    /// <summary>AND</summary>
    And,

    /// <summary>OR</summary>
    Or,
}
