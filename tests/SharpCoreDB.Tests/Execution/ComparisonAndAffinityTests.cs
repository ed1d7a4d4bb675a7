// Unit tests of comparison with affinity, column affinity, truth and CAST for
// the rules beyond SQLite's types: BOOLEAN, DATETIME and DECIMAL.
using SharpCoreDB.Execution.Semantics;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Values;

namespace SharpCoreDB.Tests.Execution;

public class ComparisonAndAffinityTests
{
    private static DbValue I(long v) => DbValue.FromInt64(v);

    private static DbValue T(string v) => DbValue.FromText(v);

    [Fact]
    public void AffinityDecidesHowTextAndNumbersCompare()
    {
        // No affinity: numbers sort before text.
        Assert.Equal(I(1), SqlComparison.Less(I(10), SqlTypeAffinity.None, T("9"), SqlTypeAffinity.None));
        // An INTEGER column against a text literal: the text becomes a number.
        Assert.Equal(I(0), SqlComparison.Less(I(10), SqlTypeAffinity.Integer, T("9"), SqlTypeAffinity.None));
        Assert.Equal(I(1), SqlComparison.Equal(I(10), SqlTypeAffinity.Integer, T(" 10 "), SqlTypeAffinity.None));
        // A TEXT column against a number: the number becomes text.
        Assert.Equal(I(1), SqlComparison.Less(T("10"), SqlTypeAffinity.Text, I(9), SqlTypeAffinity.None));
        Assert.True(SqlComparison.Equal(DbValue.Null, SqlTypeAffinity.None, I(1), SqlTypeAffinity.None).IsNull);
        Assert.Null(SqlComparison.Compare(I(1), SqlTypeAffinity.None, DbValue.Null, SqlTypeAffinity.None));
        Assert.Equal(I(1), SqlComparison.Is(DbValue.Null, SqlTypeAffinity.None, DbValue.Null, SqlTypeAffinity.None));
        Assert.Equal(I(1), SqlComparison.IsNot(DbValue.Null, SqlTypeAffinity.None, I(0), SqlTypeAffinity.None));
    }

    [Fact]
    public void ExtraAffinitiesConvertTextForComparison()
    {
        DbValue when = DbValue.FromDateTime(new DateTime(2024, 2, 29, 13, 45, 30, DateTimeKind.Utc));
        Assert.Equal(I(1), SqlComparison.Equal(when, SqlTypeAffinity.DateTime, T("2024-02-29 13:45:30"), SqlTypeAffinity.None));
        Assert.Equal(I(1), SqlComparison.Equal(when, SqlTypeAffinity.DateTime, T("2024-02-29T14:45:30+01:00"), SqlTypeAffinity.None));
        Assert.Equal(I(1), SqlComparison.Greater(when, SqlTypeAffinity.DateTime, T("2024-02-29"), SqlTypeAffinity.None));
        Assert.Equal(I(1), SqlComparison.Equal(DbValue.FromBoolean(true), SqlTypeAffinity.Boolean, T("TRUE"), SqlTypeAffinity.None));
        Assert.Equal(I(1), SqlComparison.Equal(DbValue.FromBoolean(true), SqlTypeAffinity.Boolean, I(1), SqlTypeAffinity.None));
        Assert.Equal(I(1), SqlComparison.Equal(DbValue.FromDecimal(0.1m), SqlTypeAffinity.Decimal, T("0.10"), SqlTypeAffinity.None));
        // 0.1 as a double is not 0.1 exactly.
        Assert.Equal(I(0), SqlComparison.Equal(DbValue.FromDecimal(0.1m), SqlTypeAffinity.Decimal, DbValue.FromDouble(0.1), SqlTypeAffinity.None));
    }

    [Fact]
    public void ColumnAffinityFollowsSqliteAndConvertsExtraTypes()
    {
        Assert.Equal(DbValueType.Integer, SqlAffinity.Apply(T("42"), SqlTypeAffinity.Integer).Type);
        Assert.Equal(DbValueType.Integer, SqlAffinity.Apply(DbValue.FromDouble(3.0), SqlTypeAffinity.Numeric).Type);
        Assert.Equal(DbValueType.Real, SqlAffinity.Apply(T("3.5"), SqlTypeAffinity.Integer).Type);
        Assert.Equal(DbValueType.Text, SqlAffinity.Apply(T("12abc"), SqlTypeAffinity.Integer).Type);
        Assert.Equal(DbValueType.Real, SqlAffinity.Apply(I(3), SqlTypeAffinity.Real).Type);
        Assert.Equal("3.5", SqlAffinity.Apply(DbValue.FromDouble(3.5), SqlTypeAffinity.Text).AsText());
        Assert.Equal(DbValueType.Blob, SqlAffinity.Apply(DbValue.FromBlob([1]), SqlTypeAffinity.Integer).Type);
        Assert.True(SqlAffinity.Apply(T("true"), SqlTypeAffinity.Boolean).AsBoolean());
        Assert.False(SqlAffinity.Apply(I(0), SqlTypeAffinity.Boolean).AsBoolean());
        Assert.Equal(I(2), SqlAffinity.Apply(I(2), SqlTypeAffinity.Boolean));
        Assert.Equal(DbValueType.Integer, SqlAffinity.Apply(I(2), SqlTypeAffinity.Boolean).Type);
        Assert.Equal(new DateTime(2024, 1, 31, 0, 0, 0, DateTimeKind.Utc), SqlAffinity.Apply(T("2024-01-31"), SqlTypeAffinity.DateTime).AsDateTime());
        Assert.Equal(DbValueType.Text, SqlAffinity.Apply(T("not a date"), SqlTypeAffinity.DateTime).Type);
        Assert.Equal(12.50m, SqlAffinity.Apply(T("12.50"), SqlTypeAffinity.Decimal).AsDecimal());
        Assert.Equal(0.1m, SqlAffinity.Apply(DbValue.FromDouble(0.1), SqlTypeAffinity.Decimal).AsDecimal());
    }

    [Fact]
    public void TruthOfValues()
    {
        Assert.Null(SqlTruth.IsTrue(DbValue.Null));
        Assert.True(SqlTruth.IsTrue(T("1abc")));
        Assert.False(SqlTruth.IsTrue(T("abc")));
        Assert.True(SqlTruth.IsTrue(T("0.5")));
        Assert.False(SqlTruth.IsTrue(DbValue.FromBoolean(false)));
        Assert.False(SqlTruth.IsTrue(DbValue.FromDecimal(0m)));
        Assert.True(SqlTruth.IsTrue(DbValue.FromDateTimeTicks(0)));
        Assert.Equal(I(0), SqlTruth.And(DbValue.Null, I(0)));
        Assert.True(SqlTruth.And(DbValue.Null, I(1)).IsNull);
        Assert.Equal(I(1), SqlTruth.Or(DbValue.Null, I(1)));
    }

    [Fact]
    public void CastsToExtraTypes()
    {
        Assert.True(SqlCast.Cast(T("true"), SqlTypeAffinity.Boolean).AsBoolean());
        Assert.True(SqlCast.Cast(I(5), SqlTypeAffinity.Boolean).AsBoolean());
        Assert.Equal(new DateTime(2000, 1, 1, 12, 0, 0, DateTimeKind.Utc), SqlCast.Cast(DbValue.FromDouble(2451545.0), SqlTypeAffinity.DateTime).AsDateTime());
        Assert.Equal(SharpCoreDBErrorCode.TypeMismatch,
            Assert.Throws<SharpCoreDBException>(() => SqlCast.Cast(T("soon"), SqlTypeAffinity.DateTime)).ErrorCode);
        Assert.Equal(12m, SqlCast.Cast(T("12abc"), SqlTypeAffinity.Decimal).AsDecimal());
        Assert.Equal(SharpCoreDBErrorCode.TypeMismatch,
            Assert.Throws<SharpCoreDBException>(() => SqlCast.Cast(DbValue.FromDateTimeTicks(0), SqlTypeAffinity.Integer)).ErrorCode);
        Assert.Equal("0001-01-01 00:00:00", SqlCast.Cast(DbValue.FromDateTimeTicks(0), SqlTypeAffinity.Text).AsText());
        Assert.Equal("2024-01-01 00:00:00.25", SqlCast.Cast(
            DbValue.FromDateTime(new DateTime(2024, 1, 1, 0, 0, 0, 250, DateTimeKind.Utc)), TypeName.AffinityOf("TEXT")).AsText());
        // By SQLite's name rules SIGNED has NUMERIC affinity (no "INT" in it); UNSIGNED BIG INT is INTEGER.
        Assert.Equal(DbValue.FromDouble(12.9), SqlCast.Cast(T("12.9"), TypeName.AffinityOf("SIGNED")));
        Assert.Equal(I(12), SqlCast.Cast(T("12.9"), TypeName.AffinityOf("UNSIGNED BIG INT")));
    }

    [Theory]
    [InlineData("abc", "a%", null, true)]
    [InlineData("ABC", "a_c", null, true)]
    [InlineData("äbc", "Ä%", null, false)]
    [InlineData("100%", "100\\%", '\\', true)]
    [InlineData("1000", "100\\%", '\\', false)]
    [InlineData("a_b", "a\\_b", '\\', true)]
    [InlineData("axb", "a\\_b", '\\', false)]
    [InlineData("abc", "abc\\", '\\', false)]
    [InlineData("", "%", null, true)]
    [InlineData("😀x", "_x", null, true)]
    [InlineData("mississippi", "%iss%ppi", null, true)]
    [InlineData("mississippi", "%iss%ppx", null, false)]
    public void LikeMatches(string text, string pattern, char? escape, bool expected) =>
        Assert.Equal(expected, SqlLike.Matches(text, pattern, escape));

    [Theory]
    [InlineData("abc", "a*", true)]
    [InlineData("abc", "A*", false)]
    [InlineData("abc", "a?c", true)]
    [InlineData("abc", "[a-b]bc", true)]
    [InlineData("abc", "[^a]bc", false)]
    [InlineData("a]c", "a[]]c", true)]
    public void GlobMatches(string text, string pattern, bool expected) => Assert.Equal(expected, SqlLike.Glob(text, pattern));
}
