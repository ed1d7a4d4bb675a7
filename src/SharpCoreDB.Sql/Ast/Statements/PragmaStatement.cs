// PRAGMA name, PRAGMA name = value, PRAGMA name(value). A bare word value
// (PRAGMA journal_mode = WAL, PRAGMA foreign_keys = ON) becomes a StringLiteral.
namespace SharpCoreDB.Sql.Ast;

/// <summary>A PRAGMA; Value is null for the query form.</summary>
internal sealed record PragmaStatement(QualifiedName Name, Expression? Value, SourcePosition Position = default) : Statement(Position);
