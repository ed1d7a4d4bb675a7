// Which column type each CLR type gets, and which CLR type a column type reads as.
//
//   long, int, short, byte, sbyte, ushort, uint, ulong ... INTEGER
//   bool ................................................. BOOLEAN  (SharpCoreDB's own; 0/1 in arithmetic)
//   double, float ........................................ REAL
//   decimal .............................................. DECIMAL  (exact System.Decimal, not REAL nor TEXT)
//   string, char ......................................... TEXT
//   byte[] ............................................... BLOB
//   DateTime ............................................. DATETIME (100 ns ticks; sorts and compares as time)
//   DateOnly ............................................. DATE     (DATETIME affinity, at midnight)
//   TimeOnly, TimeSpan ................................... TIME, TIMESPAN (100 ns ticks)
//   DateTimeOffset ....................................... TEXT 'yyyy-MM-dd HH:mm:ss.FFFFFFFzzz' (keeps the offset)
//   Guid ................................................. TEXT 'xxxxxxxx-xxxx-...' (lower case)
//   an entity mapped with ToJson() ....................... TEXT (the JSON document)
//
// Enums and other converted types reach these through EF Core's value converters.
// A store type alone (scaffolding, HasColumnType) is read by SQLite's affinity rules
// with SharpCoreDB's own type names first, as the engine reads declared types, and DATE,
// TIME and TIMESPAN as the DateOnly, TimeOnly and TimeSpan this provider writes them for.
using System.Data;
using Microsoft.EntityFrameworkCore.Storage;
using Microsoft.EntityFrameworkCore.Storage.ValueConversion;

namespace SharpCoreDB.EntityFrameworkCore.Storage;

internal sealed class SharpCoreDBTypeMappingSource(TypeMappingSourceDependencies dependencies, RelationalTypeMappingSourceDependencies relationalDependencies)
    : RelationalTypeMappingSource(dependencies, relationalDependencies)
{
    private static readonly StringTypeMapping Text = new("TEXT", DbType.String);
    private static readonly LongTypeMapping Integer = new("INTEGER");
    private static readonly DoubleTypeMapping Real = new("REAL");
    private static readonly SharpCoreDBByteArrayTypeMapping Blob = new("BLOB");
    private static readonly BoolTypeMapping Boolean = new("BOOLEAN");
    private static readonly SharpCoreDBDateTimeTypeMapping DateTime = new("DATETIME");
    private static readonly SharpCoreDBDecimalTypeMapping Decimal = new("DECIMAL");
    private static readonly SharpCoreDBDateOnlyTypeMapping Date = new("DATE");
    private static readonly SharpCoreDBTimeOnlyTypeMapping Time = new("TIME");
    private static readonly SharpCoreDBTimeSpanTypeMapping TimeSpan = new("TIMESPAN");

    private static readonly Dictionary<Type, RelationalTypeMapping> ByClrType = new()
    {
        [typeof(long)] = Integer,
        [typeof(int)] = new IntTypeMapping("INTEGER"),
        [typeof(short)] = new ShortTypeMapping("INTEGER"),
        [typeof(byte)] = new ByteTypeMapping("INTEGER"),
        [typeof(sbyte)] = new SByteTypeMapping("INTEGER"),
        [typeof(ushort)] = new UShortTypeMapping("INTEGER"),
        [typeof(uint)] = new UIntTypeMapping("INTEGER"),
        [typeof(ulong)] = new ULongTypeMapping("INTEGER"),
        [typeof(bool)] = Boolean,
        [typeof(double)] = Real,
        [typeof(float)] = new FloatTypeMapping("REAL"),
        [typeof(decimal)] = Decimal,
        [typeof(string)] = Text,
        [typeof(char)] = (RelationalTypeMapping)Text.WithComposedConverter(new CharToStringConverter()),
        [typeof(byte[])] = Blob,
        [typeof(DateTime)] = DateTime,
        [typeof(DateOnly)] = Date,
        [typeof(TimeOnly)] = Time,
        [typeof(TimeSpan)] = TimeSpan,
        [typeof(DateTimeOffset)] = (RelationalTypeMapping)Text.WithComposedConverter(new DateTimeOffsetToStringConverter()),
        [typeof(Guid)] = (RelationalTypeMapping)Text.WithComposedConverter(new GuidToStringConverter()),
        [typeof(JsonTypePlaceholder)] = new SharpCoreDBJsonTypeMapping("TEXT"),
    };

    protected override RelationalTypeMapping? FindMapping(in RelationalTypeMappingInfo mappingInfo)
    {
        Type? clrType = mappingInfo.ClrType;
        string? storeType = mappingInfo.StoreTypeName;
        if (clrType is not null && ByClrType.TryGetValue(clrType, out RelationalTypeMapping? mapping))
        {
            return storeType is null || string.Equals(storeType, mapping.StoreType, StringComparison.OrdinalIgnoreCase)
                ? mapping
                : mapping.WithStoreTypeAndSize(storeType, mappingInfo.Size);
        }

        if (clrType is null && mappingInfo.StoreTypeNameBase is { } storeTypeBase)
        {
            return ByAffinity(storeTypeBase).WithStoreTypeAndSize(storeType!, mappingInfo.Size);
        }

        return base.FindMapping(mappingInfo);
    }

    // The engine's reading of a declared type (docs/sql-semantics.md, "Type affinity"), with the
    // names this provider writes read back as the CLR types it wrote them for (DATE, TIME, TIMESPAN).
    internal static RelationalTypeMapping ByAffinity(string storeType)
    {
        string name = storeType.Trim().ToUpperInvariant();
        return name switch
        {
            "BOOLEAN" or "BOOL" => Boolean,
            "DATETIME" or "TIMESTAMP" => DateTime,
            "DATE" => Date,
            "TIME" => Time,
            "TIMESPAN" => TimeSpan,
            "DECIMAL" or "MONEY" => Decimal,
            _ when name.Contains("INT", StringComparison.Ordinal) => Integer,
            _ when name.Contains("CHAR", StringComparison.Ordinal) || name.Contains("CLOB", StringComparison.Ordinal)
                || name.Contains("TEXT", StringComparison.Ordinal) => Text,
            _ when name.Length == 0 || name.Contains("BLOB", StringComparison.Ordinal) => Blob,
            _ when name.Contains("REAL", StringComparison.Ordinal) || name.Contains("FLOA", StringComparison.Ordinal)
                || name.Contains("DOUB", StringComparison.Ordinal) => Real,
            _ => Decimal, // NUMERIC affinity: numbers, read exactly
        };
    }
}
