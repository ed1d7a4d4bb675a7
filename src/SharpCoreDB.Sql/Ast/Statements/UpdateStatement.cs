// UPDATE with its SET list and optional WHERE and RETURNING.
namespace SharpCoreDB.Sql.Ast;

/// <summary><c>UPDATE [OR conflict] table [AS alias] SET col = expr, .. [WHERE ..] [RETURNING ..]</c>.</summary>
internal sealed record UpdateStatement(
    ConflictResolution OnConflict,
    QualifiedName Table,
    string? Alias,
    SqlList<Assignment> Assignments,
    Expression? Where,
    SqlList<ResultColumn> Returning,
    SourcePosition Position = default) : Statement(Position)
{
    /// <summary>The WITH clause in front of it, or null.</summary>
    public WithClause? With { get; init; }

    /// <summary><c>INDEXED BY name</c> or <c>NOT INDEXED</c> on the target table, or null.</summary>
    public IndexHint? IndexHint { get; init; }
}

/// <summary><c>column = value</c> in an UPDATE.</summary>
internal sealed record Assignment(string Column, Expression Value, SourcePosition Position = default) : SqlNode(Position);
