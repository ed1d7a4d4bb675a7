// The base of every scalar expression node. The planner pattern-matches on the
// sealed records derived from it.
namespace SharpCoreDB.Sql.Ast;

/// <summary>A scalar SQL expression.</summary>
internal abstract record Expression(SourcePosition Position) : SqlNode(Position);
