// Unit tests of the operators' rules that the SQLite differential test cannot
// show: our overflow errors, DECIMAL, BOOLEAN and DATETIME operands, and that the
// hot paths allocate nothing.
using SharpCoreDB.Execution.Semantics;
using SharpCoreDB.Values;

namespace SharpCoreDB.Tests.Execution;

public class ArithmeticTests
{
    private static DbValue I(long v) => DbValue.FromInt64(v);

    private static DbValue R(double v) => DbValue.FromDouble(v);

    private static DbValue T(string v) => DbValue.FromText(v);

    // SQLite computes an integer operation whose result leaves 64 bits again in reals.
    [Theory]
    [InlineData(long.MaxValue, 1, "+", 9.2233720368547758e18)]
    [InlineData(long.MinValue, 1, "-", -9.2233720368547758e18)]
    [InlineData(long.MaxValue, 2, "*", 1.8446744073709552e19)]
    [InlineData(long.MinValue, -1, "/", 9.2233720368547758e18)]
    [InlineData(3037000500, 3037000500, "*", 9.22337203700025e18)]
    public void IntegerOverflowBecomesARealAsInSqlite(long a, long b, string op, double expected)
    {
        DbValue result = op switch
        {
            "+" => SqlArithmetic.Add(I(a), I(b)),
            "-" => SqlArithmetic.Subtract(I(a), I(b)),
            "*" => SqlArithmetic.Multiply(I(a), I(b)),
            _ => SqlArithmetic.Divide(I(a), I(b)),
        };
        Assert.Equal(DbValueType.Real, result.Type);
        Assert.Equal(expected, result.AsDouble(), 1e-6 * Math.Abs(expected));
    }

    [Fact]
    public void IntegerEdgesThatDoNotOverflow()
    {
        Assert.Equal(I(long.MinValue), SqlArithmetic.Add(I(long.MinValue + 1), I(-1)));
        Assert.Equal(I(long.MinValue), SqlArithmetic.Multiply(I(long.MinValue / 2), I(2)));
        Assert.Equal(I(0), SqlArithmetic.Remainder(I(long.MinValue), I(-1)));
        Assert.Equal(I(-2), SqlArithmetic.Divide(I(-7), I(3)));
        Assert.Equal(I(-1), SqlArithmetic.Remainder(I(-7), I(3)));
        Assert.True(SqlArithmetic.Divide(I(1), I(0)).IsNull);
        Assert.True(SqlArithmetic.Remainder(R(1.5), I(0)).IsNull);
        Assert.Equal(R(9223372036854775808.0), SqlArithmetic.Negate(I(long.MinValue)));
    }

    [Fact]
    public void DecimalArithmeticIsExact()
    {
        DbValue a = DbValue.FromDecimal(0.1m);
        DbValue b = DbValue.FromDecimal(0.2m);
        Assert.Equal(DbValueType.Decimal, SqlArithmetic.Add(a, b).Type);
        Assert.Equal(0.3m, SqlArithmetic.Add(a, b).AsDecimal());
        Assert.Equal(1.1m, SqlArithmetic.Add(a, I(1)).AsDecimal());
        Assert.Equal(DbValueType.Real, SqlArithmetic.Add(a, R(1.0)).Type);
        Assert.True(SqlArithmetic.Divide(a, DbValue.FromDecimal(0m)).IsNull);
        var e = Assert.Throws<SharpCoreDBException>(() => SqlArithmetic.Multiply(DbValue.FromDecimal(decimal.MaxValue), I(2)));
        Assert.Equal(SharpCoreDBErrorCode.ArithmeticOverflow, e.ErrorCode);
    }

    [Fact]
    public void BooleansAreZeroAndOneAndDateTimesAreNotNumbers()
    {
        Assert.Equal(I(2), SqlArithmetic.Add(DbValue.FromBoolean(true), I(1)));
        Assert.Equal(DbValueType.Integer, SqlArithmetic.Add(DbValue.FromBoolean(true), I(1)).Type);
        DbValue when = DbValue.FromDateTime(new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Utc));
        var e = Assert.Throws<SharpCoreDBException>(() => SqlArithmetic.Add(when, I(1)));
        Assert.Equal(SharpCoreDBErrorCode.TypeMismatch, e.ErrorCode);
        Assert.Equal("2024-01-02 03:04:05!", SqlArithmetic.Concat(when, T("!")).AsText());
        Assert.Equal("1", SqlArithmetic.Concat(DbValue.FromBoolean(true), T("")).AsText());
        Assert.Equal("1.50", SqlArithmetic.Concat(DbValue.FromDecimal(1.50m), T("")).AsText());
    }

    [Fact]
    public void TextOperandsReadTheirNumericPrefix()
    {
        Assert.Equal(I(13), SqlArithmetic.Add(T("12abc"), I(1)));
        Assert.Equal(I(1), SqlArithmetic.Add(T(""), I(1)));
        Assert.Equal(R(1001), SqlArithmetic.Add(T(" 1e3x"), I(1)));
        Assert.True(SqlArithmetic.Add(DbValue.Null, I(1)).IsNull);
        Assert.Equal(I(-8), SqlArithmetic.ShiftRight(I(-64), I(3)));
        Assert.Equal(I(-1), SqlArithmetic.ShiftRight(I(-64), I(100)));
        Assert.Equal(I(0), SqlArithmetic.ShiftLeft(I(1), I(64)));
        Assert.Equal(I(4), SqlArithmetic.ShiftLeft(I(16), I(-2)));
    }

    [Fact]
    public void HotPathsDoNotAllocate()
    {
        DbValue a = I(12345);
        DbValue b = R(2.5);
        DbValue t = T("12");
        DbValue sink = default;
        long sum = 0;
        for (int i = 0; i < 10; i++)
        {
            // Warm up so that JIT and static initialisation are not counted.
            sink = SqlArithmetic.Multiply(SqlArithmetic.Add(a, b), SqlArithmetic.Subtract(a, I(i)));
            sink = SqlArithmetic.Divide(a, I(i + 1));
            sum += SqlComparison.Equal(a, Sql.Ast.SqlTypeAffinity.None, b, Sql.Ast.SqlTypeAffinity.None).AsInt64();
            sum += SqlTruth.IsTrue(t) == true ? 1 : 0;
            sum += SqlComparison.Less(a, Sql.Ast.SqlTypeAffinity.Integer, t, Sql.Ast.SqlTypeAffinity.None).AsInt64();
            sum += SqlLike.Matches("Hello World", "h%o_w%", null) ? 1 : 0;
        }

        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 1000; i++)
        {
            sink = SqlArithmetic.Multiply(SqlArithmetic.Add(a, b), SqlArithmetic.Subtract(a, I(i)));
            sink = SqlArithmetic.Divide(a, I(i + 1));
            sum += SqlComparison.Less(a, Sql.Ast.SqlTypeAffinity.Integer, t, Sql.Ast.SqlTypeAffinity.None).AsInt64();
            sum += SqlComparison.Equal(a, Sql.Ast.SqlTypeAffinity.None, b, Sql.Ast.SqlTypeAffinity.None).AsInt64();
            sum += SqlLike.Matches("Hello World", "h%o_w%", null) ? 1 : 0;
            sum += SqlTruth.IsTrue(t) == true ? 1 : 0;
        }

        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        Assert.Equal(0, allocated);
        Assert.True(sum > 0 && !sink.IsNull);
    }
}
