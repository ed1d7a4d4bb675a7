// Unit tests of the function registry and of the function behaviour the SQLite
// differential test does not reach: lookup rules, our extra value types,
// DATETIME values in the date functions, DISTINCT aggregates, errors.
using SharpCoreDB.Execution.Functions;
using SharpCoreDB.Values;

namespace SharpCoreDB.Tests.Execution;

public class FunctionLibraryTests
{
    private static DbValue Call(string name, params DbValue[] args)
    {
        Assert.True(FunctionRegistry.TryGetScalar(name, args.Length, out ScalarFunctionInfo f), name);
        return f.Function(args);
    }

    private static DbValue I(long v) => DbValue.FromInt64(v);

    private static DbValue T(string v) => DbValue.FromText(v);

    [Fact]
    public void LookupIsCaseInsensitiveAndChecksArgumentCounts()
    {
        Assert.True(FunctionRegistry.TryGetScalar("SuBsTr", 2, out _));
        Assert.False(FunctionRegistry.TryGetScalar("substr", 1, out _));
        Assert.False(FunctionRegistry.TryGetScalar("coalesce", 1, out _));
        Assert.False(FunctionRegistry.TryGetScalar("no_such_function", 1, out _));
        Assert.True(FunctionRegistry.TryGetScalar("random", 0, out ScalarFunctionInfo random));
        Assert.False(random.IsDeterministic);
        Assert.True(FunctionRegistry.TryGetScalar("abs", 1, out ScalarFunctionInfo abs));
        Assert.True(abs.IsDeterministic);
        Assert.True(FunctionRegistry.IsAggregate("max", 1));
        Assert.False(FunctionRegistry.IsAggregate("max", 2));
        Assert.True(FunctionRegistry.TryGetScalar("max", 2, out _));
        Assert.True(FunctionRegistry.IsAggregate("count", 0));
        Assert.False(FunctionRegistry.TryCreateAggregate("count", 0, distinct: true, TextCollation.Binary, out _));
        Assert.False(FunctionRegistry.TryCreateAggregate("abs", 1, distinct: false, TextCollation.Binary, out _));
    }

    [Fact]
    public void ScalarFunctionsOnExtraTypes()
    {
        Assert.Equal("boolean", Call("typeof", DbValue.FromBoolean(true)).AsText());
        Assert.Equal("datetime", Call("typeof", DbValue.FromDateTimeTicks(0)).AsText());
        Assert.Equal("decimal", Call("typeof", DbValue.FromDecimal(1m)).AsText());
        Assert.Equal("guid", Call("typeof", DbValue.FromGuid(Guid.Empty)).AsText());
        Assert.Equal(2.5m, Call("abs", DbValue.FromDecimal(-2.5m)).AsDecimal());
        Assert.Equal(2.68m, Call("round", DbValue.FromDecimal(2.675m), I(2)).AsDecimal());
        Assert.Equal(SharpCoreDBErrorCode.ArithmeticOverflow,
            Assert.Throws<SharpCoreDBException>(() => Call("abs", I(long.MinValue))).ErrorCode);
        long r1 = Call("random").AsInt64();
        long r2 = Call("random").AsInt64();
        long r3 = Call("random").AsInt64();
        Assert.False(r1 == r2 && r2 == r3);
    }

    [Fact]
    public void DateFunctionsAcceptDateTimeValuesAndNow()
    {
        DbValue when = DbValue.FromDateTime(new DateTime(2024, 1, 31, 10, 0, 0, DateTimeKind.Utc));
        Assert.Equal("2024-03-02", Call("date", when, T("+1 month")).AsText());
        Assert.Equal("2024-01-01 00:00:00", Call("datetime", when, T("start of month")).AsText());
        Assert.Equal(1706695200L, Call("unixepoch", when).AsInt64());
        Assert.Equal("2024-01-31T10:00", Call("strftime", T("%Y-%m-%dT%H:%M"), when).AsText());
        DateTime before = DateTime.UtcNow.AddSeconds(-2);
        DateTime now = DateTime.Parse(Call("datetime", T("now")).AsText(), System.Globalization.CultureInfo.InvariantCulture);
        Assert.InRange(now, before.AddSeconds(-1), DateTime.UtcNow.AddSeconds(2));
        Assert.True(Call("date", T("2024-13-01")).IsNull);
        Assert.True(Call("date", when, DbValue.Null).IsNull);
    }

    [Fact]
    public void AggregatesOverExtraTypesAndDistinct()
    {
        Assert.True(FunctionRegistry.TryCreateAggregate("SUM", 1, distinct: false, TextCollation.Binary, out IAggregate sum));
        sum.Step([DbValue.FromDecimal(0.1m)]);
        sum.Step([DbValue.FromDecimal(0.2m)]);
        sum.Step([I(1)]);
        Assert.Equal(1.3m, sum.Finish().AsDecimal());

        Assert.True(FunctionRegistry.TryCreateAggregate("count", 1, distinct: true, TextCollation.Binary, out IAggregate count));
        foreach (DbValue v in new[] { I(1), DbValue.FromDouble(1.0), DbValue.FromBoolean(true), I(2), DbValue.Null, T("1") })
        {
            count.Step([v]);
        }

        Assert.Equal(I(3), count.Finish());

        Assert.True(FunctionRegistry.TryCreateAggregate("sum", 1, distinct: false, TextCollation.Binary, out IAggregate overflow));
        overflow.Step([I(long.MaxValue)]);
        overflow.Step([I(1)]);
        Assert.Equal(SharpCoreDBErrorCode.ArithmeticOverflow, Assert.Throws<SharpCoreDBException>(() => overflow.Finish()).ErrorCode);
        overflow.Reset();
        overflow.Step([I(long.MaxValue)]);
        Assert.Equal(I(long.MaxValue), overflow.Finish());

        Assert.True(FunctionRegistry.TryCreateAggregate("max", 1, distinct: false, TextCollation.Binary, out IAggregate max));
        max.Step([DbValue.FromDateTimeTicks(5)]);
        max.Step([I(100)]);
        Assert.Equal(DbValueType.DateTime, max.Finish().Type);
    }
}
