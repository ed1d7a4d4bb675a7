// The database's schema as the page shows it and as the server checks names
// against: tables with their columns, indexes and triggers, and views with the
// columns their query returns. Read through the public API only: GetSchema's Tables,
// Columns and Indexes collections, sqlite_schema for triggers (GetSchema has no
// collection for them), and a schema-only reader for a view's columns.
// Identifiers cannot be parameters, so every table or column name the page sends is
// looked up here and only the catalog's own spelling, quoted, goes into SQL.
using System.Data;
using System.Text.Json.Serialization;
using SharpCoreDB.Data;

namespace SharpCoreDB.Studio.Data;

internal sealed record SchemaColumn(string Name, string Type, bool NotNull, bool PrimaryKey, bool Unique, string? Default, bool Indexed)
{
    /// <summary>The .NET type values of the column read as; the grid's edits are converted to it.</summary>
    [JsonIgnore]
    public Type ClrType { get; init; } = typeof(object);
}

internal sealed record SchemaIndex(string Name, string Table, bool Unique, string Columns, string? Sql);

internal sealed record SchemaTrigger(string Name, string Table, string? Sql);

/// <summary>A table or view. <see cref="RowId"/> is the name that reaches the rowid (null for views).</summary>
internal sealed record SchemaRelation(string Name, string Kind, string? Sql, IReadOnlyList<SchemaColumn> Columns, string? RowId)
{
    public bool IsTable => Kind == "table";

    /// <summary>The column named <paramref name="name"/> (as SQL compares names: ignoring ASCII case), or null.</summary>
    public SchemaColumn? FindColumn(string name) =>
        Columns.FirstOrDefault(c => string.Equals(c.Name, name, StringComparison.OrdinalIgnoreCase));
}

internal sealed record DatabaseSchema(
    IReadOnlyList<SchemaRelation> Tables,
    IReadOnlyList<SchemaRelation> Views,
    IReadOnlyList<SchemaIndex> Indexes,
    IReadOnlyList<SchemaTrigger> Triggers)
{
    /// <summary>The table or view named <paramref name="name"/>, or null.</summary>
    public SchemaRelation? Find(string name) =>
        Tables.Concat(Views).FirstOrDefault(r => string.Equals(r.Name, name, StringComparison.OrdinalIgnoreCase));

    /// <summary>An identifier as SQL text: in double quotes, inner quotes doubled.</summary>
    public static string Quote(string identifier) => "\"" + identifier.Replace("\"", "\"\"", StringComparison.Ordinal) + "\"";

    public static DatabaseSchema Read(SharpCoreDBConnection connection) => Read(connection, only: null);

    /// <summary>
    /// The table or view named <paramref name="name"/> alone (what a page or an edit needs: the catalog's
    /// collections restricted to it, and no other view's columns read); an unknown name is the page's mistake.
    /// </summary>
    public static SchemaRelation ReadRelation(SharpCoreDBConnection connection, string name) =>
        Read(connection, only: name).Find(name) ?? throw new ArgumentException($"no such table or view: {name}");

    private static DatabaseSchema Read(SharpCoreDBConnection connection, string? only)
    {
        string?[] restriction = [only];
        var indexes = new List<SchemaIndex>();
        foreach (DataRow row in connection.GetSchema("Indexes", restriction).Rows)
        {
            indexes.Add(new SchemaIndex((string)row["INDEX_NAME"], (string)row["TABLE_NAME"], (bool)row["IS_UNIQUE"],
                (string)row["COLUMNS"], row["SQL"] as string));
        }

        var columnsByTable = new Dictionary<string, List<SchemaColumn>>(StringComparer.OrdinalIgnoreCase);
        foreach (DataRow row in connection.GetSchema("Columns", restriction).Rows)
        {
            string table = (string)row["TABLE_NAME"];
            string name = (string)row["COLUMN_NAME"];
            bool primaryKey = (bool)row["PRIMARY_KEY"];
            bool indexed = primaryKey || indexes.Any(i => string.Equals(i.Table, table, StringComparison.OrdinalIgnoreCase)
                && string.Equals(FirstColumn(i.Columns), name, StringComparison.OrdinalIgnoreCase));
            var column = new SchemaColumn(name, (string)row["DATA_TYPE"], !(bool)row["IS_NULLABLE"], primaryKey, (bool)row["UNIQUE"],
                row["COLUMN_DEFAULT"] as string, indexed)
            { ClrType = row["DATA_TYPE_NET"] as Type ?? typeof(object) };
            if (!columnsByTable.TryGetValue(table, out List<SchemaColumn>? list))
            {
                columnsByTable[table] = list = [];
            }

            list.Add(column);
        }

        var tables = new List<SchemaRelation>();
        var views = new List<SchemaRelation>();
        foreach (DataRow row in connection.GetSchema("Tables", restriction).Rows)
        {
            string name = (string)row["TABLE_NAME"];
            string? sql = row["SQL"] as string;
            if ((string)row["TABLE_TYPE"] == "view")
            {
                views.Add(new SchemaRelation(name, "view", sql, ViewColumns(connection, name), RowId: null));
            }
            else
            {
                List<SchemaColumn> columns = columnsByTable.GetValueOrDefault(name) ?? [];
                tables.Add(new SchemaRelation(name, "table", sql, columns, RowIdName(columns)));
            }
        }

        tables.Sort((a, b) => StringComparer.OrdinalIgnoreCase.Compare(a.Name, b.Name));
        views.Sort((a, b) => StringComparer.OrdinalIgnoreCase.Compare(a.Name, b.Name));
        return new DatabaseSchema(tables, views, indexes.OrderBy(i => i.Name, StringComparer.OrdinalIgnoreCase).ToList(),
            only is null ? ReadTriggers(connection) : []);
    }

    private static string FirstColumn(string columns)
    {
        int comma = columns.IndexOf(',', StringComparison.Ordinal);
        return (comma < 0 ? columns : columns[..comma]).Trim();
    }

    // A table's rowid is reached as rowid, _rowid_ or oid, unless a column has taken that name.
    private static string? RowIdName(IReadOnlyList<SchemaColumn> columns) =>
        new[] { "rowid", "_rowid_", "oid" }.FirstOrDefault(alias =>
            !columns.Any(c => string.Equals(c.Name, alias, StringComparison.OrdinalIgnoreCase)));

    private static List<SchemaColumn> ViewColumns(SharpCoreDBConnection connection, string view)
    {
        var columns = new List<SchemaColumn>();
        try
        {
            using SharpCoreDBCommand command = connection.CreateCommand();
            command.CommandText = "SELECT * FROM " + Quote(view);
            using SharpCoreDBDataReader reader = command.ExecuteReader(CommandBehavior.SchemaOnly);
            for (int i = 0; i < reader.FieldCount; i++)
            {
                var column = new SchemaColumn(reader.GetName(i), reader.GetDataTypeName(i), NotNull: false, PrimaryKey: false,
                    Unique: false, Default: null, Indexed: false);
                columns.Add(column with { ClrType = reader.GetFieldType(i) });
            }
        }
        catch (SharpCoreDBException)
        {
            // A view over a table dropped since still lists, without columns; selecting from it shows the error.
        }

        return columns;
    }

    private static List<SchemaTrigger> ReadTriggers(SharpCoreDBConnection connection)
    {
        var triggers = new List<SchemaTrigger>();
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = "SELECT name, tbl_name, sql FROM sqlite_schema WHERE type = 'trigger' ORDER BY name";
        using SharpCoreDBDataReader reader = command.ExecuteReader();
        while (reader.Read())
        {
            triggers.Add(new SchemaTrigger(reader.GetString(0), reader.GetString(1), reader.IsDBNull(2) ? null : reader.GetString(2)));
        }

        return triggers;
    }
}
