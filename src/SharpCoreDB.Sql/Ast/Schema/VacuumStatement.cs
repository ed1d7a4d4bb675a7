// VACUUM: the database rewritten compactly, in place or (INTO) as a new file.
namespace SharpCoreDB.Sql.Ast;

/// <summary><c>VACUUM [schema] [INTO file]</c>; <see cref="Into"/> is an expression giving the new file's name.</summary>
internal sealed record VacuumStatement(string? Schema, Expression? Into, SourcePosition Position = default) : Statement(Position);
