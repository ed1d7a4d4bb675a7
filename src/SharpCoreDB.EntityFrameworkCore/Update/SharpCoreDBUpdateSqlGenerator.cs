// The INSERT, UPDATE and DELETE statements SaveChanges runs: the relational layer's,
// which the engine runs as they are. Generated values (the rowid key, computed columns, row
// versions) come back through RETURNING in the same statement, and an optimistic concurrency
// check is RETURNING 1: a row that the WHERE no longer matches returns nothing, which EF Core
// reports as DbUpdateConcurrencyException. RETURNING gives the row as the statement left it,
// before AFTER triggers (as in SQLite), so on a table that declares triggers (HasTrigger)
// an INSERT or UPDATE reads them with a SELECT after the statement instead, `WHERE changes()
// = 1` and the key (`rowid = last_insert_rowid()` for a new rowid key), as the SQLite
// provider does with UseSqlReturningClause(false). A row version the provider makes
// (RowVersions) is set by the INSERT and UPDATE themselves. A change to one value inside a
// JSON column (ToJson) is json_set(column, '$.path', value), a boolean passed as
// 'true'/'false' through json() so that the document holds true/false rather than 1/0 (the
// engine, as SQLite, has no JSON boolean of its own; SharpCoreDBModificationCommand makes
// the text). Only sequences are missing.
using System.Text;
using Microsoft.EntityFrameworkCore.Storage;
using Microsoft.EntityFrameworkCore.Update;

namespace SharpCoreDB.EntityFrameworkCore.Update;

internal sealed class SharpCoreDBUpdateSqlGenerator(UpdateSqlGeneratorDependencies dependencies) : UpdateAndSelectSqlGenerator(dependencies)
{
    public override string GenerateNextSequenceValueOperation(string name, string? schema) =>
        throw new NotSupportedException($"SharpCoreDB has no sequences (asked for '{name}'): use an INTEGER PRIMARY KEY, which the database numbers itself.");

    public override ResultSetMapping AppendInsertOperation(
        StringBuilder commandStringBuilder, IReadOnlyModificationCommand command, int commandPosition, out bool requiresTransaction) =>
        RowVersions.HasTriggers(command.Table)
            ? AppendInsertAndSelectOperation(commandStringBuilder, command, commandPosition, out requiresTransaction)
            : AppendInsertReturningOperation(commandStringBuilder, command, commandPosition, out requiresTransaction);

    public override ResultSetMapping AppendUpdateOperation(
        StringBuilder commandStringBuilder, IReadOnlyModificationCommand command, int commandPosition, out bool requiresTransaction) =>
        RowVersions.HasTriggers(command.Table)
            ? AppendUpdateAndSelectOperation(commandStringBuilder, command, commandPosition, out requiresTransaction)
            : AppendUpdateReturningOperation(commandStringBuilder, command, commandPosition, out requiresTransaction);

    // DELETE reads nothing back: RETURNING 1 counts the row whether or not the table has triggers.
    public override ResultSetMapping AppendDeleteOperation(
        StringBuilder commandStringBuilder, IReadOnlyModificationCommand command, int commandPosition, out bool requiresTransaction) =>
        AppendDeleteReturningOperation(commandStringBuilder, command, commandPosition, out requiresTransaction);

    // A row version the provider makes is one more column of the INSERT, with its first value.
    protected override void AppendInsertCommand(
        StringBuilder commandStringBuilder, string name, string? schema, IReadOnlyList<IColumnModification> writeOperations,
        IReadOnlyList<IColumnModification> readOperations)
    {
        var versions = readOperations.Select(o => (o.ColumnName, Sql: RowVersions.InitialValue(o.Column))).Where(v => v.Sql is not null).ToList();
        if (versions.Count == 0)
        {
            base.AppendInsertCommand(commandStringBuilder, name, schema, writeOperations, readOperations);
            return;
        }

        AppendInsertCommandHeader(commandStringBuilder, name, schema, writeOperations);
        OpenList(commandStringBuilder, writeOperations.Count, " (");
        commandStringBuilder.AppendJoin(", ", versions.Select(v => SqlGenerationHelper.DelimitIdentifier(v.ColumnName))).Append(')');
        commandStringBuilder.AppendLine().Append("VALUES ");
        if (writeOperations.Count > 0)
        {
            AppendValues(commandStringBuilder, name, schema, writeOperations);
        }

        OpenList(commandStringBuilder, writeOperations.Count, "(");
        commandStringBuilder.AppendJoin(", ", versions.Select(v => v.Sql)).Append(')');
        AppendReturningClause(commandStringBuilder, readOperations);
        commandStringBuilder.AppendLine(SqlGenerationHelper.StatementTerminator);
    }

    // A row version the provider makes gets its next value in the SET of every UPDATE of the row.
    protected override void AppendUpdateCommand(
        StringBuilder commandStringBuilder, string name, string? schema, IReadOnlyList<IColumnModification> writeOperations,
        IReadOnlyList<IColumnModification> readOperations, IReadOnlyList<IColumnModification> conditionOperations, bool appendReturningOneClause = false)
    {
        AppendUpdateCommandHeader(commandStringBuilder, name, schema, writeOperations);
        string separator = writeOperations.Count > 0 ? ", " : "";
        foreach (IColumnModification read in readOperations)
        {
            if (!read.IsWrite && RowVersions.NextValue(read.Column, SqlGenerationHelper) is { } next)
            {
                commandStringBuilder.Append(separator).Append(SqlGenerationHelper.DelimitIdentifier(read.ColumnName)).Append(" = ").Append(next);
                separator = ", ";
            }
        }

        AppendWhereClause(commandStringBuilder, conditionOperations);
        AppendReturningClause(commandStringBuilder, readOperations, appendReturningOneClause ? "1" : null);
        commandStringBuilder.AppendLine(SqlGenerationHelper.StatementTerminator);
    }

    protected override void AppendIdentityWhereCondition(StringBuilder commandStringBuilder, IColumnModification columnModification) =>
        commandStringBuilder.Append(SqlGenerationHelper.DelimitIdentifier("rowid")).Append(" = last_insert_rowid()");

    protected override ResultSetMapping AppendSelectAffectedCountCommand(StringBuilder commandStringBuilder, string name, string? schema, int commandPosition)
    {
        commandStringBuilder.Append("SELECT changes()").AppendLine(SqlGenerationHelper.StatementTerminator).AppendLine();
        return ResultSetMapping.LastInResultSet | ResultSetMapping.ResultSetWithRowsAffectedOnly;
    }

    protected override void AppendRowsAffectedWhereCondition(StringBuilder commandStringBuilder, int expectedRowsAffected) =>
        commandStringBuilder.Append("changes() = ").Append(expectedRowsAffected);

    protected override void AppendUpdateColumnValue(
        ISqlGenerationHelper updateSqlGeneratorHelper, IColumnModification columnModification, StringBuilder stringBuilder, string name, string? schema)
    {
        if (columnModification.JsonPath is null or "$")
        {
            base.AppendUpdateColumnValue(updateSqlGeneratorHelper, columnModification, stringBuilder, name, schema);
            return;
        }

        stringBuilder.Append("json_set(");
        updateSqlGeneratorHelper.DelimitIdentifier(stringBuilder, columnModification.ColumnName);
        stringBuilder.Append(", '").Append(columnModification.JsonPath.Replace("'", "''", StringComparison.Ordinal)).Append("', ");
        bool asJson = columnModification.Property is not { IsPrimitiveCollection: false } || SharpCoreDBModificationCommand.IsBoolean(columnModification.Property);
        stringBuilder.Append(asJson ? "json(" : "");
        base.AppendUpdateColumnValue(updateSqlGeneratorHelper, columnModification, stringBuilder, name, schema);
        stringBuilder.Append(asJson ? "))" : ")");
    }

    // Continues a parenthesized list that the relational layer closed (its last ')' taken back), or opens a new one.
    private static void OpenList(StringBuilder builder, int itemsBefore, string open)
    {
        if (itemsBefore > 0)
        {
            builder.Length--;
            builder.Append(", ");
        }
        else
        {
            builder.Append(open);
        }
    }
}
