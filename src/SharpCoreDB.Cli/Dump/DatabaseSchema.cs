// The objects of a database as sqlite_schema lists them (type, name, table and
// the CREATE text as written), in the order a script must recreate them: tables
// first, then indexes, views and triggers, each kind in the catalog's order. The
// engine's own objects (sqlite_ names) and indexes without SQL (those a UNIQUE or
// PRIMARY KEY constraint makes) are left out: their CREATE TABLE recreates them.
using SharpCoreDB.Data;

namespace SharpCoreDB.Cli.Dump;

/// <summary>One row of sqlite_schema.</summary>
internal sealed record SchemaObject(string Type, string Name, string Table, string Sql);

/// <summary>Reads a database's schema through its connection.</summary>
internal static class DatabaseSchema
{
    private static readonly string[] Order = ["table", "index", "view", "trigger"];

    public static List<SchemaObject> Read(SharpCoreDBConnection connection, SharpCoreDBTransaction? transaction = null)
    {
        var objects = new List<SchemaObject>();
        using (SharpCoreDBCommand command = connection.CreateCommand())
        {
            command.Transaction = transaction;
            command.CommandText = "SELECT type, name, tbl_name, sql FROM sqlite_schema";
            using SharpCoreDBDataReader reader = command.ExecuteReader();
            while (reader.Read())
            {
                string name = reader.GetString(1);
                if (reader.IsDBNull(3) || name.StartsWith("sqlite_", StringComparison.OrdinalIgnoreCase))
                {
                    continue;
                }

                objects.Add(new SchemaObject(reader.GetString(0).ToLowerInvariant(), name, reader.GetString(2), reader.GetString(3)));
            }
        }

        // A stable sort by kind keeps the catalog's order within each kind.
        return [.. objects.OrderBy(o => Array.IndexOf(Order, o.Type) is int i && i >= 0 ? i : Order.Length)];
    }

    /// <summary>
    /// The names of a table's stored columns, in order (PRAGMA table_info leaves generated columns out, as SQLite's
    /// does, and an INSERT may not name them), and the INSERT that loads them: "INSERT INTO t VALUES(" as sqlite3
    /// writes it, or "INSERT INTO t(a,b) VALUES(" when the table has generated columns.
    /// </summary>
    public static (List<string> Columns, string InsertPrefix) StoredColumns(SharpCoreDBConnection connection, string table)
    {
        string name = Output.SqlLiteral.Identifier(table);
        var columns = new List<string>();
        using (SharpCoreDBCommand info = connection.CreateCommand())
        {
            info.CommandText = "PRAGMA table_info(" + name + ")";
            using SharpCoreDBDataReader reader = info.ExecuteReader();
            while (reader.Read())
            {
                columns.Add(reader.GetString(1));
            }
        }

        using SharpCoreDBCommand all = connection.CreateCommand();
        all.CommandText = "SELECT * FROM " + name + " LIMIT 0";
        using SharpCoreDBDataReader shape = all.ExecuteReader();
        bool generated = shape.FieldCount != columns.Count;
        return (columns, "INSERT INTO " + name + (generated ? "(" + string.Join(",", columns.Select(Output.SqlLiteral.Identifier)) + ")" : "") + " VALUES(");
    }
}
