// The value type's order and equality: the documented type order, exact numeric
// comparison across integer, real, decimal and boolean (checked against an exact
// rational oracle), NaN stored as NULL, code-point text order, GUID order, hashes
// that agree with equality, and typed accessors.
using SharpCoreDB.Values;

namespace SharpCoreDB.Tests.Values;

public class DbValueTests
{
    private static readonly long TwoTo53 = 1L << 53;

    [Fact]
    public void NumbersCompareExactlyAcrossTypesAgainstARationalOracle()
    {
        var rng = new Random(42);
        for (int i = 0; i < 60_000; i++)
        {
            DbValue a = ValueSamples.Numeric(rng);
            DbValue b = ValueSamples.Numeric(rng);
            int expected = ValueSamples.CompareExactly(a, b);
            Assert.True(Math.Sign(DbValue.Compare(a, b)) == Math.Sign(expected), $"{a} ({a.Type}) vs {b} ({b.Type}): expected {expected}");
            Assert.Equal(-Math.Sign(DbValue.Compare(a, b)), Math.Sign(DbValue.Compare(b, a)));
            if (expected == 0)
            {
                Assert.Equal(a.GetHashCode(), b.GetHashCode());
                Assert.True(a == b);
            }
        }
    }

    [Fact]
    public void LongsAndDoublesCompareExactlyBeyondTwoTo53()
    {
        DbValue big = DbValue.FromDouble(TwoTo53);
        Assert.True(DbValue.FromInt64(TwoTo53 + 1) > big);
        Assert.True(DbValue.FromInt64(TwoTo53 + 1) < DbValue.FromDouble(TwoTo53 + 2));
        Assert.True(DbValue.FromInt64(TwoTo53) == big);
        Assert.True(DbValue.FromInt64(long.MaxValue) < DbValue.FromDouble(9223372036854775808.0));
        Assert.True(DbValue.FromInt64(long.MinValue) == DbValue.FromDouble(-9223372036854775808.0));
        Assert.True(DbValue.FromInt64(long.MaxValue - 1) > DbValue.FromInt64(long.MaxValue - 2));
        Assert.True(DbValue.FromInt64(3) > DbValue.FromDouble(2.5));
        Assert.True(DbValue.FromInt64(-3) < DbValue.FromDouble(-2.5));
        Assert.True(DbValue.FromDouble(double.NegativeInfinity) < DbValue.FromInt64(long.MinValue));
    }

    [Fact]
    public void DecimalsCompareExactlyWithDoubles()
    {
        Assert.True(DbValue.FromDecimal(0.1m) != DbValue.FromDouble(0.1));
        Assert.True(DbValue.FromDecimal(0.1m) < DbValue.FromDouble(0.1)); // the double is 0.1000000000000000055...
        Assert.True(DbValue.FromDecimal(0.5m) == DbValue.FromDouble(0.5));
        Assert.True(DbValue.FromDecimal(decimal.MaxValue) < DbValue.FromDouble(1e29));
        Assert.True(DbValue.FromDecimal(1m) == DbValue.FromInt64(1));
        Assert.True(DbValue.FromDecimal(1.0000000000000000000000000001m) > DbValue.FromDouble(1.0));
    }

    [Fact]
    public void NaNIsStoredAsNull()
    {
        Assert.True(DbValue.FromDouble(double.NaN).IsNull);
        Assert.True(DbValue.FromDouble(double.NaN) < DbValue.FromDouble(double.NegativeInfinity));
    }

    [Fact]
    public void TypesFollowTheDocumentedOrder()
    {
        DbValue[] ascending =
        [
            DbValue.Null,
            DbValue.FromDouble(double.NegativeInfinity),
            DbValue.FromInt64(-1),
            DbValue.FromBoolean(false),
            DbValue.FromDecimal(0.5m),
            DbValue.FromBoolean(true),
            DbValue.FromDouble(double.PositiveInfinity),
            DbValue.FromDateTimeTicks(0),
            DbValue.FromDateTime(new DateTime(2024, 1, 1, 0, 0, 0, DateTimeKind.Utc)),
            DbValue.FromText(""),
            DbValue.FromText("a"),
            DbValue.FromGuid(Guid.Empty),
            DbValue.FromGuid(Guid.AllBitsSet),
            DbValue.FromBlob(Array.Empty<byte>()),
            DbValue.FromBlob(new byte[] { 0 }),
        ];
        for (int i = 0; i < ascending.Length; i++)
        {
            for (int j = 0; j < ascending.Length; j++)
            {
                Assert.Equal(i.CompareTo(j), Math.Sign(DbValue.Compare(ascending[i], ascending[j])));
            }
        }
    }

    [Fact]
    public void TextComparesByCodePointLikeUtf8Bytes()
    {
        string bmp = "\uFFFF";
        string astral = "\U0001F600";
        Assert.True(string.CompareOrdinal(bmp, astral) > 0); // UTF-16 order gets this wrong
        Assert.True(DbValue.FromText(bmp) < DbValue.FromText(astral));
        Assert.True(DbValue.FromText("abc") < DbValue.FromText("abd"));
        Assert.True(DbValue.FromText("ab") < DbValue.FromText("ab\0"));
        Assert.True(DbValue.FromText("Z") < DbValue.FromText("a"));
    }

    [Fact]
    public void GuidsCompareByTheirBigEndianBytes()
    {
        var low = new Guid("00000000-0000-0000-0000-0000000000ff");
        var high = new Guid("01000000-0000-0000-0000-000000000000");
        Assert.True(DbValue.FromGuid(low) < DbValue.FromGuid(high));
    }

    [Fact]
    public void EqualNumbersOfDifferentTypesAreEqualAndHashAlike()
    {
        DbValue[] ones = [DbValue.FromInt64(1), DbValue.FromDouble(1.0), DbValue.FromDecimal(1.000m), DbValue.FromBoolean(true)];
        foreach (DbValue a in ones)
        {
            foreach (DbValue b in ones)
            {
                Assert.Equal(a, b);
                Assert.Equal(a.GetHashCode(), b.GetHashCode());
            }
        }

        Assert.Equal(DbValue.FromDouble(-0.0), DbValue.FromInt64(0));
        Assert.Equal(DbValue.FromDouble(1.5).GetHashCode(), DbValue.FromDecimal(1.5m).GetHashCode());
        Assert.NotEqual(DbValue.FromText("1"), DbValue.FromInt64(1));
    }

    [Fact]
    public void AccessorsReturnWhatWasStoredAndRejectOtherTypes()
    {
        var when = new DateTime(2030, 5, 6, 7, 8, 9, DateTimeKind.Utc);
        var id = Guid.NewGuid();
        Assert.Equal(-7, DbValue.FromInt64(-7).AsInt64());
        Assert.Equal(2.5, DbValue.FromDouble(2.5).AsDouble());
        Assert.Equal("x", DbValue.FromText("x").AsText());
        Assert.Equal([1, 2], DbValue.FromBlob(new byte[] { 1, 2 }).AsBlob());
        Assert.True(DbValue.FromBoolean(true).AsBoolean());
        Assert.Equal(1, DbValue.FromBoolean(true).AsInt64());
        Assert.Equal(when, DbValue.FromDateTime(when).AsDateTime());
        Assert.Equal(DateTimeKind.Utc, DbValue.FromDateTime(when).AsDateTime().Kind);
        Assert.Equal(-12.345m, DbValue.FromDecimal(-12.345m).AsDecimal());
        Assert.Equal(id, DbValue.FromGuid(id).AsGuid());
        var error = Assert.Throws<SharpCoreDBException>(() => DbValue.FromText("1").AsInt64());
        Assert.Equal(SharpCoreDBErrorCode.TypeMismatch, error.ErrorCode);
        Assert.Throws<ArgumentOutOfRangeException>(() => DbValue.FromDateTimeTicks(-1));
    }
}
