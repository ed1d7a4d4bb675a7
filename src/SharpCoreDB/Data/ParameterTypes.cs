// Which DbType a .NET value stands for, and which parameter names carry a prefix.
// Inference follows the value's runtime type (enums by their underlying type), as
// the ADO.NET contract asks for parameters whose DbType was never set.
using System.Data;

namespace SharpCoreDB.Data;

/// <summary>DbType inference and parameter name rules.</summary>
internal static class ParameterTypes
{
    /// <summary>True when <paramref name="name"/> starts with @, : or $.</summary>
    public static bool HasPrefix(string name) => name.Length > 0 && name[0] is '@' or ':' or '$';

    /// <summary>The DbType of a value (String for null, as ADO.NET parameters default to).</summary>
    public static DbType InferDbType(object? value)
    {
        if (value is null || value is DBNull)
        {
            return DbType.String;
        }

        Type type = value.GetType();
        if (type.IsEnum)
        {
            type = Enum.GetUnderlyingType(type);
        }

        return Type.GetTypeCode(type) switch
        {
            TypeCode.Boolean => DbType.Boolean,
            TypeCode.Byte => DbType.Byte,
            TypeCode.SByte => DbType.SByte,
            TypeCode.Int16 => DbType.Int16,
            TypeCode.UInt16 => DbType.UInt16,
            TypeCode.Int32 => DbType.Int32,
            TypeCode.UInt32 => DbType.UInt32,
            TypeCode.Int64 => DbType.Int64,
            TypeCode.UInt64 => DbType.UInt64,
            TypeCode.Single => DbType.Single,
            TypeCode.Double => DbType.Double,
            TypeCode.Decimal => DbType.Decimal,
            TypeCode.DateTime => DbType.DateTime,
            TypeCode.Char => DbType.StringFixedLength,
            TypeCode.String => DbType.String,
            _ => InferObject(value),
        };
    }

    private static DbType InferObject(object value) => value switch
    {
        Guid => DbType.Guid,
        DateTimeOffset => DbType.DateTimeOffset,
        DateOnly => DbType.Date,
        TimeOnly => DbType.Time,
        TimeSpan => DbType.Time,
        byte[] or ReadOnlyMemory<byte> or Memory<byte> or ArraySegment<byte> or Stream => DbType.Binary,
        char[] or TextReader => DbType.String,
        _ => DbType.Object,
    };
}
