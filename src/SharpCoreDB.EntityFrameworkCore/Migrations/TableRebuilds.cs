// Table rebuilds: what ALTER TABLE cannot do (change a column, add or drop a primary key,
// foreign key, unique or check constraint of an existing table) is done as SQLite documents
// it (lang_altertable.html, "other kinds of table schema changes"): create the table as the
// target model has it under a temporary name, copy the rows, drop the old table, rename the
// new one, create its indexes again. A migration's operations are rewritten here: those a
// rebuild replaces are left out, the rest run in their order, and each rebuilt table's
// rebuild comes after them, followed by a check of the foreign keys the rebuilds (and the
// migration's data operations) touch. The whole migration then runs with foreign keys off
// (dropping a parent table would otherwise delete or orphan its children) in one
// transaction, which the check fails, undoing everything, when a row lost its parent.
//
// How the other operations on a rebuilt table are folded in:
//   DropColumn     left to the rebuild, which does not copy the column (ALTER TABLE DROP
//                  COLUMN refuses key, unique and foreign key columns);
//   AddColumn      run in place (later data operations may use it), unless it is computed
//                  or takes the name of a column dropped before it: then the rebuild makes it;
//   RenameColumn   run in place, unless the new name is a dropped column's: then the rebuild
//                  copies the old column into it;
//   CreateIndex    after the rebuild, with every other index the model gives the table;
//   RenameIndex    the old index dropped in place; the rebuild creates the new one.
// The rows are copied by column name; triggers on a rebuilt table are dropped with it, and
// an AUTOINCREMENT key continues from the largest key copied (as with SQLite's provider).
using System.Text;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata;
using Microsoft.EntityFrameworkCore.Migrations;
using Microsoft.EntityFrameworkCore.Migrations.Operations;
using Microsoft.EntityFrameworkCore.Storage;

namespace SharpCoreDB.EntityFrameworkCore.Migrations;

internal sealed class TableRebuilds(ISqlGenerationHelper sql, IRelationalTypeMappingSource typeMappings, IMigrationsModelDiffer differ)
{
    /// <summary>The prefix of the table a rebuild fills before it takes the old table's name.</summary>
    public const string TemporaryPrefix = "ef_temp_";

    private static readonly StringComparer Names = StringComparer.OrdinalIgnoreCase;

    /// <summary>The operations to run, and whether any table is rebuilt (then foreign keys must be off).</summary>
    public sealed record Plan(IReadOnlyList<MigrationOperation> Operations, bool RebuildsTables);

    public Plan Rewrite(IReadOnlyList<MigrationOperation> operations, IModel? model)
    {
        Dictionary<string, Rebuild> rebuilds = FindRebuilds(operations, model);
        if (rebuilds.Count == 0 && !operations.Where((o, i) => o is AddForeignKeyOperation f && CreatedBefore(operations, i, f.Table) is not null).Any())
        {
            return new Plan(operations, RebuildsTables: false);
        }

        var result = new List<MigrationOperation>();
        var dataTables = new HashSet<string>(Names);
        for (int i = 0; i < operations.Count; i++)
        {
            MigrationOperation operation = operations[i];
            if (operation is AddForeignKeyOperation foreignKey && CreatedBefore(operations, i, foreignKey.Table) is { } createdTable)
            {
                // A key between tables this migration creates (EF Core adds the keys of a cycle apart): part of the CREATE TABLE.
                if (!createdTable.ForeignKeys.Contains(foreignKey))
                {
                    createdTable.ForeignKeys.Add(foreignKey);
                }

                continue;
            }

            if (operation is ITableMigrationOperation { Table: { } table } && operation is InsertDataOperation or UpdateDataOperation or DeleteDataOperation)
            {
                dataTables.Add(FinalName(operations, i, table) ?? table);
            }

            string? final = TableOf(operation) is { } name ? FinalName(operations, i, name) : null;
            if (final is null || !rebuilds.TryGetValue(final, out Rebuild? rebuild))
            {
                if (!(IsReplacedByRebuild(operation) && final is null))
                {
                    result.Add(operation);
                }

                continue;
            }

            Fold(operation, rebuild, result);
        }

        if (rebuilds.Count == 0)
        {
            return new Plan(result, RebuildsTables: false);
        }

        ITable[] rebuilt = [.. rebuilds.Values.Select(r => r.Table)];
        IReadOnlyList<MigrationOperation> created = differ.GetDifferences(null, model!.GetRelationalModel());
        foreach (Rebuild rebuild in rebuilds.Values)
        {
            AddRebuild(rebuild, created, result);
        }

        result.AddRange(ForeignKeyCheck.For(rebuilt, dataTables.Select(t => Find(model!, t)).OfType<ITable>(), sql));
        return new Plan(result, RebuildsTables: true);
    }

    // An operation whose table is rebuilt: left to the rebuild, run in place, or moved after it.
    private static void Fold(MigrationOperation operation, Rebuild rebuild, List<MigrationOperation> result)
    {
        switch (operation)
        {
            case AlterColumnOperation alter:
                rebuild.Altered[alter.Name] = alter;
                break;
            case var replaced when IsReplacedByRebuild(replaced):
                break;
            case DropColumnOperation drop:
                rebuild.Dropped.Add(drop.Name);
                break;
            case AddColumnOperation add when add.ComputedColumnSql is not null || rebuild.Dropped.Contains(add.Name):
                rebuild.Added[add.Name] = add;
                break;
            case RenameColumnOperation rename when rebuild.Dropped.Contains(rename.NewName) || rebuild.Sources.ContainsKey(rename.Name):
                rebuild.Sources[rename.NewName] = rebuild.Sources.Remove(rename.Name, out string? source) ? source : rename.Name;
                rebuild.Dropped.Remove(rename.NewName);
                break;
            case AddColumnOperation add:
                rebuild.AddedInPlace.Add(add.Name);
                result.Add(add);
                break;
            case CreateIndexOperation index:
                rebuild.Indexes.Add(index);
                break;
            case RenameIndexOperation renameIndex:
                result.Add(new DropIndexOperation { Name = renameIndex.Name, Table = renameIndex.Table, Schema = renameIndex.Schema });
                break;
            default:
                result.Add(operation);
                break;
        }
    }

    // The new table under the temporary name, the rows copied, the old table replaced, the indexes again.
    private void AddRebuild(Rebuild rebuild, IReadOnlyList<MigrationOperation> created, List<MigrationOperation> result)
    {
        string name = rebuild.Table.Name;
        CreateTableOperation create = created.OfType<CreateTableOperation>().Single(c => Names.Equals(c.Name, name));
        create.ForeignKeys.AddRange(created.OfType<AddForeignKeyOperation>().Where(f => Names.Equals(f.Table, name)));
        create.Name = TemporaryPrefix + name;
        create.Schema = null;
        result.Add(create);

        var into = new List<string>();
        var select = new List<string>();
        foreach (AddColumnOperation column in create.Columns.Where(c => c.ComputedColumnSql is null))
        {
            // A key the engine numbers, added by this migration: the rows get their numbers from the rebuild.
            if (column[Metadata.SharpCoreDBAnnotationProvider.Autoincrement] is true
                && (rebuild.Added.ContainsKey(column.Name) || rebuild.AddedInPlace.Contains(column.Name)))
            {
                continue;
            }

            if (rebuild.Added.TryGetValue(column.Name, out AddColumnOperation? added))
            {
                // A column the rebuild adds: existing rows get the value the AddColumn gave them.
                if (!added.IsNullable && (added.DefaultValue is not null || added.DefaultValueSql is not null))
                {
                    into.Add(sql.DelimitIdentifier(column.Name));
                    select.Add(added.DefaultValueSql is { } defaultSql ? $"({defaultSql})" : Literal(added.DefaultValue!, column.ColumnType));
                }

                continue;
            }

            string source = sql.DelimitIdentifier(rebuild.Sources.GetValueOrDefault(column.Name, column.Name));
            into.Add(sql.DelimitIdentifier(column.Name));
            select.Add(rebuild.Altered.TryGetValue(column.Name, out AlterColumnOperation? alter)
                && alter is { IsNullable: false, OldColumn.IsNullable: true, DefaultValue: { } fill }
                    ? $"IFNULL({source}, {Literal(fill, column.ColumnType)})"
                    : source);
        }

        if (into.Count > 0)
        {
            result.Add(new SqlOperation
            {
                Sql = new StringBuilder("INSERT INTO ").Append(sql.DelimitIdentifier(create.Name)).Append(" (").AppendJoin(", ", into).AppendLine(")")
                    .Append("SELECT ").AppendJoin(", ", select).AppendLine()
                    .Append("FROM ").Append(sql.DelimitIdentifier(name)).Append(sql.StatementTerminator).ToString(),
            });
        }

        result.Add(new DropTableOperation { Name = name });
        result.Add(new RenameTableOperation { Name = create.Name, NewName = name });
        var indexNames = new HashSet<string>(Names);
        foreach (CreateIndexOperation index in created.OfType<CreateIndexOperation>().Where(i => Names.Equals(i.Table, name)))
        {
            indexNames.Add(index.Name);
            result.Add(index);
        }

        // Indexes the migration creates that the model does not have (written by hand) are kept too.
        result.AddRange(rebuild.Indexes.Where(i => !indexNames.Contains(i.Name)));
    }

    // The tables this migration rebuilds, by the name they have at its end, with their target model.
    private static Dictionary<string, Rebuild> FindRebuilds(IReadOnlyList<MigrationOperation> operations, IModel? model)
    {
        var rebuilds = new Dictionary<string, Rebuild>(Names);
        for (int i = 0; i < operations.Count; i++)
        {
            MigrationOperation operation = operations[i];
            if (!IsReplacedByRebuild(operation) && operation is not AlterColumnOperation)
            {
                continue;
            }

            string table = TableOf(operation)!;
            if ((operation is AlterColumnOperation alter && !ChangesTheColumn(alter))
                || (operation is AddForeignKeyOperation && CreatedBefore(operations, i, table) is not null))
            {
                continue;
            }

            if (FinalName(operations, i, table) is not { } final || rebuilds.ContainsKey(final))
            {
                continue; // The migration drops the table later: nothing to rebuild.
            }

            ITable target = (model is null ? null : Find(model, final)) ?? throw new NotSupportedException(
                $"The migration operation {operation.GetType().Name.Replace("Operation", "", StringComparison.Ordinal)} on table '{table}' needs the table "
                + "to be rebuilt from the migration's target model, which this migration has none of (a migration without its .Designer.cs "
                + "model or a hand-written one): add the model, or write the rebuild with migrationBuilder.Sql.");
            rebuilds.Add(final, new Rebuild(target));
        }

        return rebuilds;
    }

    // The operations ALTER TABLE has no statement for. AlterColumn is kept apart: it has to be remembered.
    private static bool IsReplacedByRebuild(MigrationOperation operation) => operation is AddPrimaryKeyOperation or DropPrimaryKeyOperation
        or AddForeignKeyOperation or DropForeignKeyOperation or AddUniqueConstraintOperation or DropUniqueConstraintOperation
        or AddCheckConstraintOperation or DropCheckConstraintOperation or AlterColumnOperation;

    // An AlterColumn that changes nothing SQL says of the column (a max length on TEXT, a comment) needs no rebuild.
    private static bool ChangesTheColumn(AlterColumnOperation alter)
    {
        ColumnOperation old = alter.OldColumn;
        return alter.ColumnType is null || old.ColumnType is null || !Names.Equals(alter.ColumnType, old.ColumnType)
            || alter.IsNullable != old.IsNullable || !Equals(alter.DefaultValue, old.DefaultValue) || alter.DefaultValueSql != old.DefaultValueSql
            || alter.ComputedColumnSql != old.ComputedColumnSql || alter.IsStored != old.IsStored || alter.Collation != old.Collation;
    }

    private static string? TableOf(MigrationOperation operation) => operation switch
    {
        ITableMigrationOperation { Table: { } table } => table,
        CreateTableOperation create => create.Name,
        DropTableOperation drop => drop.Name,
        RenameTableOperation rename => rename.Name,
        _ => null,
    };

    // The name the table that the operation at index calls `table` has when the migration ends; null when the migration drops it.
    private static string? FinalName(IReadOnlyList<MigrationOperation> operations, int index, string table)
    {
        string name = table;
        for (int i = index + 1; i < operations.Count; i++)
        {
            switch (operations[i])
            {
                case RenameTableOperation rename when Names.Equals(rename.Name, name) && rename.NewName is { } newName:
                    name = newName;
                    break;
                case DropTableOperation drop when Names.Equals(drop.Name, name):
                    return null;
            }
        }

        return name;
    }

    // The CREATE TABLE of `table` earlier in this migration, if the table is new and not renamed since.
    private static CreateTableOperation? CreatedBefore(IReadOnlyList<MigrationOperation> operations, int index, string table)
    {
        for (int i = index - 1; i >= 0; i--)
        {
            switch (operations[i])
            {
                case CreateTableOperation create when Names.Equals(create.Name, table):
                    return create;
                case RenameTableOperation rename when Names.Equals(rename.NewName, table) || Names.Equals(rename.Name, table):
                case DropTableOperation drop when Names.Equals(drop.Name, table):
                    return null;
            }
        }

        return null;
    }

    private static ITable? Find(IModel model, string name) =>
        model.GetRelationalModel().Tables.FirstOrDefault(t => Names.Equals(t.Name, name) && !t.IsExcludedFromMigrations);

    private string Literal(object value, string? storeType) =>
        (storeType is null ? null : typeMappings.FindMapping(value.GetType(), storeType))?.GenerateSqlLiteral(value)
        ?? typeMappings.GetMappingForValue(value).GenerateSqlLiteral(value);

    // What a migration does to one rebuilt table besides the operations the rebuild replaces.
    private sealed class Rebuild(ITable table)
    {
        public ITable Table { get; } = table;

        /// <summary>Columns dropped before the rebuild: not copied.</summary>
        public HashSet<string> Dropped { get; } = new(Names);

        /// <summary>Columns the rebuild adds (computed, or named like a dropped column): not copied.</summary>
        public Dictionary<string, AddColumnOperation> Added { get; } = new(Names);

        /// <summary>Columns this migration adds in place before the rebuild: copied, unless the engine numbers them.</summary>
        public HashSet<string> AddedInPlace { get; } = new(Names);

        /// <summary>Columns copied from a column of another name (a rename into a dropped column's name).</summary>
        public Dictionary<string, string> Sources { get; } = new(Names);

        /// <summary>Columns the migration alters: a column made NOT NULL gets its default where it was NULL.</summary>
        public Dictionary<string, AlterColumnOperation> Altered { get; } = new(Names);

        /// <summary>The migration's CreateIndex operations on the table, run after the rebuild.</summary>
        public List<CreateIndexOperation> Indexes { get; } = [];
    }
}
