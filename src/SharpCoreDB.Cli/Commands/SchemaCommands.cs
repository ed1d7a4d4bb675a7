// Dot commands that describe the schema: .tables, .schema and .indexes. They read
// the provider's GetSchema collections (Tables, Indexes), which come from the
// engine's catalog as of the newest commit.
using System.Data;
using SharpCoreDB.Data;

namespace SharpCoreDB.Cli.Commands;

/// <summary>Schema listing commands.</summary>
internal static class SchemaCommands
{
    public static bool Tables(CommandContext context) => PrintNames(context, "Tables", "TABLE_NAME");

    public static bool Schema(CommandContext context)
    {
        SharpCoreDBConnection connection = context.Session.RequireConnection();
        string? table = context.Argument(0);
        var statements = new List<(string Name, string Sql)>();
        foreach (DataRow row in connection.GetSchema("Tables", [table]).Rows)
        {
            statements.Add(((string)row["TABLE_NAME"], (string)row["SQL"]));
        }

        statements.Sort((a, b) => StringComparer.OrdinalIgnoreCase.Compare(a.Name, b.Name));
        var indexes = new List<(string Table, string Name, string Sql)>();
        foreach (DataRow row in connection.GetSchema("Indexes", [table]).Rows)
        {
            if (row["SQL"] is string sql)
            {
                indexes.Add(((string)row["TABLE_NAME"], (string)row["INDEX_NAME"], sql));
            }
        }

        indexes.Sort((a, b) => StringComparer.OrdinalIgnoreCase.Compare(a.Table + "\0" + a.Name, b.Table + "\0" + b.Name));
        foreach ((string _, string sql) in statements)
        {
            context.Session.Out.WriteLine(sql.TrimEnd(';') + ";");
        }

        foreach ((string _, string _, string sql) in indexes)
        {
            context.Session.Out.WriteLine(sql.TrimEnd(';') + ";");
        }

        context.Session.Out.Flush();
        return true;
    }

    public static bool Indexes(CommandContext context) => PrintNames(context, "Indexes", "INDEX_NAME");

    // .tables and .indexes: the names in one schema collection (of the argument's table, when given), sorted.
    private static bool PrintNames(CommandContext context, string collection, string nameColumn)
    {
        SharpCoreDBConnection connection = context.Session.RequireConnection();
        var names = new List<string>();
        foreach (DataRow row in connection.GetSchema(collection, [context.Argument(0)]).Rows)
        {
            names.Add((string)row[nameColumn]);
        }

        names.Sort(StringComparer.OrdinalIgnoreCase);
        foreach (string name in names)
        {
            context.Session.Out.WriteLine(name);
        }

        context.Session.Out.Flush();
        return true;
    }
}
