// A table as the engine uses it: columns, the rowid alias (INTEGER PRIMARY KEY),
// CHECK and FOREIGN KEY constraints, its indexes and its root page. Built from the CREATE TABLE
// statement by TableSchemaBuilder; immutable (a schema change builds a new one).
using SharpCoreDB.Sql.Printing;

namespace SharpCoreDB.Catalog;

/// <summary>A table and everything the catalog knows about it.</summary>
internal sealed class TableSchema
{
    private readonly Dictionary<string, int> _byName;

    public TableSchema(string name, IReadOnlyList<ColumnSchema> columns, int rowIdColumn, bool autoIncrement,
        IReadOnlyList<CheckConstraint> checks, CreateTableStatement definition, uint rootPage, long catalogId,
        IReadOnlyList<IndexSchema> indexes)
    {
        Name = name;
        Columns = columns;
        RowIdColumn = rowIdColumn;
        AutoIncrement = autoIncrement;
        Checks = checks;
        Definition = definition;
        RootPage = rootPage;
        CatalogId = catalogId;
        Indexes = indexes;
        _byName = new Dictionary<string, int>(StringComparer.OrdinalIgnoreCase);
        for (int i = 0; i < columns.Count; i++)
        {
            _byName.TryAdd(columns[i].Name, i);
        }
    }

    /// <summary>
    /// The column "ordinal" that stands for the rowid itself (rowid, oid, _rowid_ when no
    /// column has that name) in plans: below -1, which means "no such column".
    /// </summary>
    public const int RowIdOrdinal = -2;

    public string Name { get; }

    public IReadOnlyList<ColumnSchema> Columns { get; }

    /// <summary>The INTEGER PRIMARY KEY column that is the rowid, or -1.</summary>
    public int RowIdColumn { get; }

    public bool AutoIncrement { get; }

    public IReadOnlyList<CheckConstraint> Checks { get; }

    public CreateTableStatement Definition { get; }

    public string Sql => SqlText.Of(Definition);

    public uint RootPage { get; }

    public long CatalogId { get; }

    /// <summary>Every index on the table, constraint indexes first.</summary>
    public IReadOnlyList<IndexSchema> Indexes { get; }

    /// <summary>The generated columns, in the order their values are computed (GeneratedColumns.Order).</summary>
    public int[] GeneratedOrder { get; init; } = [];

    /// <summary>The table's FOREIGN KEY constraints (it is their child), in SQLite's id order.</summary>
    public IReadOnlyList<ForeignKeySchema> ForeignKeys { get; init; } = [];

    /// <summary>The row count ANALYZE last stored for the table (sqlite_stat1), or null when it has none.</summary>
    public long? AnalyzedRows { get; init; }

    /// <summary>True for the names SQLite gives every table's rowid: rowid, oid, _rowid_ (any case).</summary>
    public static bool IsRowIdName(string name) =>
        name.Equals("rowid", StringComparison.OrdinalIgnoreCase) || name.Equals("oid", StringComparison.OrdinalIgnoreCase)
        || name.Equals("_rowid_", StringComparison.OrdinalIgnoreCase);

    /// <summary>The ordinal of the column called <paramref name="name"/> (any case), or -1.</summary>
    public int FindColumn(string name) => _byName.TryGetValue(name, out int ordinal) ? ordinal : -1;

    public TableSchema WithIndexes(IReadOnlyList<IndexSchema> indexes) => WithIndexes(indexes, AnalyzedRows);

    /// <summary>The same table with <paramref name="indexes"/> and ANALYZE's row count <paramref name="analyzedRows"/>.</summary>
    public TableSchema WithIndexes(IReadOnlyList<IndexSchema> indexes, long? analyzedRows) =>
        new(Name, Columns, RowIdColumn, AutoIncrement, Checks, Definition, RootPage, CatalogId, indexes) { ForeignKeys = ForeignKeys, GeneratedOrder = GeneratedOrder, AnalyzedRows = analyzedRows };
}

/// <summary>A CHECK constraint: its name (if any) and condition.</summary>
internal sealed record CheckConstraint(string? Name, Expression Condition);
