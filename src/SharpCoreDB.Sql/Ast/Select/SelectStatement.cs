// A query: one or more SELECT (or VALUES) bodies joined by compound operators,
// with ORDER BY and LIMIT applying to the whole compound, as in SQLite.
namespace SharpCoreDB.Sql.Ast;

/// <summary>A SELECT statement, also used as a subquery.</summary>
/// <param name="First">The first body.</param>
/// <param name="Compounds">Each further body with the operator that joins it, left to right.</param>
/// <param name="OrderBy">ORDER BY terms; an integer literal term is a 1-based result column position.</param>
/// <param name="Limit">LIMIT/OFFSET, or null.</param>
internal sealed record SelectStatement(SelectBody First, SqlList<CompoundPart> Compounds, SqlList<OrderingTerm> OrderBy, LimitClause? Limit, SourcePosition Position = default)
    : Statement(Position)
{
    /// <summary>The WITH clause in front of it, or null.</summary>
    public WithClause? With { get; init; }
}

/// <summary><c>UNION [ALL] | INTERSECT | EXCEPT body</c>.</summary>
internal sealed record CompoundPart(CompoundOperator Operator, SelectBody Body, SourcePosition Position = default) : SqlNode(Position);

/// <summary>The compound-select operators.</summary>
internal enum CompoundOperator
{
    /// <summary>UNION: distinct rows of both.</summary>
    Union,

    /// <summary>UNION ALL: all rows of both.</summary>
    UnionAll,

    /// <summary>INTERSECT: distinct rows in both.</summary>
    Intersect,

    /// <summary>EXCEPT: distinct rows of the left not in the right.</summary>
    Except,
}

/// <summary><c>LIMIT limit [OFFSET offset]</c> (<c>LIMIT offset, limit</c> is normalised to this).</summary>
internal sealed record LimitClause(Expression Limit, Expression? Offset, SourcePosition Position = default) : SqlNode(Position);
