// What turns a value read out of a JSON array or document into the value a column of the same
// type holds, so that it compares, sorts and adds up the same way. EF Core writes a DateTime
// or DateOnly into JSON as ISO text ("2024-01-05T10:00:00") and a decimal as a JSON number,
// which json_each and ->> give back as TEXT and REAL; the provider's columns hold DATETIME and
// exact DECIMAL values (docs/efcore.md, Types). CAST(x AS DATETIME | DATE | DECIMAL) makes the
// column's kind of value. A byte[] is hex inside JSON (SharpCoreDBJsonReaderWriters) and
// unhex(x) makes it a BLOB again, as with SQLite's provider. Other types need nothing: numbers,
// strings, booleans (JSON true is 1), TimeOnly and TimeSpan ticks and the provider's TEXT forms
// of Guid and DateTimeOffset are the same inside and outside JSON.
using Microsoft.EntityFrameworkCore.Query;
using Microsoft.EntityFrameworkCore.Query.SqlExpressions;
using Microsoft.EntityFrameworkCore.Storage;
using SharpCoreDB.EntityFrameworkCore.Storage;

namespace SharpCoreDB.EntityFrameworkCore.Query;

internal static class JsonValueConversion
{
    public static SqlExpression ToRelational(SqlExpression jsonValue, RelationalTypeMapping typeMapping, ISqlExpressionFactory sqlExpressionFactory) =>
        typeMapping switch
        {
            { Converter: not null } => jsonValue,
            SharpCoreDBDateTimeTypeMapping or SharpCoreDBDateOnlyTypeMapping or SharpCoreDBDecimalTypeMapping
                => sqlExpressionFactory.Convert(jsonValue, jsonValue.Type, typeMapping),
            SharpCoreDBByteArrayTypeMapping
                => sqlExpressionFactory.StrictFunction("unhex", [jsonValue], typeof(byte[]), typeMapping),
            _ => jsonValue,
        };

    // The element type of a collection type (int[] gives int, List<string?> string).
    public static Type ElementType(Type collectionType)
    {
        if (collectionType.IsArray)
        {
            return collectionType.GetElementType()!;
        }

        Type? enumerable = IsEnumerable(collectionType) ? collectionType : collectionType.GetInterfaces().FirstOrDefault(IsEnumerable);
        return enumerable?.GetGenericArguments()[0] ?? throw new InvalidOperationException($"'{collectionType}' is not a collection of values.");

        static bool IsEnumerable(Type type) => type.IsGenericType && type.GetGenericTypeDefinition() == typeof(IEnumerable<>);
    }
}
