// Runs schema statements inside a write transaction: creates and drops tables,
// indexes, views and triggers (DdlExecutor.Triggers.cs), rebuilds indexes
// (DdlExecutor.Reindex.cs), gathers statistics (DdlExecutor.Analyze.cs), alters tables, and records every change in the catalog
// B+tree. Each change bumps DatabaseState.SchemaVersion so cached plans notice,
// and returns the new in-memory catalog.
using System.Diagnostics.CodeAnalysis;
using SharpCoreDB.Catalog;
using SharpCoreDB.Sql.Printing;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Storage.Records;
using SharpCoreDB.Storage.Transactions;

namespace SharpCoreDB.Execution;

/// <summary>
/// Computes the value of a constant expression (ALTER TABLE ADD COLUMN's DEFAULT). The
/// planner compiles expressions, and it sits above execution, so the engine passes it in.
/// </summary>
internal delegate DbValue ConstantEvaluator(Expression constant);

/// <summary>
/// Compiles the key expressions and WHERE of an index on expressions or partial index over one row of its table
/// (null for a plain index); the planner compiles, so the engine passes it in like <see cref="ConstantEvaluator"/>.
/// </summary>
internal delegate IndexRowEvaluators? IndexEvaluatorFactory(TableSchema table, IndexSchema index);

/// <summary>
/// What schema statements need compiled by the layers above execution, and the connection's application
/// <paramref name="Collations"/>, which a new schema may name and which order the indexes under them.
/// </summary>
internal sealed record DdlCompilers(ConstantEvaluator EvaluateConstant, IndexEvaluatorFactory CompileIndex, ApplicationCollations Collations);

/// <summary>DDL execution.</summary>
internal static partial class DdlExecutor
{
    public static SchemaCatalog Execute(WriteTransaction tx, SchemaCatalog catalog, Statement statement, DdlCompilers compilers)
    {
        return statement switch
        {
            CreateTableStatement create => CreateTable(tx, catalog, create, compilers.Collations),
            CreateIndexStatement index => CreateIndex(tx, catalog, index, compilers),
            CreateViewStatement view => CreateView(tx, catalog, view),
            DropTableStatement drop => DropTable(tx, catalog, drop),
            DropIndexStatement drop => DropIndex(tx, catalog, drop),
            DropViewStatement drop => DropView(tx, catalog, drop),
            CreateTriggerStatement trigger => CreateTrigger(tx, catalog, trigger),
            DropTriggerStatement drop => DropTrigger(tx, catalog, drop),
            AnalyzeStatement analyze => Analyze(tx, catalog, analyze, compilers.Collations),
            ReindexStatement reindex => Reindex(tx, catalog, reindex, compilers),
            AlterTableStatement alter => TableAlterer.Alter(tx, catalog, alter, compilers),
            _ => throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"unsupported statement: {statement.GetType().Name}"),
        };
    }

    public static uint Bump(WriteTransaction tx)
    {
        tx.State = tx.State with { SchemaVersion = tx.State.SchemaVersion + 1 };
        return tx.State.SchemaVersion;
    }

    public static long NextId(WriteTransaction tx) =>
        tx.State.CatalogRoot == 0 ? 1 : TableTree.Open(tx, tx.State.CatalogRoot).NextRowId();

    public static SchemaCatalog Reload(WriteTransaction tx) => CatalogStore.Load(tx, tx.State);

    // Records an object kept only as its SQL text (a view, a trigger) and returns the changed catalog.
    private static SchemaCatalog WriteDefinition(WriteTransaction tx, string type, string name, string owner, string sql)
    {
        CatalogStore.Write(tx, NextId(tx), type, name, owner, 0, DbValue.FromText(sql));
        return Changed(tx);
    }

    // The catalog after a change to it: a new schema version (so every session compiles again), read back.
    private static SchemaCatalog Changed(WriteTransaction tx)
    {
        Bump(tx);
        return Reload(tx);
    }

    // False when the name is free. True when the statement has nothing to do (IF NOT EXISTS,
    // and an object of its kind has the name); any other use of the name is an error.
    private static bool Exists(SchemaCatalog catalog, string name, bool ifNotExists, bool sameKindExists, string kind)
    {
        RefuseReserved(name);
        if (!catalog.NameInUse(name))
        {
            return false;
        }

        return ifNotExists && sameKindExists ? true : throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"{kind} {name} already exists");
    }

    /// <summary>Throws SQLite's error for a new object named sqlite_...: such names are the engine's (sqlite_schema).</summary>
    public static void RefuseReserved(string name)
    {
        if (name.StartsWith("sqlite_", StringComparison.OrdinalIgnoreCase))
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"object name reserved for internal use: {name}");
        }
    }

    // A construct the grammar reads but the engine does not run: an error naming it, never another meaning.
    private static void Refuse(bool present, string message)
    {
        if (present)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, message);
        }
    }

    // TEMP objects would be private to the connection and gone when it closes; stored in the file they would be
    // neither, so they are refused rather than silently made permanent.
    private static void RefuseTemporary(bool temporary, string kind) =>
        Refuse(temporary, $"TEMP {kind}s are not supported: a {kind} is stored in the database file and seen by every connection");

    // DROP of an object that is not there: nothing to do with IF EXISTS (true), SQLite's error without.
    private static bool Missing([NotNullWhen(false)] object? found, bool ifExists, string kind, string name) =>
        found is null && (ifExists ? true : throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"no such {kind}: {name}"));

    private static SchemaCatalog CreateTable(WriteTransaction tx, SchemaCatalog catalog, CreateTableStatement create, ApplicationCollations collations)
    {
        string name = create.Name.Name;
        if (Exists(catalog, name, create.IfNotExists, catalog.FindTable(name) is not null, "table"))
        {
            return catalog;
        }

        Refuse(create.AsSelect is not null, "CREATE TABLE ... AS SELECT is not supported");
        RefuseTemporary(create.Temporary, "table");

        TableSchemaBuilder.Build(create, 0, 0, out List<UniqueKey> keys, collations);
        TableTree tree = TableTree.Create(tx);
        long id = NextId(tx);
        var canonical = create with { IfNotExists = false, Temporary = false };
        CatalogStore.Write(tx, id, CatalogStore.TableType, name, name, tree.RootPage, DbValue.FromText(SqlText.Of(canonical)));
        for (int i = 0; i < keys.Count; i++)
        {
            var columns = new List<IndexedColumn>();
            for (int k = 0; k < keys[i].Columns.Length; k++)
            {
                columns.Add(new IndexedColumn(create.Columns[keys[i].Columns[k]].Name, keys[i].Collations[k], SortDirection.Ascending));
            }

            string indexName = keys[i].IsPrimaryKey ? $"autoindex_{name}_pk" : $"autoindex_{name}_{i + 1}";
            var index = new CreateIndexStatement(new QualifiedName(indexName), name, Unique: true, IfNotExists: false, [.. columns], null);
            BTree indexTree = BTree.Create(tx, PageType.IndexNode);
            CatalogStore.Write(tx, NextId(tx), CatalogStore.AutoIndexType, indexName, name, indexTree.RootPage, DbValue.FromText(SqlText.Of(index)));
        }

        return Changed(tx);
    }

    private static SchemaCatalog CreateIndex(WriteTransaction tx, SchemaCatalog catalog, CreateIndexStatement create, DdlCompilers compilers)
    {
        string name = create.Name.Name;
        if (Exists(catalog, name, create.IfNotExists, catalog.FindIndex(name) is not null, "index"))
        {
            return catalog;
        }

        TableSchema table = catalog.GetTable(create.Table);
        var canonical = create with { IfNotExists = false, Table = table.Name };
        IndexSchema index = IndexSchemaBuilder.Build(canonical, table, 0, 0, primaryKey: false, compilers.Collations);
        BTree tree = BTree.Create(tx, PageType.IndexNode, IndexKeyOrders.For(index, compilers.Collations, MissingCollation.Refuse));
        Fill(tx, table, index, compilers.CompileIndex(table, index), tree);
        CatalogStore.Write(tx, NextId(tx), CatalogStore.IndexType, name, table.Name, tree.RootPage, DbValue.FromText(SqlText.Of(canonical)));
        return Changed(tx);
    }

    // Adds an entry for every existing row the index holds, failing on duplicates when the index is unique.
    private static void Fill(WriteTransaction tx, TableSchema table, IndexSchema index, IndexRowEvaluators? evaluators, BTree tree)
    {
        BTreeCursor cursor = TableTree.Open(tx, table.RootPage).Tree.OpenCursor();
        var row = new DbValue[table.Columns.Count];
        var values = new DbValue[index.Columns.Length];
        for (bool ok = cursor.SeekFirst(); ok; ok = cursor.Next())
        {
            long rowId = RowIdKey.Read(cursor.Key);
            TableStore.Decode(table, cursor.Value, rowId, row);

            if (!IndexRowEvaluators.Holds(evaluators, row, rowId))
            {
                continue;
            }

            bool hasNull = IndexRowEvaluators.KeyValues(index, evaluators, table, row, rowId, values);
            byte[] key = new byte[KeyEncoder.GetSize(values) + RowIdKey.SuffixSizeOf(rowId)];
            KeyEncoder.EncodeIndexKey(values, rowId, key);
            if (index.IsUnique && !hasNull)
            {
                byte[] prefix = key[..^RowIdKey.SuffixSizeOf(rowId)];
                BTreeCursor probe = tree.OpenCursor();
                if (probe.SeekPrefixFirst(prefix))
                {
                    throw TableStore.UniqueFailed(table, index);
                }
            }

            tree.Insert(key, [], BTreeInsertMode.Replace);
        }
    }

    private static SchemaCatalog CreateView(WriteTransaction tx, SchemaCatalog catalog, CreateViewStatement create)
    {
        string name = create.Name.Name;
        if (Exists(catalog, name, create.IfNotExists, catalog.FindView(name) is not null, "view"))
        {
            return catalog;
        }

        RefuseTemporary(create.Temporary, "view");
        return WriteDefinition(tx, CatalogStore.ViewType, name, name, SqlText.Of(create with { IfNotExists = false, Temporary = false }));
    }

    private static SchemaCatalog DropTable(WriteTransaction tx, SchemaCatalog catalog, DropTableStatement drop)
    {
        TableSchema? table = catalog.FindTable(drop.Name.Name);
        if (Missing(table, drop.IfExists, "table", drop.Name.Name))
        {
            return catalog;
        }

        foreach (IndexSchema index in table.Indexes)
        {
            BTree.Open(tx, index.RootPage).Drop();
        }

        TableTree.Open(tx, table.RootPage).Tree.Drop();
        DeleteStatistics(tx, catalog, table.Name, index: null);
        foreach (long id in CatalogStore.RecordsOf(tx, tx.State, table.Name))
        {
            CatalogStore.Delete(tx, id);
        }

        return Changed(tx);
    }

    private static SchemaCatalog DropIndex(WriteTransaction tx, SchemaCatalog catalog, DropIndexStatement drop)
    {
        IndexSchema? index = catalog.FindIndex(drop.Name.Name);
        if (Missing(index, drop.IfExists, "index", drop.Name.Name))
        {
            return catalog;
        }

        Refuse(index.Sql is null, "index associated with UNIQUE or PRIMARY KEY constraint cannot be dropped");

        BTree.Open(tx, index.RootPage).Drop();
        DeleteStatistics(tx, catalog, index.TableName, index.Name);
        CatalogStore.Delete(tx, index.CatalogId);
        return Changed(tx);
    }

    private static SchemaCatalog DropView(WriteTransaction tx, SchemaCatalog catalog, DropViewStatement drop)
    {
        ViewSchema? view = catalog.FindView(drop.Name.Name);
        if (Missing(view, drop.IfExists, "view", drop.Name.Name))
        {
            return catalog;
        }

        // Its INSTEAD OF triggers go with it (their records name the view as their table).
        foreach (long id in CatalogStore.RecordsOf(tx, tx.State, view.Name))
        {
            CatalogStore.Delete(tx, id);
        }

        return Changed(tx);
    }
}
