// CREATE TABLE, either with column definitions and table constraints or
// `AS select` (columns then come from the query).
namespace SharpCoreDB.Sql.Ast;

/// <summary><c>CREATE [TEMP] TABLE [IF NOT EXISTS] name (columns, constraints)</c> or <c>.. AS select</c>.</summary>
internal sealed record CreateTableStatement(
    QualifiedName Name,
    bool IfNotExists,
    bool Temporary,
    SqlList<ColumnDefinition> Columns,
    SqlList<TableConstraint> Constraints,
    SelectStatement? AsSelect,
    SourcePosition Position = default) : Statement(Position);

/// <summary>One column of CREATE TABLE or ALTER TABLE ADD COLUMN.</summary>
/// <param name="Type">The declared type, or null when none was written (affinity None).</param>
internal sealed record ColumnDefinition(string Name, TypeName? Type, SqlList<ColumnConstraint> Constraints, SourcePosition Position = default)
    : SqlNode(Position);
