// The catalog's on-disk form (docs/file-format.md, "Catalog"): a table B+tree
// whose root is DatabaseState.CatalogRoot, keyed by object id, one record per
// object with five columns:
//
//   0 type      TEXT     'table', 'index', 'autoindex', 'view', 'trigger', 'sequence' or 'setting'
//   1 name      TEXT     the object's name (a setting's: user_version, application_id)
//   2 tbl_name  TEXT     the table an index or trigger belongs to (the object's own name otherwise;
//                        '' for a setting, which belongs to no table)
//   3 rootpage  INTEGER  root page of the table or index B+tree; 0 for views, triggers, sequences, settings
//   4 sql       TEXT     canonical CREATE statement; for 'sequence', the AUTOINCREMENT
//                        high-water mark as an INTEGER; for 'setting', its INTEGER value
//
// Loading re-parses each CREATE statement, so the in-memory schema is always
// what the SQL says. The parses go through a process-wide StatementCache: a
// CREATE costs 50-100 µs to parse, which made up 400 of the 450 µs of opening a
// five-object database, and the same texts come back at every open and after
// every schema change. ASTs are immutable, so sharing them is safe, and the key
// is the exact text, so a changed schema is simply a miss.
using SharpCoreDB.Sql;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.File;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Storage.Records;
using SharpCoreDB.Storage.Transactions;

namespace SharpCoreDB.Catalog;

/// <summary>Reads and writes catalog records.</summary>
internal static class CatalogStore
{
    public const string TableType = "table";
    public const string IndexType = "index";
    public const string AutoIndexType = "autoindex";
    public const string ViewType = "view";
    public const string TriggerType = "trigger";
    public const string SequenceType = "sequence";
    public const string SettingType = "setting";

    private static readonly StatementCache StoredStatements = new(256);

    /// <summary>Reads the whole catalog of <paramref name="state"/>.</summary>
    public static SchemaCatalog Load(IPageAccess pages, DatabaseState state)
    {
        if (state.CatalogRoot == 0)
        {
            return new SchemaCatalog([], [], state.SchemaVersion, 1);
        }

        var records = new List<(long Id, string Type, string Name, string Table, uint Root, DbValue Sql)>();
        var tree = TableTree.Open(pages, state.CatalogRoot);
        BTreeCursor cursor = tree.Tree.OpenCursor();
        long maxId = 0;
        DbValue[] row = new DbValue[5];
        for (bool ok = cursor.SeekFirst(); ok; ok = cursor.Next())
        {
            long id = RowIdKey.Read(cursor.Key);
            var reader = new RecordReader(cursor.Value);
            reader.ReadAll(row);
            maxId = Math.Max(maxId, id);
            records.Add((id, row[0].AsText(), row[1].AsText(), row[2].AsText(), (uint)row[3].AsInt64(), row[4]));
        }

        var tables = new Dictionary<string, TableSchema>(StringComparer.OrdinalIgnoreCase);
        var indexes = new Dictionary<string, List<IndexSchema>>(StringComparer.OrdinalIgnoreCase);
        var views = new List<ViewSchema>();
        var triggers = new List<TriggerSchema>();
        foreach (var r in records)
        {
            switch (r.Type)
            {
                case TableType:
                    var create = (CreateTableStatement)ParseStored(r.Sql.AsText());
                    tables[r.Name] = TableSchemaBuilder.Build(create, r.Root, r.Id, out _);
                    break;
                case ViewType:
                    var view = (CreateViewStatement)ParseStored(r.Sql.AsText());
                    views.Add(new ViewSchema(r.Name, [.. view.Columns], view.Query, r.Sql.AsText(), r.Id));
                    break;
                case TriggerType:
                    triggers.Add(new TriggerSchema(r.Name, r.Table, (CreateTriggerStatement)ParseStored(r.Sql.AsText()), r.Sql.AsText(), r.Id));
                    break;
            }
        }

        foreach (var r in records)
        {
            if (r.Type is IndexType or AutoIndexType)
            {
                var create = (CreateIndexStatement)ParseStored(r.Sql.AsText());
                TableSchema table = tables[r.Table];
                IndexSchema index = IndexSchemaBuilder.Build(create, table, r.Root, r.Id, r.Type == AutoIndexType && create.Name.Name.EndsWith("_pk", StringComparison.Ordinal));
                if (!indexes.TryGetValue(table.Name, out List<IndexSchema>? list))
                {
                    indexes[table.Name] = list = [];
                }

                list.Add(r.Type == AutoIndexType ? index with { Sql = null } : index);
            }
        }

        var result = new List<TableSchema>(tables.Count);
        foreach (TableSchema table in tables.Values)
        {
            if (indexes.TryGetValue(table.Name, out List<IndexSchema>? list))
            {
                list.Sort((a, b) => (a.Sql is null ? 0 : 1, a.CatalogId).CompareTo((b.Sql is null ? 0 : 1, b.CatalogId)));
                result.Add(table.WithIndexes(list));
            }
            else
            {
                result.Add(table);
            }
        }

        return new SchemaCatalog(StoredStatistics.Apply(pages, result), views, state.SchemaVersion, maxId + 1, triggers);
    }

    /// <summary>Writes (or overwrites) catalog record <paramref name="id"/>, creating the catalog tree if needed.</summary>
    /// <summary>Points record <paramref name="id"/> at a new root page (REINDEX builds an index into a new tree).</summary>
    public static void SetRoot(WriteTransaction tx, long id, uint root)
    {
        if (!TableTree.Open(tx, tx.State.CatalogRoot).TryGet(id, out ReadOnlyMemory<byte> record))
        {
            throw new InvalidOperationException($"Catalog record {id} is missing.");
        }

        var row = new DbValue[5];
        new RecordReader(record.Span).ReadAll(row);
        Write(tx, id, row[0].AsText(), row[1].AsText(), row[2].AsText(), root, row[4]);
    }

    public static void Write(WriteTransaction tx, long id, string type, string name, string table, uint root, DbValue sql)
    {
        TableTree tree = OpenOrCreate(tx);
        DbValue[] row = [DbValue.FromText(type), DbValue.FromText(name), DbValue.FromText(table), DbValue.FromInt64(root), sql];
        byte[] record = new byte[RecordWriter.GetSize(row)];
        RecordWriter.Write(row, record);
        tree.Insert(id, record, BTreeInsertMode.Replace);
    }

    public static void Delete(WriteTransaction tx, long id)
    {
        if (tx.State.CatalogRoot != 0)
        {
            TableTree.Open(tx, tx.State.CatalogRoot).Delete(id);
        }
    }

    /// <summary>The AUTOINCREMENT high-water mark of <paramref name="table"/> and its record id (0 if none yet).</summary>
    public static long ReadSequence(IPageAccess pages, DatabaseState state, string table, out long recordId) =>
        ReadInteger(pages, state, SequenceType, table, out recordId);

    /// <summary>The stored value of setting <paramref name="name"/> (PRAGMA user_version, application_id) and its record id; 0 if never set.</summary>
    public static long ReadSetting(IPageAccess pages, DatabaseState state, string name, out long recordId) =>
        ReadInteger(pages, state, SettingType, name, out recordId);

    // The INTEGER in the sql column of the record of `type` named `name`, and its id; 0 and 0 when there is none.
    private static long ReadInteger(IPageAccess pages, DatabaseState state, string type, string name, out long recordId)
    {
        recordId = 0;
        if (state.CatalogRoot == 0)
        {
            return 0;
        }

        BTreeCursor cursor = TableTree.Open(pages, state.CatalogRoot).Tree.OpenCursor();
        for (bool ok = cursor.SeekFirst(); ok; ok = cursor.Next())
        {
            var reader = new RecordReader(cursor.Value);
            if (reader.GetValue(0).AsText() == type
                && string.Equals(reader.GetValue(1).AsText(), name, StringComparison.OrdinalIgnoreCase))
            {
                recordId = RowIdKey.Read(cursor.Key);
                return reader.GetValue(4).AsInt64();
            }
        }

        return 0;
    }

    /// <summary>Ids of every record whose tbl_name is <paramref name="table"/> (the table, its indexes, its sequence).</summary>
    public static List<long> RecordsOf(IPageAccess pages, DatabaseState state, string table)
    {
        var ids = new List<long>();
        if (state.CatalogRoot == 0)
        {
            return ids;
        }

        BTreeCursor cursor = TableTree.Open(pages, state.CatalogRoot).Tree.OpenCursor();
        for (bool ok = cursor.SeekFirst(); ok; ok = cursor.Next())
        {
            var reader = new RecordReader(cursor.Value);
            if (string.Equals(reader.GetValue(2).AsText(), table, StringComparison.OrdinalIgnoreCase))
            {
                ids.Add(RowIdKey.Read(cursor.Key));
            }
        }

        return ids;
    }

    private static TableTree OpenOrCreate(WriteTransaction tx)
    {
        if (tx.State.CatalogRoot != 0)
        {
            return TableTree.Open(tx, tx.State.CatalogRoot);
        }

        TableTree tree = TableTree.Create(tx);
        tx.State = tx.State with { CatalogRoot = tree.RootPage };
        return tree;
    }

    /// <summary>Parses a stored CREATE statement (through the shared cache); one that does not parse is a damaged catalog.</summary>
    internal static Statement ParseStored(string sql)
    {
        try
        {
            SqlScript script = StoredStatements.GetOrParse(sql);

            // A stored text is always one statement; anything else gets the parser's own error.
            return script.Count == 1 ? script[0] : SqlParser.ParseStatement(sql);
        }
        catch (SqlSyntaxException e)
        {
            // Only this engine writes these texts, and always ones that parse: the file is damaged
            // (or written by a build whose dialect this one lacks), which a syntax error would hide.
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Corrupt, $"A schema entry in the catalog does not parse ({e.Message}): {sql}");
        }
    }
}
