// An index over a table: which columns (by ordinal) form its key, whether it is
// unique, how its texts compare, and its root page. Indexes made for PRIMARY KEY and UNIQUE constraints
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
    long CatalogId)
{
    /// <summary>
    /// How each key column's texts compare: the index column's COLLATE, else the table column's. Keys are stored
    /// folded by it (<see cref="KeyValue"/>), so the index's order and uniqueness are the collation's.
    /// </summary>
    public required TextCollation[] Collations { get; init; }

    /// <summary>The value key column <paramref name="position"/> stores for <paramref name="value"/>.</summary>
    public DbValue KeyValue(int position, in DbValue value) => Collations[position].Key(value);
}
