// Converts a parameter's .NET value into the engine's DbValue. The value's own
// type decides, except where an explicitly set DbType asks for another storage
// class (DbType.String turns 42 into '42', DbType.Binary turns a Guid into 16 bytes).
//
// Dates: a Local DateTime is converted to UTC, an Unspecified one is stored as
// it is (taken as UTC), so that a value written is the value read back on any
// machine; DateTimeOffset is stored as its UTC instant; DateOnly as midnight UTC.
// TimeSpan and TimeOnly are stored as integer ticks (they order correctly).
using System.Data;
using System.Globalization;
using System.Text;

namespace SharpCoreDB.Data;

/// <summary>Turns parameter values into engine values.</summary>
internal static class ParameterValueBinder
{
    /// <summary>The engine value of <paramref name="parameter"/>.</summary>
    public static DbValue Bind(SharpCoreDBParameter parameter)
    {
        // As ADO.NET specifies (and Microsoft.Data.Sqlite and SqlClient do): null means "never set", DBNull.Value
        // is SQL NULL, so a forgotten assignment fails instead of silently writing NULL.
        object given = parameter.Value ?? throw new InvalidOperationException(
            $"Parameter '{parameter.ParameterName}' has no Value: set it, to DBNull.Value for NULL.");
        DbValue value = ToDbValue(given, parameter.ParameterName);
        if (parameter.Size > 0)
        {
            value = Truncate(value, parameter.Size);
        }

        return parameter.HasExplicitDbType ? Coerce(value, parameter.DbType, parameter.ParameterName) : value;
    }

    /// <summary>The engine value of a .NET value, by its runtime type.</summary>
    public static DbValue ToDbValue(object? value, string name)
    {
        return value switch
        {
            null or DBNull => DbValue.Null,
            string s => DbValue.FromText(s),
            long l => DbValue.FromInt64(l),
            int i => DbValue.FromInt64(i),
            bool b => DbValue.FromBoolean(b),
            double d => DbValue.FromDouble(d),
            decimal m => DbValue.FromDecimal(m),
            DateTime dt => FromDateTime(dt),
            Guid g => DbValue.FromGuid(g),
            byte[] bytes => DbValue.FromBlob(bytes.AsSpan()),
            Enum e => FromEnum(e),
            short s16 => DbValue.FromInt64(s16),
            byte u8 => DbValue.FromInt64(u8),
            sbyte s8 => DbValue.FromInt64(s8),
            ushort u16 => DbValue.FromInt64(u16),
            uint u32 => DbValue.FromInt64(u32),
            ulong u64 => u64 <= long.MaxValue ? DbValue.FromInt64((long)u64) : DbValue.FromDecimal(u64),
            float f => DbValue.FromDouble(f),
            char c => DbValue.FromText(c.ToString()),
            char[] chars => DbValue.FromText(new string(chars)),
            DateTimeOffset dto => DbValue.FromDateTimeTicks(dto.UtcTicks),
            DateOnly date => DbValue.FromDateTimeTicks(date.ToDateTime(TimeOnly.MinValue).Ticks),
            TimeOnly time => DbValue.FromInt64(time.Ticks),
            TimeSpan span => DbValue.FromInt64(span.Ticks),
            ReadOnlyMemory<byte> rom => DbValue.FromBlob(rom.Span),
            Memory<byte> mem => DbValue.FromBlob(mem.Span),
            ArraySegment<byte> segment => DbValue.FromBlob(segment.AsSpan()),
            Stream stream => DbValue.FromBlob(ReadAll(stream)),
            TextReader reader => DbValue.FromText(reader.ReadToEnd()),
            _ => throw new NotSupportedException(
                $"Parameter '{name}' has a value of type {value.GetType().FullName}, which SharpCoreDB cannot store."),
        };
    }

    /// <summary>The engine value of what application function <paramref name="function"/> returned.</summary>
    public static DbValue FromFunctionResult(object? result, string function)
    {
        try
        {
            return ToDbValue(result, function);
        }
        catch (NotSupportedException)
        {
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.TypeMismatch,
                $"function {function}() returned a value of type {result!.GetType().FullName}, which SharpCoreDB cannot store.");
        }
    }

    /// <summary>A DateTime as stored: Local converted to UTC, Utc and Unspecified kept as they are.</summary>
    public static DbValue FromDateTime(DateTime value) =>
        DbValue.FromDateTimeTicks(value.Kind == DateTimeKind.Local ? value.ToUniversalTime().Ticks : value.Ticks);

    private static DbValue FromEnum(Enum value) =>
        Type.GetTypeCode(Enum.GetUnderlyingType(value.GetType())) == TypeCode.UInt64
            ? ToDbValue(Convert.ToUInt64(value, CultureInfo.InvariantCulture), "")
            : DbValue.FromInt64(Convert.ToInt64(value, CultureInfo.InvariantCulture));

    private static byte[] ReadAll(Stream stream)
    {
        using var copy = new MemoryStream();
        stream.CopyTo(copy);
        return copy.ToArray();
    }

    private static DbValue Truncate(DbValue value, int size) => value.Type switch
    {
        DbValueType.Text when value.AsText().Length > size => DbValue.FromText(value.AsText()[..size]),
        DbValueType.Blob when value.AsBlob().Length > size => DbValue.FromBlob(value.AsBlob().AsSpan(0, size)),
        _ => value,
    };

    /// <summary>Converts a bound value to the storage class an explicit DbType asks for.</summary>
    private static DbValue Coerce(DbValue value, DbType type, string name)
    {
        if (value.IsNull)
        {
            return value;
        }

        try
        {
            return type switch
            {
                DbType.String or DbType.AnsiString or DbType.StringFixedLength or DbType.AnsiStringFixedLength or DbType.Xml =>
                    value.Type == DbValueType.Text ? value : DbValue.FromText(FieldValueConverter.ToText(value)),
                DbType.Int16 or DbType.Int32 or DbType.Int64 or DbType.Byte or DbType.SByte or DbType.UInt16 or DbType.UInt32 =>
                    value.Type == DbValueType.Integer ? value : DbValue.FromInt64(FieldValueConverter.ToInt64(value)),
                DbType.Double or DbType.Single => value.Type == DbValueType.Real ? value : DbValue.FromDouble(FieldValueConverter.ToDouble(value)),
                DbType.Decimal or DbType.Currency or DbType.VarNumeric =>
                    value.Type == DbValueType.Decimal ? value : DbValue.FromDecimal(FieldValueConverter.ToDecimal(value)),
                DbType.Boolean => value.Type == DbValueType.Boolean ? value : DbValue.FromBoolean(FieldValueConverter.ToBoolean(value)),
                DbType.Guid => value.Type == DbValueType.Guid ? value : DbValue.FromGuid(FieldValueConverter.ToGuid(value)),
                DbType.Binary => value.Type switch
                {
                    DbValueType.Blob => value,
                    DbValueType.Guid => DbValue.FromBlob(value.AsGuid().ToByteArray()),
                    DbValueType.Text => DbValue.FromBlob(Encoding.UTF8.GetBytes(value.AsText())),
                    _ => throw new InvalidCastException(),
                },
                DbType.DateTime or DbType.DateTime2 or DbType.Date or DbType.DateTimeOffset =>
                    value.Type == DbValueType.DateTime ? value : FromDateTime(FieldValueConverter.ToDateTime(value)),
                _ => value,
            };
        }
        catch (Exception e) when (e is InvalidCastException or FormatException or OverflowException)
        {
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.TypeMismatch, $"Parameter '{name}': a {value.Type} value cannot be sent as DbType.{type}.", e);
        }
    }
}
