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

    /// <summary>The names of a table's columns, in order.</summary>
    public static List<string> Columns(SharpCoreDBConnection connection, string table)
    {
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = "SELECT * FROM " + Output.SqlLiteral.Identifier(table) + " LIMIT 0";
        using SharpCoreDBDataReader reader = command.ExecuteReader();
        var names = new List<string>(reader.FieldCount);
        for (int i = 0; i < reader.FieldCount; i++)
        {
            names.Add(reader.GetName(i));
        }

        return names;
    }
}
