// Constraints written on a column: PRIMARY KEY [ASC|DESC] [AUTOINCREMENT],
// NOT NULL, NULL, UNIQUE, CHECK (expr), DEFAULT value, COLLATE name, REFERENCES. Each may be
// named with CONSTRAINT name.
namespace SharpCoreDB.Sql.Ast;

/// <summary>A constraint on one column.</summary>
internal abstract record ColumnConstraint(string? Name, SourcePosition Position) : SqlNode(Position);

/// <summary><c>PRIMARY KEY [ASC|DESC] [ON CONFLICT ..] [AUTOINCREMENT]</c>.</summary>
internal sealed record PrimaryKeyColumnConstraint(string? Name, SortDirection Direction, bool Autoincrement, ConflictResolution OnConflict, SourcePosition Position = default)
    : ColumnConstraint(Name, Position);

/// <summary><c>NOT NULL [ON CONFLICT ..]</c>.</summary>
internal sealed record NotNullColumnConstraint(string? Name, ConflictResolution OnConflict, SourcePosition Position = default)
    : ColumnConstraint(Name, Position);

/// <summary><c>NULL</c>: explicitly nullable (the default); kept so that the text round-trips.</summary>
internal sealed record NullColumnConstraint(string? Name, SourcePosition Position = default) : ColumnConstraint(Name, Position);

/// <summary><c>UNIQUE [ON CONFLICT ..]</c>.</summary>
internal sealed record UniqueColumnConstraint(string? Name, ConflictResolution OnConflict, SourcePosition Position = default)
    : ColumnConstraint(Name, Position);

/// <summary><c>CHECK (expr)</c>.</summary>
internal sealed record CheckColumnConstraint(string? Name, Expression Condition, SourcePosition Position = default)
    : ColumnConstraint(Name, Position);

/// <summary><c>DEFAULT value</c>: a literal, a signed number, a bare word (as text) or <c>(expr)</c>.</summary>
internal sealed record DefaultColumnConstraint(string? Name, Expression Value, SourcePosition Position = default)
    : ColumnConstraint(Name, Position);

/// <summary><c>COLLATE name</c>.</summary>
internal sealed record CollateColumnConstraint(string? Name, string Collation, SourcePosition Position = default)
    : ColumnConstraint(Name, Position);

/// <summary><c>REFERENCES parent [(column)] ..</c>: the column is the child key of a foreign key.</summary>
internal sealed record ForeignKeyColumnConstraint(string? Name, ForeignKeyClause References, SourcePosition Position = default)
    : ColumnConstraint(Name, Position);

/// <summary><c>[GENERATED ALWAYS] AS (expr) [STORED | VIRTUAL]</c>: a column computed from the others of its row.</summary>
/// <param name="Stored">STORED was written (VIRTUAL, the default, otherwise).</param>
internal sealed record GeneratedColumnConstraint(string? Name, Expression Expression, bool Stored, SourcePosition Position = default)
    : ColumnConstraint(Name, Position);
