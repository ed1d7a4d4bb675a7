// One body of a (compound) select: a SELECT core or a VALUES list.
namespace SharpCoreDB.Sql.Ast;

/// <summary>A SELECT core or VALUES list.</summary>
internal abstract record SelectBody(SourcePosition Position) : SqlNode(Position);

/// <summary><c>SELECT [DISTINCT|ALL] columns [FROM ..] [WHERE ..] [GROUP BY ..] [HAVING ..]</c>.</summary>
internal sealed record SelectCore(
    bool Distinct,
    SqlList<ResultColumn> Columns,
    TableSource? From,
    Expression? Where,
    SqlList<Expression> GroupBy,
    Expression? Having,
    SourcePosition Position = default) : SelectBody(Position)
{
    /// <summary>The WINDOW clause's named windows.</summary>
    public SqlList<NamedWindow> Windows { get; init; } = SqlList<NamedWindow>.Empty;
}

/// <summary><c>VALUES (..), (..)</c>: rows of literal expressions.</summary>
internal sealed record ValuesBody(SqlList<SqlList<Expression>> Rows, SourcePosition Position = default) : SelectBody(Position);
