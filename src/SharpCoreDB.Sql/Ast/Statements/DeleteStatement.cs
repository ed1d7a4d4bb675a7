// DELETE with optional WHERE and RETURNING.
namespace SharpCoreDB.Sql.Ast;

/// <summary><c>DELETE FROM table [AS alias] [WHERE ..] [RETURNING ..]</c>.</summary>
internal sealed record DeleteStatement(QualifiedName Table, string? Alias, Expression? Where, SqlList<ResultColumn> Returning, SourcePosition Position = default)
    : Statement(Position)
{
    /// <summary>The WITH clause in front of it, or null.</summary>
    public WithClause? With { get; init; }

    /// <summary><c>INDEXED BY name</c> or <c>NOT INDEXED</c> on the target table, or null.</summary>
    public IndexHint? IndexHint { get; init; }
}
