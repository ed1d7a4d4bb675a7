// REINDEX: rebuild indexes from their tables' rows.
namespace SharpCoreDB.Sql.Ast;

/// <summary><c>REINDEX [name]</c>: every index, or those of a collation, a table, or one index.</summary>
internal sealed record ReindexStatement(QualifiedName? Target, SourcePosition Position = default) : Statement(Position);
