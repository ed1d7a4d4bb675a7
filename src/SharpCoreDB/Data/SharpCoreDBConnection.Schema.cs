// GetSchema: the metadata collections MetaDataCollections, Tables, Columns, ForeignKeys,
// Indexes and Views, built from the engine's catalog as of the newest commit.
// Restrictions filter by table name (Tables, Columns, Indexes) and then by
// column or index name, in the order the MetaDataCollections table lists them.
using System.Data;
using SharpCoreDB.Engine;

namespace SharpCoreDB.Data;

public sealed partial class SharpCoreDBConnection
{
    /// <summary>The list of metadata collections.</summary>
    public override DataTable GetSchema() => GetSchema("MetaDataCollections");

    /// <inheritdoc />
    public override DataTable GetSchema(string collectionName) => GetSchema(collectionName, []);

    /// <inheritdoc />
    public override DataTable GetSchema(string collectionName, string?[] restrictionValues)
    {
        ArgumentNullException.ThrowIfNull(collectionName);
        restrictionValues ??= [];
        if (collectionName.Equals("MetaDataCollections", StringComparison.OrdinalIgnoreCase))
        {
            return MetaDataCollections();
        }

        CatalogSnapshot catalog = Session.Database.GetCatalog();
        string? first = restrictionValues.Length > 0 ? restrictionValues[0] : null;
        string? second = restrictionValues.Length > 1 ? restrictionValues[1] : null;
        return collectionName.ToUpperInvariant() switch
        {
            "TABLES" => Tables(catalog, first),
            "COLUMNS" => Columns(catalog, first, second),
            "INDEXES" => Indexes(catalog, first, second),
            "VIEWS" => Views(catalog, first),
            "FOREIGNKEYS" => ForeignKeys(catalog, first, second),
            _ => throw new ArgumentException(
                $"The metadata collection '{collectionName}' does not exist; see GetSchema(\"MetaDataCollections\").", nameof(collectionName)),
        };
    }

    private static DataTable MetaDataCollections()
    {
        var table = new DataTable("MetaDataCollections");
        table.Columns.Add("CollectionName", typeof(string));
        table.Columns.Add("NumberOfRestrictions", typeof(int));
        table.Columns.Add("NumberOfIdentifierParts", typeof(int));
        table.Rows.Add("MetaDataCollections", 0, 0);
        table.Rows.Add("Tables", 1, 1);
        table.Rows.Add("Columns", 2, 2);
        table.Rows.Add("Indexes", 2, 2);
        table.Rows.Add("Views", 1, 1);
        table.Rows.Add("ForeignKeys", 2, 2);
        return table;
    }

    // One row per column pair of each FOREIGN KEY (restrictions: the child table, the constraint's name).
    private static DataTable ForeignKeys(CatalogSnapshot catalog, string? tableName, string? constraintName)
    {
        var table = new DataTable("ForeignKeys");
        table.Columns.Add("TABLE_CATALOG", typeof(string));
        table.Columns.Add("TABLE_NAME", typeof(string));
        table.Columns.Add("CONSTRAINT_NAME", typeof(string));
        table.Columns.Add("FKEY_ID", typeof(int));
        table.Columns.Add("FKEY_FROM_ORDINAL_POSITION", typeof(int));
        table.Columns.Add("FKEY_FROM_COLUMN", typeof(string));
        table.Columns.Add("FKEY_TO_TABLE", typeof(string));
        table.Columns.Add("FKEY_TO_COLUMN", typeof(string));
        table.Columns.Add("FKEY_ON_UPDATE", typeof(string));
        table.Columns.Add("FKEY_ON_DELETE", typeof(string));
        table.Columns.Add("INITIALLY_DEFERRED", typeof(bool));
        foreach (ForeignKeyInfo key in catalog.ForeignKeys)
        {
            if (Matches(key.Table, tableName) && Matches(key.ConstraintName, constraintName))
            {
                table.Rows.Add("main", key.Table, key.ConstraintName, key.Id, key.Sequence, key.From, key.ParentTable, (object?)key.To ?? DBNull.Value,
                    key.OnUpdate, key.OnDelete, key.InitiallyDeferred);
            }
        }

        return table;
    }

    private static DataTable Tables(CatalogSnapshot catalog, string? tableName)
    {
        var table = new DataTable("Tables");
        table.Columns.Add("TABLE_CATALOG", typeof(string));
        table.Columns.Add("TABLE_NAME", typeof(string));
        table.Columns.Add("TABLE_TYPE", typeof(string));
        table.Columns.Add("SQL", typeof(string));
        foreach (TableInfo info in catalog.Tables)
        {
            if (Matches(info.Name, tableName))
            {
                table.Rows.Add("main", info.Name, "table", info.Sql);
            }
        }

        foreach (ViewInfo view in catalog.Views)
        {
            if (Matches(view.Name, tableName))
            {
                table.Rows.Add("main", view.Name, "view", view.Sql);
            }
        }

        return table;
    }

    private static DataTable Columns(CatalogSnapshot catalog, string? tableName, string? columnName)
    {
        var table = new DataTable("Columns");
        table.Columns.Add("TABLE_CATALOG", typeof(string));
        table.Columns.Add("TABLE_NAME", typeof(string));
        table.Columns.Add("COLUMN_NAME", typeof(string));
        table.Columns.Add("ORDINAL_POSITION", typeof(int));
        table.Columns.Add("DATA_TYPE", typeof(string));
        table.Columns.Add("DATA_TYPE_NET", typeof(Type));
        table.Columns.Add("IS_NULLABLE", typeof(bool));
        table.Columns.Add("COLUMN_DEFAULT", typeof(string));
        table.Columns.Add("PRIMARY_KEY", typeof(bool));
        table.Columns.Add("AUTOINCREMENT", typeof(bool));
        table.Columns.Add("UNIQUE", typeof(bool));
        foreach (TableInfo info in catalog.Tables)
        {
            if (!Matches(info.Name, tableName))
            {
                continue;
            }

            foreach (ColumnInfo column in info.Columns)
            {
                if (Matches(column.Name, columnName))
                {
                    table.Rows.Add("main", info.Name, column.Name, column.Ordinal, column.DeclaredType ?? "",
                        ColumnTypes.FieldType(column.DeclaredType, column.Affinity) ?? typeof(object), !column.NotNull && !column.IsPrimaryKey,
                        (object?)column.DefaultSql ?? DBNull.Value, column.IsPrimaryKey, column.IsAutoIncrement, column.IsUnique);
                }
            }
        }

        return table;
    }

    private static DataTable Indexes(CatalogSnapshot catalog, string? tableName, string? indexName)
    {
        var table = new DataTable("Indexes");
        table.Columns.Add("TABLE_CATALOG", typeof(string));
        table.Columns.Add("TABLE_NAME", typeof(string));
        table.Columns.Add("INDEX_NAME", typeof(string));
        table.Columns.Add("IS_UNIQUE", typeof(bool));
        table.Columns.Add("COLUMNS", typeof(string));
        table.Columns.Add("SQL", typeof(string));
        foreach (IndexInfo index in catalog.Indexes)
        {
            if (Matches(index.Table, tableName) && Matches(index.Name, indexName))
            {
                table.Rows.Add("main", index.Table, index.Name, index.IsUnique, string.Join(", ", index.Columns), (object?)index.Sql ?? DBNull.Value);
            }
        }

        return table;
    }

    private static DataTable Views(CatalogSnapshot catalog, string? viewName)
    {
        var table = new DataTable("Views");
        table.Columns.Add("TABLE_CATALOG", typeof(string));
        table.Columns.Add("TABLE_NAME", typeof(string));
        table.Columns.Add("SQL", typeof(string));
        foreach (ViewInfo view in catalog.Views)
        {
            if (Matches(view.Name, viewName))
            {
                table.Rows.Add("main", view.Name, view.Sql);
            }
        }

        return table;
    }

    private static bool Matches(string name, string? restriction) =>
        restriction is null || string.Equals(name, restriction, StringComparison.OrdinalIgnoreCase);
}
