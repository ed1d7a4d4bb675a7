// DROP TABLE / INDEX / VIEW / TRIGGER [IF EXISTS] name.
namespace SharpCoreDB.Sql.Ast;

/// <summary><c>DROP TABLE [IF EXISTS] name</c>.</summary>
internal sealed record DropTableStatement(QualifiedName Name, bool IfExists, SourcePosition Position = default) : Statement(Position);

/// <summary><c>DROP INDEX [IF EXISTS] name</c>.</summary>
internal sealed record DropIndexStatement(QualifiedName Name, bool IfExists, SourcePosition Position = default) : Statement(Position);

/// <summary><c>DROP VIEW [IF EXISTS] name</c>.</summary>
internal sealed record DropViewStatement(QualifiedName Name, bool IfExists, SourcePosition Position = default) : Statement(Position);

/// <summary><c>DROP TRIGGER [IF EXISTS] name</c>.</summary>
internal sealed record DropTriggerStatement(QualifiedName Name, bool IfExists, SourcePosition Position = default) : Statement(Position);
