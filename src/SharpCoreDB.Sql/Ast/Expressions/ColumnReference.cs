// A name in an expression: a column, optionally qualified by table (and schema).
// Whether it resolves, and to which source, is the planner's business.
namespace SharpCoreDB.Sql.Ast;

/// <summary>A column reference: <c>col</c>, <c>t.col</c> or <c>schema.t.col</c>.</summary>
internal sealed record ColumnReference(string? Schema, string? Table, string Column, SourcePosition Position = default)
    : Expression(Position)
{
    /// <summary>An unqualified or table-qualified column reference.</summary>
    public ColumnReference(string? table, string column, SourcePosition position = default)
        : this(null, table, column, position)
    {
    }
}
