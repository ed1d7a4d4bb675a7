// Query results as text that is equal exactly when the results are: JSON with dates as
// ticks (a DateTime's Kind is not part of its value; or whole seconds, when asked), decimals without trailing zeros
// (SQLite's provider stores 1.50m as '1.5'), doubles and floats to 12 significant
// digits (a sum in another order differs in the last bits), and cycles cut.
using System.Globalization;
using System.Text.Json;
using System.Text.Json.Serialization;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Shop;

/// <summary>How much of a DateTime the text keeps.</summary>
public enum DatePrecision
{
    /// <summary>Every 100 ns tick.</summary>
    Ticks,

    /// <summary>Whole seconds (for results that the two engines round differently below a second).</summary>
    Seconds,
}

public static class CanonicalJson
{
    private static readonly JsonSerializerOptions Options = Create(DatePrecision.Ticks);
    private static readonly JsonSerializerOptions SecondsOptions = Create(DatePrecision.Seconds);

    public static string Of(object? value, DatePrecision precision = DatePrecision.Ticks) =>
        JsonSerializer.Serialize(value, precision == DatePrecision.Ticks ? Options : SecondsOptions);

    private static JsonSerializerOptions Create(DatePrecision precision) => new()
    {
        ReferenceHandler = ReferenceHandler.IgnoreCycles,
        Converters =
        {
            new Writer<DateTime>((w, v) => w.WriteStringValue($"{(precision == DatePrecision.Ticks ? v.Ticks : v.Ticks / TimeSpan.TicksPerSecond)}")),
            new Writer<DateTimeOffset>((w, v) => w.WriteStringValue($"{v.Ticks}{v.Offset}")),
            new Writer<decimal>((w, v) => w.WriteRawValue((v / 1.000000000000000000000000000000000m).ToString(CultureInfo.InvariantCulture))),
            new Writer<double>((w, v) => w.WriteStringValue(v.ToString("G12", CultureInfo.InvariantCulture))),
            new Writer<float>((w, v) => w.WriteStringValue(((double)v).ToString("G7", CultureInfo.InvariantCulture))),
        },
    };

    private sealed class Writer<T>(Action<Utf8JsonWriter, T> write) : JsonConverter<T>
    {
        public override T Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => throw new NotSupportedException();

        public override void Write(Utf8JsonWriter writer, T value, JsonSerializerOptions options) => write(writer, value);
    }
}
