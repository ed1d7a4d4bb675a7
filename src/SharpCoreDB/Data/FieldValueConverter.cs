// Converts engine values (DbValue) into the .NET types the reader's getters
// return. Each getter accepts the storage classes that hold its type without loss
// (an INTEGER column read as int, a DECIMAL as double, a TEXT holding a GUID as
// Guid) and throws InvalidCastException for the rest; NULL throws too, except for
// reference and nullable targets. The generic path tests typeof(T) so that value
// types are returned without boxing.
using System.Globalization;
using System.Text;

namespace SharpCoreDB.Data;

/// <summary>DbValue to .NET conversions for the data reader.</summary>
internal static partial class FieldValueConverter
{
    /// <summary>The value in its natural .NET type (DBNull for NULL).</summary>
    public static object ToObject(DbValue value) => value.Type switch
    {
        DbValueType.Null => DBNull.Value,
        DbValueType.Integer => value.AsInt64(),
        DbValueType.Real => value.AsDouble(),
        DbValueType.Text => value.AsText(),
        DbValueType.Blob => value.AsBlob(),
        DbValueType.Boolean => value.AsBoolean(),
        DbValueType.DateTime => value.AsDateTime(),
        DbValueType.Decimal => value.AsDecimal(),
        DbValueType.Guid => value.AsGuid(),
        _ => throw new InvalidCastException($"Unknown value type {value.Type}."),
    };

    /// <summary>The natural .NET type of a stored value.</summary>
    public static Type NaturalType(DbValueType type) => type switch
    {
        DbValueType.Integer => typeof(long),
        DbValueType.Real => typeof(double),
        DbValueType.Text => typeof(string),
        DbValueType.Blob => typeof(byte[]),
        DbValueType.Boolean => typeof(bool),
        DbValueType.DateTime => typeof(DateTime),
        DbValueType.Decimal => typeof(decimal),
        DbValueType.Guid => typeof(Guid),
        _ => typeof(object),
    };

    public static long ToInt64(DbValue value) => value.Type switch
    {
        DbValueType.Integer or DbValueType.Boolean => value.AsInt64(),
        DbValueType.Real => checked((long)IntegralDouble(value.AsDouble())),
        DbValueType.Decimal => decimal.ToInt64(IntegralDecimal(value.AsDecimal())),
        DbValueType.Text => long.Parse(value.AsText(), NumberStyles.Integer, CultureInfo.InvariantCulture),
        DbValueType.Null => throw NullCast(typeof(long)),
        _ => throw Cast(value, typeof(long)),
    };

    public static double ToDouble(DbValue value) => value.Type switch
    {
        DbValueType.Real => value.AsDouble(),
        DbValueType.Integer or DbValueType.Boolean => value.AsInt64(),
        DbValueType.Decimal => (double)value.AsDecimal(),
        DbValueType.Text => double.Parse(value.AsText(), NumberStyles.Float, CultureInfo.InvariantCulture),
        DbValueType.Null => throw NullCast(typeof(double)),
        _ => throw Cast(value, typeof(double)),
    };

    public static decimal ToDecimal(DbValue value) => value.Type switch
    {
        DbValueType.Decimal => value.AsDecimal(),
        DbValueType.Integer or DbValueType.Boolean => value.AsInt64(),
        DbValueType.Real => (decimal)value.AsDouble(),
        DbValueType.Text => decimal.Parse(value.AsText(), NumberStyles.Float, CultureInfo.InvariantCulture),
        DbValueType.Null => throw NullCast(typeof(decimal)),
        _ => throw Cast(value, typeof(decimal)),
    };

    public static bool ToBoolean(DbValue value) => value.Type switch
    {
        DbValueType.Boolean => value.AsBoolean(),
        DbValueType.Integer => value.AsInt64() != 0,
        DbValueType.Real => value.AsDouble() != 0,
        DbValueType.Decimal => value.AsDecimal() != 0,
        DbValueType.Text => ParseBoolean(value.AsText()),
        DbValueType.Null => throw NullCast(typeof(bool)),
        _ => throw Cast(value, typeof(bool)),
    };

    public static string ToText(DbValue value) => value.Type switch
    {
        DbValueType.Text => value.AsText(),
        DbValueType.Blob => Encoding.UTF8.GetString(value.AsBlob()),
        DbValueType.Null => throw NullCast(typeof(string)),
        _ => value.ToString(),
    };

    public static Guid ToGuid(DbValue value) => value.Type switch
    {
        DbValueType.Guid => value.AsGuid(),
        DbValueType.Text => Guid.Parse(value.AsText()),
        DbValueType.Blob when value.AsBlob().Length == 16 => new Guid(value.AsBlob()),
        DbValueType.Null => throw NullCast(typeof(Guid)),
        _ => throw Cast(value, typeof(Guid)),
    };

    /// <summary>A DateTime with Kind = Utc for stored date-times; text is parsed (round-trip "O" or invariant forms).</summary>
    public static DateTime ToDateTime(DbValue value) => value.Type switch
    {
        DbValueType.DateTime => value.AsDateTime(),
        DbValueType.Text => DateTime.Parse(value.AsText(), CultureInfo.InvariantCulture, DateTimeStyles.RoundtripKind),
        DbValueType.Null => throw NullCast(typeof(DateTime)),
        _ => throw Cast(value, typeof(DateTime)),
    };

    public static DateTimeOffset ToDateTimeOffset(DbValue value) => value.Type switch
    {
        DbValueType.DateTime => new DateTimeOffset(value.AsDateTimeTicks(), TimeSpan.Zero),
        DbValueType.Text => DateTimeOffset.Parse(value.AsText(), CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal),
        DbValueType.Null => throw NullCast(typeof(DateTimeOffset)),
        _ => throw Cast(value, typeof(DateTimeOffset)),
    };

    public static DateOnly ToDateOnly(DbValue value) => value.Type switch
    {
        DbValueType.DateTime => DateOnly.FromDateTime(value.AsDateTime()),
        DbValueType.Text => DateOnly.FromDateTime(ToDateTime(value)),
        DbValueType.Null => throw NullCast(typeof(DateOnly)),
        _ => throw Cast(value, typeof(DateOnly)),
    };

    public static TimeSpan ToTimeSpan(DbValue value) => value.Type switch
    {
        DbValueType.Integer => new TimeSpan(value.AsInt64()),
        DbValueType.Text => TimeSpan.Parse(value.AsText(), CultureInfo.InvariantCulture),
        DbValueType.DateTime => value.AsDateTime().TimeOfDay,
        DbValueType.Null => throw NullCast(typeof(TimeSpan)),
        _ => throw Cast(value, typeof(TimeSpan)),
    };

    public static TimeOnly ToTimeOnly(DbValue value) => value.Type switch
    {
        DbValueType.Integer => new TimeOnly(value.AsInt64()),
        DbValueType.Text => TimeOnly.Parse(value.AsText(), CultureInfo.InvariantCulture),
        DbValueType.DateTime => TimeOnly.FromDateTime(value.AsDateTime()),
        DbValueType.Null => throw NullCast(typeof(TimeOnly)),
        _ => throw Cast(value, typeof(TimeOnly)),
    };

    public static byte[] ToBytes(DbValue value) => value.Type switch
    {
        DbValueType.Blob => value.AsBlob(),
        DbValueType.Text => Encoding.UTF8.GetBytes(value.AsText()),
        DbValueType.Guid => value.AsGuid().ToByteArray(),
        DbValueType.Null => throw NullCast(typeof(byte[])),
        _ => throw Cast(value, typeof(byte[])),
    };

    public static char ToChar(DbValue value) => value.Type switch
    {
        DbValueType.Text when value.AsText().Length > 0 => value.AsText()[0],
        DbValueType.Integer => checked((char)value.AsInt64()),
        DbValueType.Null => throw NullCast(typeof(char)),
        _ => throw Cast(value, typeof(char)),
    };

    internal static InvalidCastException NullCast(Type target) =>
        new($"The value is NULL; it cannot be read as {target.Name}. Check IsDBNull first or read a nullable type.");

    internal static InvalidCastException Cast(DbValue value, Type target) =>
        new($"A {value.Type} value cannot be read as {target.Name}.");

    private static bool ParseBoolean(string text)
    {
        if (bool.TryParse(text, out bool b))
        {
            return b;
        }

        return long.TryParse(text, NumberStyles.Integer, CultureInfo.InvariantCulture, out long l)
            ? l != 0
            : throw new InvalidCastException($"The text '{text}' is not a boolean.");
    }

    private static double IntegralDouble(double d) =>
        Math.Truncate(d) == d ? d : throw new InvalidCastException($"The real {d} has a fraction; it cannot be read as an integer.");

    private static decimal IntegralDecimal(decimal d) =>
        decimal.Truncate(d) == d ? d : throw new InvalidCastException($"The decimal {d} has a fraction; it cannot be read as an integer.");
}
