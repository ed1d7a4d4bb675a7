// The INSERT, UPDATE and DELETE statements SaveChanges runs: the relational layer's,
// which the engine runs as they are. Generated values (the rowid key, computed columns)
// come back through RETURNING in the same statement, and an optimistic concurrency check
// is RETURNING 1: a row that the WHERE no longer matches returns nothing, which EF Core
// reports as DbUpdateConcurrencyException. A change to one value inside a JSON column
// (ToJson) is json_set(column, '$.path', value), a boolean passed as 'true'/'false'
// through json() so that the document holds true/false rather than 1/0 (the engine, as
// SQLite, has no JSON boolean of its own; SharpCoreDBModificationCommand makes the text).
// Only sequences are missing.
using System.Text;
using Microsoft.EntityFrameworkCore.Storage;
using Microsoft.EntityFrameworkCore.Update;

namespace SharpCoreDB.EntityFrameworkCore.Update;

internal sealed class SharpCoreDBUpdateSqlGenerator(UpdateSqlGeneratorDependencies dependencies) : UpdateSqlGenerator(dependencies)
{
    public override string GenerateNextSequenceValueOperation(string name, string? schema) =>
        throw new NotSupportedException($"SharpCoreDB has no sequences (asked for '{name}'): use an INTEGER PRIMARY KEY, which the database numbers itself.");

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
}
