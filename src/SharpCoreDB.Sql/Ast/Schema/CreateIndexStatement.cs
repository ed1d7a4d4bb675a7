// CREATE [UNIQUE] INDEX on named columns, with an optional partial-index WHERE.
namespace SharpCoreDB.Sql.Ast;

/// <summary><c>CREATE [UNIQUE] INDEX [IF NOT EXISTS] name ON table (columns) [WHERE ..]</c>.</summary>
internal sealed record CreateIndexStatement(
    QualifiedName Name,
    string Table,
    bool Unique,
    bool IfNotExists,
    SqlList<IndexedColumn> Columns,
    Expression? Where,
    SourcePosition Position = default) : Statement(Position);
