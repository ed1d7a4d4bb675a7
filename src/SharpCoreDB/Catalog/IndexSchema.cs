// An index over a table: what forms its key (column ordinals, or expressions over
// the row), whether it is unique, which rows it holds (a partial index only those
// its WHERE is true for), how its texts compare, and its root page. Indexes made for
// PRIMARY KEY and UNIQUE constraints have no SQL of their own (they are recreated
// from the table's definition).
namespace SharpCoreDB.Catalog;

/// <summary>A B+tree index of (key values, rowid).</summary>
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
    /// <summary>The entry of <see cref="Columns"/> for a key that is an expression (<see cref="KeyExpressions"/>), not a column.</summary>
    public const int ExpressionColumn = -3;

    /// <summary>
    /// How each key column's texts compare: the index column's COLLATE, else the table column's. Keys are stored
    /// folded by a built-in one (<see cref="KeyValue"/>), so the index's order and uniqueness are the collation's; an
    /// application collation (held by name, TextCollation.Unregistered) cannot fold, and its index is ordered by the
    /// connection's comparison instead (<see cref="HasApplicationCollation"/>, Execution/IndexKeyOrders).
    /// </summary>
    public required TextCollation[] Collations { get; init; }

    /// <summary>True when a key column is under an application collation: the index's B+tree is in a collated order.</summary>
    public bool HasApplicationCollation => Collations.Any(c => !c.IsBuiltIn);

    /// <summary>Per key position, its expression where <see cref="Columns"/> holds <see cref="ExpressionColumn"/>; empty when every key is a column.</summary>
    public Expression?[] KeyExpressions { get; init; } = [];

    /// <summary>Per key position, the <see cref="IndexKeyText"/> of its expression (null for a column); empty like <see cref="KeyExpressions"/>.</summary>
    public string?[] KeyTexts { get; init; } = [];

    /// <summary>Per key position, the affinity its values carry: the column's, or the expression's (SQLite's rules; mostly none).</summary>
    public required SqlTypeAffinity[] KeyAffinities { get; init; }

    /// <summary>A partial index's WHERE: only rows it is true for have entries. Null for a full index.</summary>
    public Expression? Where { get; init; }

    /// <summary>
    /// What ANALYZE last stored for the index (sqlite_stat1): its entry count, then for each key prefix of 1, 2, ..
    /// columns the average number of entries sharing a value of it; null when it has none.
    /// </summary>
    public long[]? Statistics { get; init; }

    public bool IsPartial => Where is not null;

    public bool HasExpressions => KeyExpressions.Length > 0;

    /// <summary>Every row has an entry whose key is column values: what counting, foreign key and full-scan uses need.</summary>
    public bool IsPlain => Where is null && KeyExpressions.Length == 0;

    /// <summary>The value key column <paramref name="position"/> stores for <paramref name="value"/>.</summary>
    public DbValue KeyValue(int position, in DbValue value) => Collations[position].Key(value);

    /// <summary>What EXPLAIN and messages call key position <paramref name="position"/>: the column's name, or "&lt;expr&gt;" as SQLite shows it.</summary>
    public string KeyName(TableSchema table, int position) =>
        Columns[position] == ExpressionColumn ? "<expr>" : Columns[position] == TableSchema.RowIdOrdinal ? "rowid" : table.Columns[Columns[position]].Name;
}
