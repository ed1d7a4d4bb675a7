// ALTER TABLE variants: RENAME TO, RENAME [COLUMN] a TO b, ADD [COLUMN] def,
// DROP [COLUMN] name.
namespace SharpCoreDB.Sql.Ast;

/// <summary>An ALTER TABLE statement; the derived records say what changes.</summary>
internal abstract record AlterTableStatement(QualifiedName Table, SourcePosition Position) : Statement(Position);

/// <summary><c>ALTER TABLE t RENAME TO newName</c>.</summary>
internal sealed record RenameTableStatement(QualifiedName Table, string NewName, SourcePosition Position = default)
    : AlterTableStatement(Table, Position);

/// <summary><c>ALTER TABLE t RENAME [COLUMN] oldName TO newName</c>.</summary>
internal sealed record RenameColumnStatement(QualifiedName Table, string OldName, string NewName, SourcePosition Position = default)
    : AlterTableStatement(Table, Position);

/// <summary><c>ALTER TABLE t ADD [COLUMN] definition</c>.</summary>
internal sealed record AddColumnStatement(QualifiedName Table, ColumnDefinition Column, SourcePosition Position = default)
    : AlterTableStatement(Table, Position);

/// <summary><c>ALTER TABLE t DROP [COLUMN] name</c>.</summary>
internal sealed record DropColumnStatement(QualifiedName Table, string Column, SourcePosition Position = default)
    : AlterTableStatement(Table, Position);
