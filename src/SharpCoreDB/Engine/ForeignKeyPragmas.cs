// The foreign key PRAGMAs:
//
//   foreign_keys [= ON|OFF]          enforcement for this connection (on by default; a
//                                    no-op inside a transaction, as in SQLite)
//   defer_foreign_keys [= ON|OFF]    check every key at COMMIT; off again when the transaction ends
//                                    (so setting it outside a transaction does nothing lasting)
//   foreign_key_list(t)              t's keys: id, seq, table, from, to, on_update, on_delete, match
//   foreign_key_check [(t)]          each child row without its parent: table, rowid, parent, fkid
//
// The check runs one query per key: the child rows with a complete key and no
// parent row (every such row when the parent table does not exist).
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.ForeignKeys;
using SharpCoreDB.Execution.Functions;
using SharpCoreDB.Planning;
using SharpCoreDB.Sql;
using SharpCoreDB.Sql.Printing;
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.Pages;

namespace SharpCoreDB.Engine;

/// <summary>Runs the foreign key PRAGMAs.</summary>
internal static class ForeignKeyPragmas
{
    public static bool Handles(PragmaStatement pragma) =>
        pragma.Name.Name.ToLowerInvariant() is "foreign_keys" or "defer_foreign_keys" or "foreign_key_list" or "foreign_key_check";

    public static IReadOnlyList<ColumnDescription> Columns(PragmaStatement pragma)
    {
        string name = pragma.Name.Name.ToLowerInvariant();
        switch (name)
        {
            case "foreign_keys" or "defer_foreign_keys":
                if (pragma.Value is not null)
                {
                    PragmaRunner.Flag(pragma.Value);
                    return [];
                }

                return [PragmaRunner.Integer(name)];
            case "foreign_key_list":
                if (pragma.Value is null)
                {
                    throw PragmaRunner.Error("PRAGMA foreign_key_list needs a table name: PRAGMA foreign_key_list(table)");
                }

                return [PragmaRunner.Integer("id"), PragmaRunner.Integer("seq"), PragmaRunner.Text("table"), PragmaRunner.Text("from"),
                    PragmaRunner.Text("to"), PragmaRunner.Text("on_update"), PragmaRunner.Text("on_delete"), PragmaRunner.Text("match")];
            default:
                return [PragmaRunner.Text("table"), PragmaRunner.Integer("rowid"), PragmaRunner.Text("parent"), PragmaRunner.Integer("fkid")];
        }
    }

    public static List<DbValue[]> Run(PragmaStatement pragma, ForeignKeyState state, bool inTransaction, StorageEngine storage, IPageAccess pages, SchemaCatalog catalog,
        UserFunctions functions)
    {
        var rows = new List<DbValue[]>();
        switch (pragma.Name.Name.ToLowerInvariant())
        {
            case "foreign_keys" when pragma.Value is null:
                rows.Add([DbValue.FromInt64(state.Enabled ? 1 : 0)]);
                break;
            case "foreign_keys" when !inTransaction:
                state.Enabled = PragmaRunner.Flag(pragma.Value);
                break;
            case "defer_foreign_keys" when pragma.Value is null:
                rows.Add([DbValue.FromInt64(state.DeferAll ? 1 : 0)]);
                break;
            case "defer_foreign_keys":
                // Outside a transaction the PRAGMA is its own transaction, at whose end the setting resets (SQLite).
                state.DeferAll = inTransaction && PragmaRunner.Flag(pragma.Value);
                break;
            case "foreign_key_list" when catalog.FindTable(PragmaRunner.Word(pragma.Value!)) is { } table:
                foreach (ForeignKeySchema key in table.ForeignKeys)
                {
                    for (int i = 0; i < key.ChildColumns.Length; i++)
                    {
                        rows.Add([DbValue.FromInt64(key.Id), DbValue.FromInt64(i), DbValue.FromText(key.ParentTable),
                            DbValue.FromText(key.ChildColumnNames[i]), key.ParentColumns.Length == 0 ? DbValue.Null : DbValue.FromText(key.ParentColumns[i]),
                            DbValue.FromText(SqlText.ActionText(key.OnUpdate)), DbValue.FromText(SqlText.ActionText(key.OnDelete)), DbValue.FromText("NONE")]);
                    }
                }

                break;
            case "foreign_key_check":
                Check(pragma, storage, pages, catalog, functions, rows);
                break;
        }

        return rows;
    }

    private static void Check(PragmaStatement pragma, StorageEngine storage, IPageAccess pages, SchemaCatalog catalog, UserFunctions functions, List<DbValue[]> rows)
    {
        IEnumerable<TableSchema> tables = pragma.Value is { } value
            ? [catalog.FindTable(PragmaRunner.Word(value)) ?? throw PragmaRunner.Error($"no such table: {PragmaRunner.Word(value)}")]
            : catalog.Tables.OrderBy(t => t.Name, StringComparer.OrdinalIgnoreCase);
        foreach (TableSchema table in tables)
        {
            var found = new List<(long RowId, int KeyId, string Parent)>();
            foreach (ForeignKeySchema key in table.ForeignKeys)
            {
                foreach (long rowId in Orphans(storage, pages, catalog, functions, table, key))
                {
                    found.Add((rowId, key.Id, key.ParentTable));
                }
            }

            foreach ((long rowId, int keyId, string parent) in found.OrderBy(f => f.RowId).ThenBy(f => f.KeyId))
            {
                rows.Add([DbValue.FromText(table.Name), DbValue.FromInt64(rowId), DbValue.FromText(parent), DbValue.FromInt64(keyId)]);
            }
        }
    }

    // The rowids of child rows whose complete key finds no parent row.
    private static List<long> Orphans(StorageEngine storage, IPageAccess pages, SchemaCatalog catalog, UserFunctions functions, TableSchema child, ForeignKeySchema key)
    {
        var terms = new List<string>();
        foreach (string column in key.ChildColumnNames)
        {
            terms.Add($"c.{SqlText.Name(column)} IS NOT NULL");
        }

        if (catalog.FindTable(key.ParentTable) is { } parent)
        {
            int[] parentColumns = ForeignKeyPlanner.ParentKey(parent, key);
            IEnumerable<string> match = parentColumns.Select((p, i) => $"p.{SqlText.Name(parent.Columns[p].Name)} = c.{SqlText.Name(key.ChildColumnNames[i])}");
            terms.Add($"NOT EXISTS (SELECT 1 FROM main.{SqlText.Name(parent.Name)} AS p WHERE {string.Join(" AND ", match)})");
        }

        string sql = $"SELECT c._rowid_ FROM main.{SqlText.Name(child.Name)} AS c WHERE {string.Join(" AND ", terms)}";
        var context = new QueryContext(storage);
        SelectPlan plan = new PlanningContext(catalog, context) { Functions = functions }.Selects.Plan((SelectStatement)SqlParser.ParseStatement(sql), null);
        var rowIds = new List<long>();
        context.Begin(pages, [], CancellationToken.None);
        try
        {
            plan.Root.Open();
            while (plan.Root.Next())
            {
                rowIds.Add(plan.Root.Output.Values[0].AsInt64());
            }

            plan.Root.Close();
        }
        finally
        {
            context.End();
        }

        return rowIds;
    }
}
