// Row versions ([Timestamp], IsRowVersion(): a concurrency token generated on add and
// update) that the provider makes itself, since the engine, like SQLite, has no rowversion
// type. A BLOB version gets randomblob(8), an integer one COALESCE(column, 0) + 1, in the
// statement that changes the row: SaveChanges' INSERT and UPDATE (read back with RETURNING)
// and ExecuteUpdate. The SQLite provider leaves such a column NULL, so it never detects a
// conflict. A table that declares triggers (ToTable(t => t.HasTrigger(...)), the SQLite
// provider's documented recipe: an AFTER UPDATE trigger sets the version) is left to its
// triggers, as is a column with computed SQL; and so is a version of another type.
using Microsoft.EntityFrameworkCore.Metadata;
using Microsoft.EntityFrameworkCore.Storage;

namespace SharpCoreDB.EntityFrameworkCore.Update;

internal static class RowVersions
{
    /// <summary>Whether statements on the table read generated values after its triggers ran (a SELECT after the statement, not RETURNING).</summary>
    public static bool HasTriggers(ITableBase? table) => table is ITable { Triggers: var triggers } && triggers.Any();

    /// <summary>The SQL of the column's next version in an UPDATE, or null when the provider does not make it.</summary>
    public static string? NextValue(IColumnBase? column, ISqlGenerationHelper sql, string? tableAlias = null) =>
        Kind(column) switch
        {
            VersionKind.Blob => "randomblob(8)",
            VersionKind.Integer => $"COALESCE({(tableAlias is null ? "" : sql.DelimitIdentifier(tableAlias) + ".")}{sql.DelimitIdentifier(column!.Name)}, 0) + 1",
            _ => null,
        };

    /// <summary>The SQL of the column's first version in an INSERT, or null when the provider does not make it (or the column has a default).</summary>
    public static string? InitialValue(IColumnBase? column) =>
        column is IColumn { DefaultValueSql: not null } or IColumn { DefaultValue: not null }
            ? null
            : Kind(column) switch
            {
                VersionKind.Blob => "randomblob(8)",
                VersionKind.Integer => "1",
                _ => null,
            };

    private static VersionKind Kind(IColumnBase? column)
    {
        if (column is null || column is IColumn { ComputedColumnSql: not null } || HasTriggers(column.Table)
            || !column.PropertyMappings.Any(m => m.Property is { IsConcurrencyToken: true, ValueGenerated: ValueGenerated.OnAddOrUpdate }))
        {
            return VersionKind.None;
        }

        Type type = Nullable.GetUnderlyingType(column.ProviderClrType) ?? column.ProviderClrType;
        return type == typeof(byte[]) ? VersionKind.Blob
            : type == typeof(long) || type == typeof(ulong) || type == typeof(int) || type == typeof(uint) ? VersionKind.Integer
            : VersionKind.None;
    }

    private enum VersionKind
    {
        None,
        Blob,
        Integer,
    }
}
