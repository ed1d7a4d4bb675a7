// The .NET type of a result column, from its declared type's affinity. The reader
// reports this type for every row of the column (also a NULL first row), so
// Dapper's cached mapping never breaks; values of another storage class are
// converted to it when read through GetValue.
using System.Data;

namespace SharpCoreDB.Data;

/// <summary>Column type mapping between SQL affinities, .NET types and DbTypes.</summary>
internal static class ColumnTypes
{
    /// <summary>
    /// The .NET type a column reads as: Guid for a declared GUID, UUID or UNIQUEIDENTIFIER (their affinity is NUMERIC,
    /// which says nothing of the values; a Guid parameter is stored in 16 bytes), else by affinity; null when only
    /// the values can tell (None, Numeric).
    /// </summary>
    public static Type? FieldType(string? declaredType, SqlTypeAffinity affinity) =>
        IsGuidType(declaredType) ? typeof(Guid) : FieldType(affinity);

    /// <summary>The .NET type a column of this affinity reads as; null when only the values can tell (None, Numeric).</summary>
    public static Type? FieldType(SqlTypeAffinity affinity) => affinity switch
    {
        SqlTypeAffinity.Integer => typeof(long),
        SqlTypeAffinity.Real => typeof(double),
        SqlTypeAffinity.Text => typeof(string),
        SqlTypeAffinity.Blob => typeof(byte[]),
        SqlTypeAffinity.Boolean => typeof(bool),
        SqlTypeAffinity.DateTime => typeof(DateTime),
        SqlTypeAffinity.Decimal => typeof(decimal),
        _ => null,
    };

    private static bool IsGuidType(string? declaredType)
    {
        if (declaredType is null)
        {
            return false;
        }

        ReadOnlySpan<char> name = declaredType.AsSpan().Trim();
        return name.Equals("GUID", StringComparison.OrdinalIgnoreCase) || name.Equals("UUID", StringComparison.OrdinalIgnoreCase)
            || name.Equals("UNIQUEIDENTIFIER", StringComparison.OrdinalIgnoreCase);
    }

    /// <summary>The type name reported by GetDataTypeName when a column has no declared type.</summary>
    public static string TypeName(SqlTypeAffinity affinity) => affinity switch
    {
        SqlTypeAffinity.Integer => "INTEGER",
        SqlTypeAffinity.Real => "REAL",
        SqlTypeAffinity.Text => "TEXT",
        SqlTypeAffinity.Blob => "BLOB",
        SqlTypeAffinity.Boolean => "BOOLEAN",
        SqlTypeAffinity.DateTime => "DATETIME",
        SqlTypeAffinity.Decimal => "DECIMAL",
        SqlTypeAffinity.Numeric => "NUMERIC",
        _ => "",
    };

    /// <summary>The DbType of a .NET field type.</summary>
    public static DbType DbTypeOf(Type type) => Type.GetTypeCode(type) switch
    {
        TypeCode.Int64 => DbType.Int64,
        TypeCode.Double => DbType.Double,
        TypeCode.String => DbType.String,
        TypeCode.Boolean => DbType.Boolean,
        TypeCode.DateTime => DbType.DateTime,
        TypeCode.Decimal => DbType.Decimal,
        _ => type == typeof(byte[]) ? DbType.Binary : type == typeof(Guid) ? DbType.Guid : DbType.Object,
    };
}
