// Marks the columns the engine numbers itself. A key of one integer column whose value
// EF Core expects the database to generate becomes INTEGER PRIMARY KEY AUTOINCREMENT in
// migrations (the rowid: no separate index, and a deleted row's key is never reused,
// as with the SQLite provider).
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Metadata;

namespace SharpCoreDB.EntityFrameworkCore.Metadata;

internal sealed class SharpCoreDBAnnotationProvider(RelationalAnnotationProviderDependencies dependencies) : RelationalAnnotationProvider(dependencies)
{
    /// <summary>The annotation on a column that is numbered by the database.</summary>
    public const string Autoincrement = "SharpCoreDB:Autoincrement";

    public override IEnumerable<IAnnotation> For(IColumn column, bool designTime)
    {
        if (IsAutoincrement(column))
        {
            yield return new Annotation(Autoincrement, true);
        }
    }

    // Decided from the entity type's key, not the table's: the relational model adds a column's
    // annotations before it has built the table's constraints.
    private static bool IsAutoincrement(IColumn column)
    {
        foreach (IColumnMapping mapping in column.PropertyMappings)
        {
            IProperty property = mapping.Property;
            if (property.DeclaringType.ContainingEntityType.FindPrimaryKey() is not { Properties: [var key] } || key != property)
            {
                continue;
            }

            Type type = property.GetValueConverter()?.ProviderClrType ?? property.FindTypeMapping()?.Converter?.ProviderClrType ?? property.ClrType;
            type = Nullable.GetUnderlyingType(type) ?? type;
            if (property.ValueGenerated == ValueGenerated.OnAdd && IsInteger(type) && !property.IsForeignKey()
                && property.GetDefaultValueSql() is null && !property.TryGetDefaultValue(out _) && property.GetComputedColumnSql() is null)
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsInteger(Type type) =>
        type == typeof(long) || type == typeof(int) || type == typeof(short) || type == typeof(byte)
        || type == typeof(ulong) || type == typeof(uint) || type == typeof(ushort) || type == typeof(sbyte);
}
