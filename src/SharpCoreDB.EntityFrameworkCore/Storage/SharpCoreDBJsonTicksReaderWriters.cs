// How a TimeOnly or TimeSpan is written inside JSON (a ToJson() document, a primitive collection,
// a collection parameter sent as JSON): as its 100 ns ticks, a JSON number, the same integer the
// provider's TIME and TIMESPAN columns hold. Then what json_each and ->> read out of the JSON
// compares, sorts and sums with a column or a parameter as the column would; EF Core's default,
// text such as "01:30:00", would compare as text with an integer (always greater, in SQLite's
// order of types) and give wrong answers. Text written by another writer is still read.
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
