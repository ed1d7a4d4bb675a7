// The items of a SELECT list (and of RETURNING): `*`, `t.*`, or an expression
// with an optional alias.
namespace SharpCoreDB.Sql.Ast;

/// <summary>One item of a result list.</summary>
internal abstract record ResultColumn(SourcePosition Position) : SqlNode(Position);

/// <summary><c>*</c> (Table null) or <c>t.*</c>.</summary>
internal sealed record AllColumns(string? Table, SourcePosition Position = default) : ResultColumn(Position);

/// <summary><c>expr [AS alias]</c>.</summary>
internal sealed record ExpressionColumn(Expression Expression, string? Alias, SourcePosition Position = default) : ResultColumn(Position);
