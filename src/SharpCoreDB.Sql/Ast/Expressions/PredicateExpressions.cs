// The equality-level predicates that are not plain binary operators:
// IS [NOT], [NOT] IN, [NOT] LIKE/GLOB/REGEXP/MATCH and [NOT] BETWEEN.
// `x ISNULL`, `x NOTNULL` and `x NOT NULL` become IsExpression against NullLiteral;
// `a IS DISTINCT FROM b` is `a IS NOT b`.
namespace SharpCoreDB.Sql.Ast;

/// <summary><c>left IS [NOT] right</c>: equality where NULL equals NULL.</summary>
internal sealed record IsExpression(Expression Left, Expression Right, bool Negated, SourcePosition Position = default)
    : Expression(Position);

/// <summary><c>operand [NOT] IN (values...)</c> or <c>operand [NOT] IN (subquery)</c>; an empty list is allowed.</summary>
internal sealed record InExpression(Expression Operand, SqlList<Expression> Values, SelectStatement? Subquery, bool Negated, SourcePosition Position = default)
    : Expression(Position);

/// <summary><c>operand [NOT] LIKE pattern [ESCAPE escape]</c> (or GLOB, REGEXP, MATCH).</summary>
internal sealed record LikeExpression(LikeOperator Operator, Expression Operand, Expression Pattern, Expression? Escape, bool Negated, SourcePosition Position = default)
    : Expression(Position);

/// <summary>The pattern-matching operators.</summary>
internal enum LikeOperator
{
    /// <summary>LIKE: % and _ wildcards, ASCII case-insensitive.</summary>
    Like,

    /// <summary>GLOB: * ? [..] wildcards, case-sensitive.</summary>
    Glob,

    /// <summary>REGEXP: calls the regexp() function.</summary>
    Regexp,

    /// <summary>MATCH: calls the match() function.</summary>
    Match,
}

/// <summary><c>operand [NOT] BETWEEN low AND high</c>.</summary>
internal sealed record BetweenExpression(Expression Operand, Expression Low, Expression High, bool Negated, SourcePosition Position = default)
    : Expression(Position);

/// <summary><c>[NOT] EXISTS (subquery)</c>.</summary>
internal sealed record ExistsExpression(SelectStatement Subquery, bool Negated, SourcePosition Position = default)
    : Expression(Position);

/// <summary>A parenthesised SELECT used as a value: its first column of its first row, or NULL.</summary>
internal sealed record SubqueryExpression(SelectStatement Subquery, SourcePosition Position = default)
    : Expression(Position)
{
    /// <summary>Which column of the first row (0 unless the subquery stands for a row value, `(a, b) = (SELECT x, y ..)`).</summary>
    public int Column { get; init; }
}

/// <summary><c>(a, b, ..)</c>: a row value, usable only where SQLite allows one (comparisons, IN, BETWEEN, UPDATE SET).</summary>
internal sealed record RowValueExpression(SqlList<Expression> Values, SourcePosition Position = default) : Expression(Position);
