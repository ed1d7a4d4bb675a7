// The base of every statement node: what one `;`-separated piece of a script is.
namespace SharpCoreDB.Sql.Ast;

/// <summary>One SQL statement.</summary>
internal abstract record Statement(SourcePosition Position) : SqlNode(Position);
