// Constraints written after the columns of CREATE TABLE: PRIMARY KEY (..),
// UNIQUE (..), CHECK (..), FOREIGN KEY (..) REFERENCES ...
namespace SharpCoreDB.Sql.Ast;

/// <summary>A constraint over one or more columns of a table.</summary>
internal abstract record TableConstraint(string? Name, SourcePosition Position) : SqlNode(Position);

/// <summary><c>PRIMARY KEY (columns) [ON CONFLICT ..]</c>.</summary>
internal sealed record PrimaryKeyTableConstraint(string? Name, SqlList<IndexedColumn> Columns, ConflictResolution OnConflict, SourcePosition Position = default)
    : TableConstraint(Name, Position);

/// <summary><c>UNIQUE (columns) [ON CONFLICT ..]</c>.</summary>
internal sealed record UniqueTableConstraint(string? Name, SqlList<IndexedColumn> Columns, ConflictResolution OnConflict, SourcePosition Position = default)
    : TableConstraint(Name, Position);

/// <summary><c>CHECK (expr)</c>.</summary>
internal sealed record CheckTableConstraint(string? Name, Expression Condition, SourcePosition Position = default)
    : TableConstraint(Name, Position);

/// <summary><c>FOREIGN KEY (columns) REFERENCES ..</c>.</summary>
internal sealed record ForeignKeyTableConstraint(string? Name, SqlList<string> Columns, ForeignKeyClause References, SourcePosition Position = default)
    : TableConstraint(Name, Position);

/// <summary>
/// A column of an index or key: <c>name [COLLATE c] [ASC|DESC]</c>, or in CREATE INDEX and an UPSERT target an
/// expression (<see cref="Expression"/> set, <see cref="Name"/> its SQL text, for messages).
/// </summary>
internal sealed record IndexedColumn(string Name, string? Collation, SortDirection Direction, SourcePosition Position = default) : SqlNode(Position)
{
    /// <summary>The key's expression when it is not a plain column; null for a column.</summary>
    public Expression? Expression { get; init; }
}
