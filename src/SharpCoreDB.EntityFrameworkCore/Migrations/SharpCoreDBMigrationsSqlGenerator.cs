// Migration operations as SQL the engine runs (SQLite's DDL):
//   CREATE TABLE with a single autoincrement key written inline (INTEGER PRIMARY KEY
//   AUTOINCREMENT, the rowid), computed columns as GENERATED ALWAYS AS (...) STORED or
//   VIRTUAL, ALTER TABLE ... RENAME TO / RENAME COLUMN / ADD COLUMN / DROP COLUMN,
//   CREATE/DROP INDEX, data operations; schemas are ignored (one namespace per file).
// What ALTER TABLE cannot do (change a column, add or drop a key, foreign key, unique
// or check constraint on an existing table) is a table rebuild (TableRebuilds); a
// migration with one starts with a ForeignKeysOffCommand. Without the migration's target
// model there is nothing to rebuild from, and those operations fail naming themselves.
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata;
using Microsoft.EntityFrameworkCore.Migrations;
using Microsoft.EntityFrameworkCore.Migrations.Operations;
using Microsoft.EntityFrameworkCore.Storage;
using SharpCoreDB.EntityFrameworkCore.Metadata;

namespace SharpCoreDB.EntityFrameworkCore.Migrations;

internal sealed class SharpCoreDBMigrationsSqlGenerator : MigrationsSqlGenerator
{
    private readonly TableRebuilds _rebuilds;

    public SharpCoreDBMigrationsSqlGenerator(MigrationsSqlGeneratorDependencies dependencies, IMigrationsModelDiffer differ)
        : base(dependencies) =>
        _rebuilds = new TableRebuilds(dependencies.SqlGenerationHelper, dependencies.TypeMappingSource, differ);

    // The table being created, so that its autoincrement key column is written inline.
    private CreateTableOperation? _creating;

    public override IReadOnlyList<MigrationCommand> Generate(
        IReadOnlyList<MigrationOperation> operations, IModel? model = null, MigrationsSqlGenerationOptions options = MigrationsSqlGenerationOptions.Default)
    {
        TableRebuilds.Plan plan = _rebuilds.Rewrite(operations, model);
        IReadOnlyList<MigrationCommand> commands = base.Generate(plan.Operations, model, options);
        if (!plan.RebuildsTables)
        {
            return commands;
        }

        IRelationalCommand foreignKeysOff = Dependencies.CommandBuilderFactory.Create().Append(ForeignKeysOffCommand.Off).Build();
        return [new ForeignKeysOffCommand(foreignKeysOff, Dependencies.CurrentContext.Context, Dependencies.Logger), .. commands];
    }

    protected override void Generate(CreateTableOperation operation, IModel? model, MigrationCommandListBuilder builder, bool terminate = true)
    {
        _creating = operation;
        try
        {
            base.Generate(operation, model, builder, terminate);
        }
        finally
        {
            _creating = null;
        }
    }

    protected override void ColumnDefinition(
        string? schema, string table, string name, ColumnOperation operation, IModel? model, MigrationCommandListBuilder builder)
    {
        base.ColumnDefinition(schema, table, name, operation, model, builder);
        if (InlineKey(_creating) is { } key && key.Columns[0] == name)
        {
            builder.Append(" CONSTRAINT ").Append(Dependencies.SqlGenerationHelper.DelimitIdentifier(key.Name)).Append(" PRIMARY KEY AUTOINCREMENT");
        }
    }

    protected override void ComputedColumnDefinition(
        string? schema, string table, string name, ColumnOperation operation, IModel? model, MigrationCommandListBuilder builder)
    {
        builder.Append(Dependencies.SqlGenerationHelper.DelimitIdentifier(name)).Append(" ")
            .Append(operation.ColumnType ?? GetColumnType(schema, table, name, operation, model)!)
            .Append(" GENERATED ALWAYS AS (").Append(operation.ComputedColumnSql!).Append(operation.IsStored == true ? ") STORED" : ") VIRTUAL");
        if (operation.Collation is { } collation)
        {
            builder.Append(" COLLATE ").Append(collation);
        }
    }

    protected override void CreateTableConstraints(CreateTableOperation operation, IModel? model, MigrationCommandListBuilder builder)
    {
        if (operation.PrimaryKey is { } key && InlineKey(operation) is null)
        {
            builder.AppendLine(",");
            PrimaryKeyConstraint(key, model, builder);
        }

        foreach (AddUniqueConstraintOperation unique in operation.UniqueConstraints)
        {
            builder.AppendLine(",");
            UniqueConstraint(unique, model, builder);
        }

        foreach (AddCheckConstraintOperation check in operation.CheckConstraints)
        {
            builder.AppendLine(",");
            CheckConstraint(check, model, builder);
        }

        foreach (AddForeignKeyOperation foreignKey in operation.ForeignKeys)
        {
            builder.AppendLine(",");
            ForeignKeyConstraint(foreignKey, model, builder);
        }
    }

    protected override void Generate(RenameTableOperation operation, IModel? model, MigrationCommandListBuilder builder)
    {
        if (operation.NewName is { } newName && newName != operation.Name)
        {
            builder.Append("ALTER TABLE ").Append(Delimit(operation.Name)).Append(" RENAME TO ").Append(Delimit(newName))
                .AppendLine(Dependencies.SqlGenerationHelper.StatementTerminator);
            EndStatement(builder);
        }
    }

    protected override void Generate(RenameColumnOperation operation, IModel? model, MigrationCommandListBuilder builder)
    {
        builder.Append("ALTER TABLE ").Append(Delimit(operation.Table)).Append(" RENAME COLUMN ").Append(Delimit(operation.Name))
            .Append(" TO ").Append(Delimit(operation.NewName)).AppendLine(Dependencies.SqlGenerationHelper.StatementTerminator);
        EndStatement(builder);
    }

    protected override void Generate(RenameIndexOperation operation, IModel? model, MigrationCommandListBuilder builder)
    {
        // The engine has no ALTER INDEX ... RENAME: the index is dropped and created again under its new name.
        ITableIndex index = model?.GetRelationalModel().FindTable(operation.Table!, operation.Schema)?.Indexes
            .FirstOrDefault(i => i.Name == operation.NewName)
            ?? throw new NotSupportedException($"Renaming index '{operation.Name}' needs the target model, to create '{operation.NewName}' again.");
        Generate(new DropIndexOperation { Name = operation.Name, Table = operation.Table }, model, builder);
        Generate(CreateIndexOperation.CreateFrom(index), model, builder);
    }

    protected override void Generate(EnsureSchemaOperation operation, IModel? model, MigrationCommandListBuilder builder)
    {
        // One namespace per file: nothing to create.
    }

    protected override void Generate(DropSchemaOperation operation, IModel? model, MigrationCommandListBuilder builder)
    {
        // One namespace per file: nothing to drop.
    }

    protected override void Generate(DropIndexOperation operation, IModel? model, MigrationCommandListBuilder builder, bool terminate = true)
    {
        builder.Append("DROP INDEX ").Append(Delimit(operation.Name));
        if (terminate)
        {
            builder.AppendLine(Dependencies.SqlGenerationHelper.StatementTerminator);
            EndStatement(builder);
        }
    }

    // An AlterColumn that reaches here changes nothing SQL says of the column (TableRebuilds rebuilds for every other one).
    protected override void Generate(AlterColumnOperation operation, IModel? model, MigrationCommandListBuilder builder)
    {
    }

    // Comments and annotations of a table: nothing the engine stores.
    protected override void Generate(AlterTableOperation operation, IModel? model, MigrationCommandListBuilder builder)
    {
    }

    protected override void Generate(CreateSequenceOperation operation, IModel? model, MigrationCommandListBuilder builder) =>
        throw new NotSupportedException($"SharpCoreDB has no sequences (CreateSequence '{operation.Name}').");

    // The table's key when it is one autoincrement column, written inline on that column.
    private static AddPrimaryKeyOperation? InlineKey(CreateTableOperation? table) =>
        table?.PrimaryKey is { Columns: [var column] } key
            && table.Columns.Any(c => c.Name == column && c[SharpCoreDBAnnotationProvider.Autoincrement] is true)
            ? key
            : null;

    private string Delimit(string name) => Dependencies.SqlGenerationHelper.DelimitIdentifier(name);
}
