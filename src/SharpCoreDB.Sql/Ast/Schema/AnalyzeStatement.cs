// ANALYZE: statistics about tables and indexes, gathered for the planner.
namespace SharpCoreDB.Sql.Ast;

/// <summary><c>ANALYZE [name]</c>: every table, or a schema's, a table's, or one index's statistics.</summary>
internal sealed record AnalyzeStatement(QualifiedName? Target, SourcePosition Position = default) : Statement(Position);
