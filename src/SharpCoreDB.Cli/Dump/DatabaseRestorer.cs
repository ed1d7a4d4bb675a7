// .restore: replaces everything in the open database with the contents of another
// file, read through a second, read-only connection. In one transaction on the
// open connection (foreign keys checked at its COMMIT) every trigger, view, index
// and table is dropped, then the source's tables are created from their CREATE
// text, their stored columns' rows copied with one prepared, parameterized INSERT
// per table (so every value keeps its exact type), and the source's indexes, views
// and triggers created. A failure rolls the whole
// restore back and leaves the database as it was. Copying rows rather than the
// file works for in-memory and encrypted databases alike and keeps the open
// database's own encryption and settings.
using SharpCoreDB.Cli.Output;
using SharpCoreDB.Data;

namespace SharpCoreDB.Cli.Dump;

/// <summary>Copies one database's contents over another's.</summary>
internal static class DatabaseRestorer
{
    private static readonly string[] DropOrder = ["trigger", "view", "index", "table"];

    /// <summary>Replaces <paramref name="target"/>'s contents with <paramref name="source"/>'s; returns the rows copied.</summary>
    public static long Restore(SharpCoreDBConnection target, SharpCoreDBConnection source)
    {
        List<SchemaObject> incoming = DatabaseSchema.Read(source);
        long rows = 0;
        using SharpCoreDBTransaction transaction = target.BeginTransaction();
        // Tables are filled one after another, so a child's rows may come before its parent's: keys are checked at COMMIT.
        Execute(target, transaction, "PRAGMA defer_foreign_keys = ON");
        List<SchemaObject> existing = DatabaseSchema.Read(target, transaction);
        foreach (string type in DropOrder)
        {
            foreach (SchemaObject o in existing.FindAll(o => o.Type == type))
            {
                // IF EXISTS: dropping a table has already dropped its indexes and triggers.
                Execute(target, transaction, $"DROP {type.ToUpperInvariant()} IF EXISTS {SqlLiteral.Identifier(o.Name)}");
            }
        }

        // Every table exists before any row arrives (a child's key names its parent's table), then the rows, then the
        // indexes, views and triggers (so no trigger fires for a copied row).
        foreach (SchemaObject o in incoming.FindAll(o => o.Type == "table"))
        {
            Execute(target, transaction, o.Sql);
        }

        foreach (SchemaObject o in incoming.FindAll(o => o.Type == "table"))
        {
            rows += CopyRows(source, target, transaction, o.Name);
        }

        foreach (SchemaObject o in incoming.FindAll(o => o.Type != "table"))
        {
            Execute(target, transaction, o.Sql);
        }

        transaction.Commit();
        return rows;
    }

    private static long CopyRows(SharpCoreDBConnection source, SharpCoreDBConnection target, SharpCoreDBTransaction transaction, string table)
    {
        using SharpCoreDBCommand insert = target.CreateCommand();
        insert.Transaction = transaction;
        (List<string> columns, string prefix) = DatabaseSchema.StoredColumns(source, table);
        var names = new string[columns.Count];
        for (int i = 0; i < names.Length; i++)
        {
            names[i] = "@p" + i.ToString(System.Globalization.CultureInfo.InvariantCulture);
            insert.Parameters.AddWithValue(names[i], DBNull.Value);
        }

        insert.CommandText = prefix + string.Join(",", names) + ")";
        long rows = 0;
        StoredRows.Read(source, table, columns, values =>
        {
            for (int i = 0; i < values.Length; i++)
            {
                insert.Parameters[i].Value = values[i] ?? DBNull.Value;
            }

            insert.ExecuteNonQuery();
            rows++;
        });
        return rows;
    }

    private static void Execute(SharpCoreDBConnection connection, SharpCoreDBTransaction transaction, string sql)
    {
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.Transaction = transaction;
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }
}
