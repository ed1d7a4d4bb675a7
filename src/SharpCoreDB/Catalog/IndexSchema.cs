// An index over a table: which columns (by ordinal) form its key, whether it is
// unique, and its root page. Indexes made for PRIMARY KEY and UNIQUE constraints
// have no SQL of their own (they are recreated from the table's definition).
namespace SharpCoreDB.Catalog;

/// <summary>A B+tree index of (key columns, rowid).</summary>
internal sealed record IndexSchema(
    string Name,
    string TableName,
    int[] Columns,
    bool IsUnique,
    bool IsPrimaryKey,
    uint RootPage,
    string? Sql,
    long CatalogId);
