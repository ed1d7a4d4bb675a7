// sqlite_schema (alias sqlite_master): the schema as SQLite shows it, one row per
// table, index, view and trigger with columns type, name, tbl_name, rootpage, sql, in the
// order they were created. Tools and ORMs read it to find out what exists (EF Core's
// migrations ask it whether their history table is there). It is built from the
// catalog the statement is compiled against, as a VALUES query, so it reads like
// any table (WHERE, joins, subqueries) and is read-only: INSERT, UPDATE and DELETE
// name tables only. Indexes made for PRIMARY KEY and UNIQUE constraints have no SQL
// of their own (NULL), as in SQLite; names beginning with "sqlite_" are reserved.
using SharpCoreDB.Catalog;
using SharpCoreDB.Sql;
using SharpCoreDB.Sql.Printing;

namespace SharpCoreDB.Planning;

/// <summary>The sqlite_schema table, read from the catalog.</summary>
internal static class SchemaTable
{
    /// <summary>Its columns, as SQLite names them.</summary>
    public static readonly string[] ColumnNames = ["type", "name", "tbl_name", "rootpage", "sql"];

    /// <summary>True for the names SQLite gives the table: sqlite_schema, sqlite_master (any case).</summary>
    public static bool Is(string name) =>
        name.Equals("sqlite_schema", StringComparison.OrdinalIgnoreCase) || name.Equals("sqlite_master", StringComparison.OrdinalIgnoreCase);

    /// <summary>The rows of <paramref name="catalog"/> as a query.</summary>
    public static SelectStatement Query(SchemaCatalog catalog)
    {
        var rows = new List<(long Id, string Row)>();
        foreach (TableSchema table in catalog.Tables)
        {
            rows.Add((table.CatalogId, Row("table", table.Name, table.Name, table.RootPage, table.Sql)));
            foreach (IndexSchema index in table.Indexes)
            {
                rows.Add((index.CatalogId, Row("index", index.Name, table.Name, index.RootPage, index.Sql)));
            }
        }

        foreach (ViewSchema view in catalog.Views)
        {
            rows.Add((view.CatalogId, Row("view", view.Name, view.Name, 0, view.Sql)));
        }

        foreach (TriggerSchema trigger in catalog.Triggers)
        {
            rows.Add((trigger.CatalogId, Row("trigger", trigger.Name, trigger.Table, 0, trigger.Sql)));
        }

        string columns = string.Join(", ", ColumnNames.Select((name, i) => $"column{i + 1} AS {name}"));
        string values = rows.Count == 0
            ? "(SELECT NULL AS column1, NULL AS column2, NULL AS column3, NULL AS column4, NULL AS column5 WHERE 0)"
            : "(VALUES " + string.Join(", ", rows.OrderBy(r => r.Id).Select(r => r.Row)) + ")";
        return (SelectStatement)SqlParser.ParseStatement($"SELECT {columns} FROM {values}");
    }

    private static string Row(string type, string name, string table, uint rootPage, string? sql) =>
        $"({SqlText.Quote(type)}, {SqlText.Quote(name)}, {SqlText.Quote(table)}, {rootPage}, {(sql is null ? "NULL" : SqlText.Quote(sql))})";
}
