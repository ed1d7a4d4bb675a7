// The type mappings whose SQL literal differs from the relational default. SharpCoreDB
// has DATETIME and DECIMAL values of its own (docs/sql-semantics.md), but a quoted
// literal is TEXT; CAST(... AS DATETIME | DECIMAL) makes the value the column holds, so
// a constant in a query compares, sorts and computes like a parameter would.
// TimeOnly and TimeSpan are stored as 100 ns ticks (integers order correctly), as the
// ADO.NET provider binds them, in JSON too; a byte[] inside JSON is hex
// (SharpCoreDBJsonReaderWriters).
using System.Globalization;
using Microsoft.EntityFrameworkCore.Storage;

namespace SharpCoreDB.EntityFrameworkCore.Storage;

internal sealed class SharpCoreDBDateTimeTypeMapping : DateTimeTypeMapping
{
    public SharpCoreDBDateTimeTypeMapping(string storeType)
        : base(storeType, System.Data.DbType.DateTime)
    {
    }

    private SharpCoreDBDateTimeTypeMapping(RelationalTypeMappingParameters parameters)
        : base(parameters)
    {
    }

    protected override string SqlLiteralFormatString => @"CAST('{0:yyyy\-MM\-dd HH\:mm\:ss.FFFFFFF}' AS DATETIME)";

    protected override RelationalTypeMapping Clone(RelationalTypeMappingParameters parameters) => new SharpCoreDBDateTimeTypeMapping(parameters);
}

internal sealed class SharpCoreDBDateOnlyTypeMapping : DateOnlyTypeMapping
{
    public SharpCoreDBDateOnlyTypeMapping(string storeType)
        : base(storeType, System.Data.DbType.Date)
    {
    }

    private SharpCoreDBDateOnlyTypeMapping(RelationalTypeMappingParameters parameters)
        : base(parameters)
    {
    }

    protected override string SqlLiteralFormatString => @"CAST('{0:yyyy\-MM\-dd}' AS DATETIME)";

    protected override RelationalTypeMapping Clone(RelationalTypeMappingParameters parameters) => new SharpCoreDBDateOnlyTypeMapping(parameters);
}

internal sealed class SharpCoreDBDecimalTypeMapping : DecimalTypeMapping
{
    public SharpCoreDBDecimalTypeMapping(string storeType)
        : base(storeType, System.Data.DbType.Decimal)
    {
    }

    private SharpCoreDBDecimalTypeMapping(RelationalTypeMappingParameters parameters)
        : base(parameters)
    {
    }

    protected override string GenerateNonNullSqlLiteral(object value) =>
        $"CAST('{Convert.ToDecimal(value, CultureInfo.InvariantCulture).ToString(CultureInfo.InvariantCulture)}' AS DECIMAL)";

    protected override RelationalTypeMapping Clone(RelationalTypeMappingParameters parameters) => new SharpCoreDBDecimalTypeMapping(parameters);
}

internal sealed class SharpCoreDBTimeOnlyTypeMapping : TimeOnlyTypeMapping
{
    public SharpCoreDBTimeOnlyTypeMapping(string storeType)
        : base(new RelationalTypeMappingParameters(
            new CoreTypeMappingParameters(typeof(TimeOnly), jsonValueReaderWriter: SharpCoreDBJsonTimeOnlyReaderWriter.Instance), storeType))
    {
    }

    private SharpCoreDBTimeOnlyTypeMapping(RelationalTypeMappingParameters parameters)
        : base(parameters)
    {
    }

    protected override string GenerateNonNullSqlLiteral(object value) => ((TimeOnly)value).Ticks.ToString(CultureInfo.InvariantCulture);

    protected override RelationalTypeMapping Clone(RelationalTypeMappingParameters parameters) => new SharpCoreDBTimeOnlyTypeMapping(parameters);
}

internal sealed class SharpCoreDBTimeSpanTypeMapping : TimeSpanTypeMapping
{
    public SharpCoreDBTimeSpanTypeMapping(string storeType)
        : base(new RelationalTypeMappingParameters(
            new CoreTypeMappingParameters(typeof(TimeSpan), jsonValueReaderWriter: SharpCoreDBJsonTimeSpanReaderWriter.Instance), storeType))
    {
    }

    private SharpCoreDBTimeSpanTypeMapping(RelationalTypeMappingParameters parameters)
        : base(parameters)
    {
    }

    protected override string GenerateNonNullSqlLiteral(object value) => ((TimeSpan)value).Ticks.ToString(CultureInfo.InvariantCulture);

    protected override RelationalTypeMapping Clone(RelationalTypeMappingParameters parameters) => new SharpCoreDBTimeSpanTypeMapping(parameters);
}

internal sealed class SharpCoreDBByteArrayTypeMapping : ByteArrayTypeMapping
{
    public SharpCoreDBByteArrayTypeMapping(string storeType)
        : base(new RelationalTypeMappingParameters(
            new CoreTypeMappingParameters(typeof(byte[]), jsonValueReaderWriter: SharpCoreDBJsonByteArrayReaderWriter.Instance), storeType, dbType: System.Data.DbType.Binary))
    {
    }

    private SharpCoreDBByteArrayTypeMapping(RelationalTypeMappingParameters parameters)
        : base(parameters)
    {
    }

    protected override RelationalTypeMapping Clone(RelationalTypeMappingParameters parameters) => new SharpCoreDBByteArrayTypeMapping(parameters);
}
