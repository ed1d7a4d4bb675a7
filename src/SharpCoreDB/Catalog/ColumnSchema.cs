// One column of a table as the engine uses it: name, declared type, affinity and
// the constraints that bind single columns (NOT NULL, DEFAULT, PRIMARY KEY), and
// its collation.

namespace SharpCoreDB.Catalog;

/// <summary>A table column.</summary>
internal sealed record ColumnSchema(
    string Name,
    int Ordinal,
    string? DeclaredType,
    SqlTypeAffinity Affinity,
    bool NotNull,
    bool IsPrimaryKey,
    bool IsAutoIncrement,
    bool IsUnique,
    Expression? Default,
    string? Collation)
{
    /// <summary>A generated column's expression (over the other columns of its row), or null.</summary>
    public Expression? Generated { get; init; }

    /// <summary>
    /// How the column's texts compare (its COLLATE, BINARY when it has none); an application collation only by name
    /// (TextCollation.Unregistered), which a statement resolves against its connection's registrations.
    /// </summary>
    public TextCollation Collating { get; } = TextCollation.Find(Collation) ?? TextCollation.Unregistered(Collation!);
}
