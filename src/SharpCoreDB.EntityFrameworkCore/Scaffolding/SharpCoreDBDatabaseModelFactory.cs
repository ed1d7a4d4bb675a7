// `dotnet ef dbcontext scaffold`: the database's tables, views, columns, keys, indexes and
// foreign keys as EF Core's DatabaseModel, read through the engine's own answers:
//   sqlite_master                  tables, views, and the CREATE text (SchemaSql) for what the
//                                  catalog does not list: generated columns, collations, the
//                                  names and column order of keys, index keys and WHERE;
//   GetSchema("Columns")           declared type, NOT NULL, DEFAULT, PRIMARY KEY, AUTOINCREMENT
//                                  (PRAGMA table_info hides generated columns, as SQLite's);
//   GetSchema("Indexes")           unique or not, and which have SQL (the others are the
//                                  indexes of PRIMARY KEY and UNIQUE constraints);
//   GetSchema("ForeignKeys")       the column pairs (the parent's key resolved when a key names
//                                  no columns), ON DELETE;
//   SELECT ... LIMIT 0             a view's columns.
// The CLR type follows the declared type (ScaffoldingTypes); INTEGER columns are int unless
// their values need long, as the SQLite provider scaffolds them. The file is opened without
// being created: scaffolding a path that does not exist fails instead of making an empty one.
using System.Data;
using System.Data.Common;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Diagnostics;
using Microsoft.EntityFrameworkCore.Metadata;
using Microsoft.EntityFrameworkCore.Migrations;
using Microsoft.EntityFrameworkCore.Scaffolding;
using Microsoft.EntityFrameworkCore.Scaffolding.Metadata;
using Microsoft.Extensions.Logging;
using SharpCoreDB.Data;

namespace SharpCoreDB.EntityFrameworkCore.Scaffolding;

internal sealed class SharpCoreDBDatabaseModelFactory(IDiagnosticsLogger<DbLoggerCategory.Scaffolding> logger) : DatabaseModelFactory
{
    private static readonly StringComparer Names = StringComparer.OrdinalIgnoreCase;

    // EF Core's own tables, and the engine's (sqlite_stat1), are not the application's.
    private static readonly HashSet<string> Excluded = new(Names) { "__EFMigrationsHistory", "__EFMigrationsLock" };

    public override DatabaseModel Create(string connectionString, DatabaseModelFactoryOptions options)
    {
        var builder = new SharpCoreDBConnectionStringBuilder(connectionString);
        if (!builder.ToOptions().IsInMemory)
        {
            builder.Mode = SharpCoreDBOpenMode.ReadWrite;
        }

        using var connection = new SharpCoreDBConnection(builder.ConnectionString);
        return Create(connection, options);
    }

    public override DatabaseModel Create(DbConnection connection, DatabaseModelFactoryOptions options)
    {
        if (options.Schemas.Any())
        {
            logger.Logger.LogWarning("A SharpCoreDB database has no schemas; the schemas given ({Schemas}) are ignored.", string.Join(", ", options.Schemas));
        }

        bool opened = connection.State != ConnectionState.Open;
        if (opened)
        {
            connection.Open();
        }

        try
        {
            return Read(connection, [.. options.Tables]);
        }
        finally
        {
            if (opened)
            {
                connection.Close();
            }
        }
    }

    private DatabaseModel Read(DbConnection connection, List<string> wanted)
    {
        string name = Path.GetFileNameWithoutExtension(connection.DataSource);
        var model = new DatabaseModel { DatabaseName = string.IsNullOrEmpty(name) || name == ":memory:" ? "Main" : name };
        var found = new HashSet<string>(Names);
        var tables = new Dictionary<DatabaseTable, TableSql>();
        foreach ((string type, string table, string sql) in Objects(connection))
        {
            if (Excluded.Contains(table) || table.StartsWith("sqlite_", StringComparison.OrdinalIgnoreCase)
                || (wanted.Count > 0 && !wanted.Contains(table, Names)))
            {
                continue;
            }

            found.Add(table);
            if (type == "view")
            {
                model.Tables.Add(ReadView(connection, model, table));
            }
            else
            {
                TableSql text = SchemaSql.ReadTable(sql);
                DatabaseTable read = ReadTable(connection, model, table, text);
                tables.Add(read, text);
                model.Tables.Add(read);
            }
        }

        foreach (string missing in wanted.Where(t => !found.Contains(t)))
        {
            logger.Logger.LogWarning("Table '{Table}' was asked for and is not in the database.", missing);
        }

        foreach ((DatabaseTable table, TableSql text) in tables)
        {
            ReadForeignKeys(connection, table, model, text);
        }

        // EF Core needs key columns NOT NULL; a composite or foreign-referenced key may allow NULL in the file.
        foreach (DatabaseColumn column in model.Tables.SelectMany(t => t.PrimaryKey?.Columns ?? [])
            .Concat(model.Tables.SelectMany(t => t.ForeignKeys).SelectMany(f => f.PrincipalColumns)))
        {
            column.IsNullable = false;
        }

        return model;
    }

    private static List<(string Type, string Name, string Sql)> Objects(DbConnection connection)
    {
        var objects = new List<(string, string, string)>();
        using DbCommand command = connection.CreateCommand();
        command.CommandText = "SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'view') ORDER BY name";
        using DbDataReader reader = command.ExecuteReader();
        while (reader.Read())
        {
            objects.Add((reader.GetString(0), reader.GetString(1), reader.GetString(2)));
        }

        return objects;
    }

    private DatabaseTable ReadTable(DbConnection connection, DatabaseModel model, string name, TableSql sql)
    {
        var table = new DatabaseTable { Database = model, Name = name };
        var keyColumns = new List<DatabaseColumn>();
        foreach (DataRow row in connection.GetSchema("Columns", [name]).Rows.Cast<DataRow>().OrderBy(r => (int)r["ORDINAL_POSITION"]))
        {
            string columnName = (string)row["COLUMN_NAME"];
            ColumnSql? text = sql.Columns.FirstOrDefault(c => Names.Equals(c.Name, columnName));
            var column = new DatabaseColumn
            {
                Table = table,
                Name = columnName,
                StoreType = (string)row["DATA_TYPE"],
                IsNullable = (bool)row["IS_NULLABLE"],
                DefaultValueSql = row["COLUMN_DEFAULT"] is string defaultSql && !defaultSql.Equals("NULL", StringComparison.OrdinalIgnoreCase) ? defaultSql : null,
                ValueGenerated = (bool)row["AUTOINCREMENT"] ? ValueGenerated.OnAdd : null,
                ComputedColumnSql = text?.Generated,
                IsStored = text is { Generated: not null, Stored: true } ? true : null,
                Collation = text?.Collation is { } collation && !collation.Equals("BINARY", StringComparison.OrdinalIgnoreCase) ? collation : null,
            };
            table.Columns.Add(column);
            if ((bool)row["PRIMARY_KEY"])
            {
                keyColumns.Add(column);
            }
        }

        ScaffoldingTypes.Infer(connection, table);
        if (keyColumns.Count > 0)
        {
            table.PrimaryKey = new DatabasePrimaryKey { Table = table, Name = sql.PrimaryKey?.Name ?? "" };
            IEnumerable<DatabaseColumn> ordered = sql.PrimaryKey is { } key
                ? key.Columns.Select(c => keyColumns.FirstOrDefault(k => Names.Equals(k.Name, c))).OfType<DatabaseColumn>()
                : keyColumns;
            AddAll(table.PrimaryKey.Columns, ordered.Count() == keyColumns.Count ? ordered : keyColumns);
        }

        foreach (ConstraintSql unique in sql.Uniques)
        {
            var constraint = new DatabaseUniqueConstraint { Table = table, Name = unique.Name ?? "" };
            AddAll(constraint.Columns, unique.Columns.Select(c => Column(table, c)).OfType<DatabaseColumn>());
            table.UniqueConstraints.Add(constraint);
        }

        foreach (DataRow row in connection.GetSchema("Indexes", [name]).Rows)
        {
            if (row["SQL"] is string indexSql)
            {
                ReadIndex(table, (string)row["INDEX_NAME"], (bool)row["IS_UNIQUE"], SchemaSql.ReadIndex(indexSql));
            }
        }

        return table;
    }

    private void ReadIndex(DatabaseTable table, string name, bool unique, IndexSql sql)
    {
        if (sql.Keys.Any(k => k.Column is null || Column(table, k.Column) is null))
        {
            logger.Logger.LogWarning("Index '{Index}' of '{Table}' has an expression key, which an EF Core model cannot hold: it is left out.", name, table.Name);
            return;
        }

        var index = new DatabaseIndex { Table = table, Name = name, IsUnique = unique, Filter = sql.Filter };
        foreach (IndexKeySql key in sql.Keys)
        {
            index.Columns.Add(Column(table, key.Column!)!);
            index.IsDescending.Add(key.Descending);
        }

        table.Indexes.Add(index);
    }

    private void ReadForeignKeys(DbConnection connection, DatabaseTable table, DatabaseModel model, TableSql sql)
    {
        IEnumerable<IGrouping<int, DataRow>> keys = connection.GetSchema("ForeignKeys", [table.Name]).Rows.Cast<DataRow>()
            .OrderBy(r => (int)r["FKEY_FROM_ORDINAL_POSITION"]).GroupBy(r => (int)r["FKEY_ID"]).OrderBy(g => g.Key);
        foreach (IGrouping<int, DataRow> key in keys)
        {
            string parentName = (string)key.First()["FKEY_TO_TABLE"];
            DatabaseTable? parent = model.Tables.FirstOrDefault(t => Names.Equals(t.Name, parentName));
            if (parent is null)
            {
                logger.Logger.LogWarning("A foreign key of '{Table}' references '{Parent}', which is not scaffolded: the key is left out.", table.Name, parentName);
                continue;
            }

            List<DatabaseColumn?> columns = [.. key.Select(r => Column(table, (string)r["FKEY_FROM_COLUMN"]))];
            List<DatabaseColumn?> principals = [.. key.Select(r => r["FKEY_TO_COLUMN"] is string to ? Column(parent, to) : null)];
            if (columns.Contains(null) || principals.Contains(null))
            {
                logger.Logger.LogWarning("A foreign key of '{Table}' references columns '{Parent}' does not have: the key is left out.", table.Name, parentName);
                continue;
            }

            var foreignKey = new DatabaseForeignKey
            {
                Table = table,
                PrincipalTable = parent,
                OnDelete = Action((string)key.First()["FKEY_ON_DELETE"]),
                Name = sql.ForeignKeys.FirstOrDefault(f => f.Columns.SequenceEqual(columns.Select(c => c!.Name), Names))?.Name,
            };
            AddAll(foreignKey.Columns, columns.OfType<DatabaseColumn>());
            AddAll(foreignKey.PrincipalColumns, principals.OfType<DatabaseColumn>());
            table.ForeignKeys.Add(foreignKey);
        }
    }

    // A view's columns as a query of it describes them; a column without a declared type gets the type of its values.
    private static DatabaseView ReadView(DbConnection connection, DatabaseModel model, string name)
    {
        var view = new DatabaseView { Database = model, Name = name };
        using (DbCommand command = connection.CreateCommand())
        {
            command.CommandText = $"SELECT * FROM {Delimit(name)} LIMIT 0";
            using DbDataReader reader = command.ExecuteReader();
            for (int i = 0; i < reader.FieldCount; i++)
            {
                view.Columns.Add(new DatabaseColumn { Table = view, Name = reader.GetName(i), StoreType = reader.GetDataTypeName(i), IsNullable = true });
            }
        }

        ScaffoldingTypes.Infer(connection, view);
        return view;
    }

    private static ReferentialAction? Action(string action) => action.ToUpperInvariant() switch
    {
        "CASCADE" => ReferentialAction.Cascade,
        "SET NULL" => ReferentialAction.SetNull,
        "SET DEFAULT" => ReferentialAction.SetDefault,
        "RESTRICT" => ReferentialAction.Restrict,
        "NO ACTION" => ReferentialAction.NoAction,
        _ => null,
    };

    private static DatabaseColumn? Column(DatabaseTable table, string name) =>
        table.Columns.FirstOrDefault(c => c.Name == name) ?? table.Columns.FirstOrDefault(c => Names.Equals(c.Name, name));

    private static void AddAll(IList<DatabaseColumn> list, IEnumerable<DatabaseColumn> columns)
    {
        foreach (DatabaseColumn column in columns)
        {
            list.Add(column);
        }
    }

    internal static string Delimit(string name) => "\"" + name.Replace("\"", "\"\"", StringComparison.Ordinal) + "\"";
}
