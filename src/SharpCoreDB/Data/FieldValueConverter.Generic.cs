// The generic half of FieldValueConverter: GetFieldValue<T> for every type the
// reader supports, nullable wrappers, enums, streams and text readers.
using System.Text;

namespace SharpCoreDB.Data;

internal static partial class FieldValueConverter
{
    /// <summary>The value as <typeparamref name="T"/>; NULL gives default for nullable and reference types that allow it.</summary>
    public static T To<T>(DbValue value)
    {
        // Value types first: the JIT keeps only the matching branch for each T, without boxing.
        if (typeof(T) == typeof(long))
        {
            return (T)(object)ToInt64(value);
        }

        if (typeof(T) == typeof(int))
        {
            return (T)(object)checked((int)ToInt64(value));
        }

        if (typeof(T) == typeof(double))
        {
            return (T)(object)ToDouble(value);
        }

        if (typeof(T) == typeof(bool))
        {
            return (T)(object)ToBoolean(value);
        }

        if (typeof(T) == typeof(decimal))
        {
            return (T)(object)ToDecimal(value);
        }

        if (typeof(T) == typeof(DateTime))
        {
            return (T)(object)ToDateTime(value);
        }

        if (typeof(T) == typeof(Guid))
        {
            return (T)(object)ToGuid(value);
        }

        if (typeof(T) == typeof(short))
        {
            return (T)(object)checked((short)ToInt64(value));
        }

        if (typeof(T) == typeof(byte))
        {
            return (T)(object)checked((byte)ToInt64(value));
        }

        if (typeof(T) == typeof(float))
        {
            return (T)(object)(float)ToDouble(value);
        }

        if (typeof(T) == typeof(DateTimeOffset))
        {
            return (T)(object)ToDateTimeOffset(value);
        }

        if (typeof(T) == typeof(DateOnly))
        {
            return (T)(object)ToDateOnly(value);
        }

        if (typeof(T) == typeof(TimeOnly))
        {
            return (T)(object)ToTimeOnly(value);
        }

        if (typeof(T) == typeof(TimeSpan))
        {
            return (T)(object)ToTimeSpan(value);
        }

        if (typeof(T) == typeof(char))
        {
            return (T)(object)ToChar(value);
        }

        return (T)ToObjectOf(value, typeof(T))!;
    }

    /// <summary>The value as <paramref name="target"/> (the reflection path, used for the less common types).</summary>
    public static object? ToObjectOf(DbValue value, Type target)
    {
        Type? underlying = Nullable.GetUnderlyingType(target);
        if (underlying is not null)
        {
            return value.IsNull ? null : ToObjectOf(value, underlying);
        }

        if (target == typeof(object))
        {
            return ToObject(value);
        }

        if (target == typeof(DBNull))
        {
            return value.IsNull ? DBNull.Value : throw Cast(value, target);
        }

        if (value.IsNull)
        {
            // Reference types read NULL as null (what Dapper and EF expect of GetFieldValue<string?>), except
            // a stream or text reader: there is nothing to read, and ADO.NET asks for InvalidCastException.
            return target.IsValueType || typeof(Stream).IsAssignableFrom(target) || typeof(TextReader).IsAssignableFrom(target)
                ? throw NullCast(target)
                : null;
        }

        if (target.IsEnum)
        {
            return value.Type == DbValueType.Text
                ? Enum.Parse(target, value.AsText(), ignoreCase: true)
                : Enum.ToObject(target, ToInt64(value));
        }

        return Type.GetTypeCode(target) switch
        {
            TypeCode.String => ToText(value),
            TypeCode.Int64 => ToInt64(value),
            TypeCode.Int32 => checked((int)ToInt64(value)),
            TypeCode.Int16 => checked((short)ToInt64(value)),
            TypeCode.Byte => checked((byte)ToInt64(value)),
            TypeCode.SByte => checked((sbyte)ToInt64(value)),
            TypeCode.UInt16 => checked((ushort)ToInt64(value)),
            TypeCode.UInt32 => checked((uint)ToInt64(value)),
            TypeCode.UInt64 => value.Type == DbValueType.Decimal ? decimal.ToUInt64(value.AsDecimal()) : checked((ulong)ToInt64(value)),
            TypeCode.Double => ToDouble(value),
            TypeCode.Single => (float)ToDouble(value),
            TypeCode.Decimal => ToDecimal(value),
            TypeCode.Boolean => ToBoolean(value),
            TypeCode.DateTime => ToDateTime(value),
            TypeCode.Char => ToChar(value),
            _ => ToOtherObject(value, target),
        };
    }

    private static object ToOtherObject(DbValue value, Type target)
    {
        if (target == typeof(byte[]))
        {
            return ToBytes(value);
        }

        if (target == typeof(Guid))
        {
            return ToGuid(value);
        }

        if (target == typeof(DateTimeOffset))
        {
            return ToDateTimeOffset(value);
        }

        if (target == typeof(DateOnly))
        {
            return ToDateOnly(value);
        }

        if (target == typeof(TimeOnly))
        {
            return ToTimeOnly(value);
        }

        if (target == typeof(TimeSpan))
        {
            return ToTimeSpan(value);
        }

        if (target == typeof(char[]))
        {
            return ToText(value).ToCharArray();
        }

        if (target == typeof(Stream) || target == typeof(MemoryStream))
        {
            return new MemoryStream(ToBytes(value), writable: false);
        }

        if (target == typeof(TextReader) || target == typeof(StringReader))
        {
            return new StringReader(ToText(value));
        }

        object natural = ToObject(value);
        if (target.IsInstanceOfType(natural))
        {
            return natural;
        }

        throw Cast(value, target);
    }

    /// <summary>Copies part of a blob (or UTF-8 text) into <paramref name="buffer"/>, as GetBytes does.</summary>
    public static long CopyBytes(DbValue value, long dataOffset, byte[]? buffer, int bufferOffset, int length)
    {
        byte[] bytes = ToBytes(value);
        if (buffer is null)
        {
            return bytes.Length;
        }

        ArgumentOutOfRangeException.ThrowIfNegative(dataOffset);
        CheckBufferOffset(bufferOffset, buffer.Length);
        int start = (int)Math.Min(dataOffset, bytes.Length);
        int count = Math.Min(length, bytes.Length - start);
        Array.Copy(bytes, start, buffer, bufferOffset, count);
        return count;
    }

    /// <summary>Copies part of a text into <paramref name="buffer"/>, as GetChars does.</summary>
    public static long CopyChars(DbValue value, long dataOffset, char[]? buffer, int bufferOffset, int length)
    {
        string text = value.Type == DbValueType.Blob ? Encoding.UTF8.GetString(value.AsBlob()) : ToText(value);
        if (buffer is null)
        {
            return text.Length;
        }

        ArgumentOutOfRangeException.ThrowIfNegative(dataOffset);
        CheckBufferOffset(bufferOffset, buffer.Length);
        int start = (int)Math.Min(dataOffset, text.Length);
        int count = Math.Min(length, text.Length - start);
        text.CopyTo(start, buffer, bufferOffset, count);
        return count;
    }

    // An offset at the buffer's end is allowed (nothing is copied there); one past it is out of range.
    private static void CheckBufferOffset(int bufferOffset, int bufferLength)
    {
        if (bufferOffset < 0 || bufferOffset > bufferLength)
        {
            throw new ArgumentOutOfRangeException(nameof(bufferOffset), bufferOffset, $"The buffer holds {bufferLength} elements.");
        }
    }
}
