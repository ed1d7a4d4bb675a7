// How a TimeOnly, TimeSpan or byte[] is written inside JSON (a ToJson() document, a primitive
// collection, a collection parameter sent as JSON). A TimeOnly or TimeSpan is its 100 ns ticks, a
// JSON number, the same integer the provider's TIME and TIMESPAN columns hold: what json_each and
// ->> read out of the JSON then compares, sorts and sums with a column or a parameter as the
// column would. EF Core's default, text such as "01:30:00", would compare as text with an integer
// (always greater, in SQLite's order of types) and give wrong answers; text written by another
// writer is still read. A byte[] is upper-case hex, as SQLite's provider writes it, which the
// query reads back into a BLOB with unhex() (JsonValueConversion); the default, base64, has no
// SQL function to decode it.
using System.Globalization;
using System.Linq.Expressions;
using System.Reflection;
using System.Text.Json;
using Microsoft.EntityFrameworkCore.Storage.Json;

namespace SharpCoreDB.EntityFrameworkCore.Storage;

internal sealed class SharpCoreDBJsonTimeOnlyReaderWriter : JsonValueReaderWriter<TimeOnly>
{
    private static readonly PropertyInfo InstanceProperty = typeof(SharpCoreDBJsonTimeOnlyReaderWriter).GetProperty(nameof(Instance))!;

    private SharpCoreDBJsonTimeOnlyReaderWriter()
    {
    }

    public static SharpCoreDBJsonTimeOnlyReaderWriter Instance { get; } = new();

    public override Expression ConstructorExpression => Expression.Property(null, InstanceProperty);

    public override TimeOnly FromJsonTyped(ref Utf8JsonReaderManager manager, object? existingObject = null) =>
        manager.CurrentReader.TokenType == JsonTokenType.Number
            ? new TimeOnly(manager.CurrentReader.GetInt64())
            : TimeOnly.Parse(manager.CurrentReader.GetString()!, CultureInfo.InvariantCulture);

    public override void ToJsonTyped(Utf8JsonWriter writer, TimeOnly value) => writer.WriteNumberValue(value.Ticks);
}

internal sealed class SharpCoreDBJsonTimeSpanReaderWriter : JsonValueReaderWriter<TimeSpan>
{
    private static readonly PropertyInfo InstanceProperty = typeof(SharpCoreDBJsonTimeSpanReaderWriter).GetProperty(nameof(Instance))!;

    private SharpCoreDBJsonTimeSpanReaderWriter()
    {
    }

    public static SharpCoreDBJsonTimeSpanReaderWriter Instance { get; } = new();

    public override Expression ConstructorExpression => Expression.Property(null, InstanceProperty);

    public override TimeSpan FromJsonTyped(ref Utf8JsonReaderManager manager, object? existingObject = null) =>
        manager.CurrentReader.TokenType == JsonTokenType.Number
            ? new TimeSpan(manager.CurrentReader.GetInt64())
            : TimeSpan.Parse(manager.CurrentReader.GetString()!, CultureInfo.InvariantCulture);

    public override void ToJsonTyped(Utf8JsonWriter writer, TimeSpan value) => writer.WriteNumberValue(value.Ticks);
}

internal sealed class SharpCoreDBJsonByteArrayReaderWriter : JsonValueReaderWriter<byte[]>
{
    private static readonly PropertyInfo InstanceProperty = typeof(SharpCoreDBJsonByteArrayReaderWriter).GetProperty(nameof(Instance))!;

    private SharpCoreDBJsonByteArrayReaderWriter()
    {
    }

    public static SharpCoreDBJsonByteArrayReaderWriter Instance { get; } = new();

    public override Expression ConstructorExpression => Expression.Property(null, InstanceProperty);

    public override byte[] FromJsonTyped(ref Utf8JsonReaderManager manager, object? existingObject = null) =>
        Convert.FromHexString(manager.CurrentReader.GetString()!);

    public override void ToJsonTyped(Utf8JsonWriter writer, byte[] value) => writer.WriteStringValue(Convert.ToHexString(value));
}
