// A call of a scalar or aggregate function. Which one it is, and whether the
// argument count fits, is decided by the planner against its function table.
namespace SharpCoreDB.Sql.Ast;

/// <summary><c>name(args)</c>, <c>name(DISTINCT arg)</c> or <c>name(*)</c>.</summary>
/// <param name="Name">The function name as written (compare case-insensitively).</param>
/// <param name="Arguments">The arguments; empty for <c>f()</c> and <c>f(*)</c>.</param>
/// <param name="Distinct">True for <c>f(DISTINCT x)</c>; <c>f(ALL x)</c> is the default, false.</param>
/// <param name="Star">True for <c>f(*)</c>, as in COUNT(*).</param>
internal sealed record FunctionCallExpression(string Name, SqlList<Expression> Arguments, bool Distinct, bool Star, SourcePosition Position = default)
    : Expression(Position)
{
    /// <summary><c>agg(x ORDER BY ..)</c>: the order in which an aggregate takes its rows (empty when not given).</summary>
    public SqlList<OrderingTerm> OrderBy { get; init; } = SqlList<OrderingTerm>.Empty;

    /// <summary><c>FILTER (WHERE condition)</c> of an aggregate, or null.</summary>
    public Expression? Filter { get; init; }

    /// <summary>The OVER clause that makes the call a window function, or null.</summary>
    public WindowDefinition? Over { get; init; }
}
