// One open database: the storage engine, the newest committed catalog (shared
// by all sessions; a session's uncommitted schema changes stay in the session
// until commit) and row-count estimates for the planner.
using SharpCoreDB.Catalog;
using SharpCoreDB.Sql.Printing;
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.Encryption;
using SharpCoreDB.Storage.File;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Storage.Transactions;

namespace SharpCoreDB.Engine;

/// <summary>An open database shared by sessions.</summary>
internal sealed partial class Database : IDisposable
{
    private readonly object _gate = new();
    private SchemaCatalog _catalog;
    private uint _catalogRoot;

    private Database(StorageEngine storage)
    {
        Storage = storage;
        using ReadTransaction read = storage.BeginRead();
        _catalog = CatalogStore.Load(read, read.State);
        _catalogRoot = read.State.CatalogRoot;
    }

    public StorageEngine Storage { get; }

    /// <summary>Rows a sort may hold in memory before spilling; starts as the options say (tests change it while open).</summary>
    public int SpillThresholdRows { get; set; }

    /// <summary>Opens the storage the options describe and loads its catalog; on failure nothing stays open.</summary>
    public static Database Open(DatabaseOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        StorageEngine storage = StorageEngine.Open(options.Storage);
        try
        {
            return new Database(storage) { SpillThresholdRows = options.SpillThresholdRows };
        }
        catch
        {
            // A catalog that does not load must not leave the file locked by this failed attempt.
            storage.Dispose();
            throw;
        }
    }

    public Session CreateSession() => new(this);

    public void Checkpoint() => Storage.Checkpoint();

    public void ChangePassword(EncryptionSettings newSecret) => Storage.ChangePassword(newSecret);

    /// <summary>The catalog of <paramref name="state"/> (the shared one when it is current).</summary>
    public SchemaCatalog CatalogFor(IPageAccess pages, DatabaseState state)
    {
        lock (_gate)
        {
            if (_catalog.Version == state.SchemaVersion && _catalogRoot == state.CatalogRoot)
            {
                return _catalog;
            }
        }

        SchemaCatalog loaded = CatalogStore.Load(pages, state);
        if (pages is WriteTransaction)
        {
            // An uncommitted catalog must never become the shared one: after a ROLLBACK the next
            // transaction can reach the same version and catalog root page with a different schema,
            // and would then plan and commit against the rolled-back tables (found by the fuzzer).
            return loaded;
        }

        lock (_gate)
        {
            if (state.SchemaVersion > _catalog.Version)
            {
                _catalog = loaded;
                _catalogRoot = state.CatalogRoot;
            }
        }

        return loaded;
    }

    /// <summary>Makes a committed transaction's catalog the shared one.</summary>
    public void Publish(SchemaCatalog catalog, DatabaseState state)
    {
        lock (_gate)
        {
            if (state.SchemaVersion >= _catalog.Version)
            {
                _catalog = catalog;
                _catalogRoot = state.CatalogRoot;
            }
        }
    }

    public CatalogSnapshot GetCatalog()
    {
        using ReadTransaction read = Storage.BeginRead();
        SchemaCatalog catalog = CatalogFor(read, read.State);
        var tables = new List<TableInfo>();
        var indexes = new List<IndexInfo>();
        foreach (TableSchema table in catalog.Tables)
        {
            var columns = new List<ColumnInfo>();
            foreach (ColumnSchema c in table.Columns)
            {
                columns.Add(new ColumnInfo(c.Name, c.DeclaredType, c.Affinity, c.IsPrimaryKey, c.IsAutoIncrement, c.NotNull || c.Ordinal == table.RowIdColumn,
                    c.IsUnique, c.Default is null ? null : SqlText.Of(c.Default), c.Ordinal));
            }

            tables.Add(new TableInfo(table.Name, columns, table.Sql));
            foreach (IndexSchema index in table.Indexes)
            {
                // A key on an expression is listed as the expression's text.
                var names = new List<string>();
                for (int p = 0; p < index.Columns.Length; p++)
                {
                    names.Add(index.Columns[p] == IndexSchema.ExpressionColumn ? SqlText.Of(index.KeyExpressions[p]!) : table.Columns[index.Columns[p]].Name);
                }

                indexes.Add(new IndexInfo(index.Name, table.Name, names, index.IsUnique, index.Sql));
            }
        }

        var views = new List<ViewInfo>();
        foreach (ViewSchema view in catalog.Views)
        {
            views.Add(new ViewInfo(view.Name, view.Sql));
        }

        tables.Sort((a, b) => string.CompareOrdinal(a.Name, b.Name));
        indexes.Sort((a, b) => string.CompareOrdinal(a.Name, b.Name));
        views.Sort((a, b) => string.CompareOrdinal(a.Name, b.Name));
        return new CatalogSnapshot(tables, indexes, views, ForeignKeysOf(catalog));
    }

    // Every foreign key column pair, tables in name order, keys in id order.
    private static List<ForeignKeyInfo> ForeignKeysOf(SchemaCatalog catalog)
    {
        var keys = new List<ForeignKeyInfo>();
        foreach (TableSchema table in catalog.Tables.OrderBy(t => t.Name, StringComparer.Ordinal))
        {
            foreach (ForeignKeySchema key in table.ForeignKeys)
            {
                string[]? primaryKey = key.ParentColumns.Length > 0 ? key.ParentColumns : PrimaryKeyOf(catalog.FindTable(key.ParentTable));
                for (int i = 0; i < key.ChildColumnNames.Length; i++)
                {
                    keys.Add(new ForeignKeyInfo(table.Name, key.Name ?? $"fk_{table.Name}_{key.Id}", key.Id, i, key.ChildColumnNames[i], key.ParentTable,
                        primaryKey is not null && i < primaryKey.Length ? primaryKey[i] : null,
                        SqlText.ActionText(key.OnUpdate), SqlText.ActionText(key.OnDelete), key.IsDeferred));
                }
            }
        }

        return keys;
    }

    // A parent's PRIMARY KEY columns, which a key naming no parent columns refers to; null when there is no such table.
    private static string[]? PrimaryKeyOf(TableSchema? parent) =>
        parent is null ? null
        : parent.RowIdColumn >= 0 ? [parent.Columns[parent.RowIdColumn].Name]
        : parent.Indexes.FirstOrDefault(i => i.IsPrimaryKey) is { } primary ? [.. primary.Columns.Select(c => parent.Columns[c].Name)]
        : null;

    public void Dispose() => Storage.Dispose();
}
