// EXPLAIN [QUERY PLAN] wraps any other statement.
namespace SharpCoreDB.Sql.Ast;

/// <summary><c>EXPLAIN [QUERY PLAN] statement</c>.</summary>
internal sealed record ExplainStatement(Statement Statement, bool QueryPlan, SourcePosition Position = default) : Statement(Position);
