// Reading engine values as .NET types: every getter's type from every storage
// class that holds it, NULL handling, and the casts that must fail.
using SharpCoreDB.Values;

namespace SharpCoreDB.Data.Tests.Unit;

public sealed class FieldValueConverterTests
{
    private enum Level
    {
        Low = 1,
        High = 5,
    }

    [Fact]
    public void NaturalObjects()
    {
        Assert.Equal(DBNull.Value, FieldValueConverter.ToObject(DbValue.Null));
        Assert.Equal(5L, FieldValueConverter.ToObject(DbValue.FromInt64(5)));
        Assert.Equal(2.5, FieldValueConverter.ToObject(DbValue.FromDouble(2.5)));
        Assert.Equal("t", FieldValueConverter.ToObject(DbValue.FromText("t")));
        Assert.Equal(new byte[] { 1 }, FieldValueConverter.ToObject(DbValue.FromBlob(new byte[] { 1 })));
        Assert.Equal(true, FieldValueConverter.ToObject(DbValue.FromBoolean(true)));
        Assert.Equal(1.25m, FieldValueConverter.ToObject(DbValue.FromDecimal(1.25m)));
        var g = Guid.NewGuid();
        Assert.Equal(g, FieldValueConverter.ToObject(DbValue.FromGuid(g)));
        var when = new DateTime(2024, 2, 29, 13, 14, 15, DateTimeKind.Utc);
        Assert.Equal(when, FieldValueConverter.ToObject(DbValue.FromDateTime(when)));
    }

    [Fact]
    public void IntegersFromEveryNumericClass()
    {
        Assert.Equal(42, FieldValueConverter.To<int>(DbValue.FromInt64(42)));
        Assert.Equal(42L, FieldValueConverter.To<long>(DbValue.FromDecimal(42m)));
        Assert.Equal(42L, FieldValueConverter.To<long>(DbValue.FromDouble(42.0)));
        Assert.Equal(1L, FieldValueConverter.To<long>(DbValue.FromBoolean(true)));
        Assert.Equal((short)7, FieldValueConverter.To<short>(DbValue.FromText("7")));
        Assert.Equal((byte)200, FieldValueConverter.To<byte>(DbValue.FromInt64(200)));
        Assert.Equal((sbyte)-3, FieldValueConverter.To<sbyte>(DbValue.FromInt64(-3)));
        Assert.Equal((ushort)9, FieldValueConverter.To<ushort>(DbValue.FromInt64(9)));
        Assert.Equal(9u, FieldValueConverter.To<uint>(DbValue.FromInt64(9)));
        Assert.Equal(ulong.MaxValue, FieldValueConverter.To<ulong>(DbValue.FromDecimal(ulong.MaxValue)));
        Assert.Throws<InvalidCastException>(() => FieldValueConverter.To<long>(DbValue.FromDouble(1.5)));
        Assert.Throws<OverflowException>(() => FieldValueConverter.To<int>(DbValue.FromInt64(long.MaxValue)));
        Assert.Throws<InvalidCastException>(() => FieldValueConverter.To<int>(DbValue.FromGuid(Guid.Empty)));
    }

    [Fact]
    public void RealsDecimalsAndBooleans()
    {
        Assert.Equal(2.0, FieldValueConverter.To<double>(DbValue.FromInt64(2)));
        Assert.Equal(2.5f, FieldValueConverter.To<float>(DbValue.FromDouble(2.5)));
        Assert.Equal(0.1m, FieldValueConverter.To<decimal>(DbValue.FromDecimal(0.1m)));
        Assert.Equal(12m, FieldValueConverter.To<decimal>(DbValue.FromInt64(12)));
        Assert.Equal(3.25m, FieldValueConverter.To<decimal>(DbValue.FromText("3.25")));
        Assert.True(FieldValueConverter.To<bool>(DbValue.FromInt64(1)));
        Assert.False(FieldValueConverter.To<bool>(DbValue.FromInt64(0)));
        Assert.True(FieldValueConverter.To<bool>(DbValue.FromText("true")));
        Assert.Throws<InvalidCastException>(() => FieldValueConverter.To<bool>(DbValue.FromText("perhaps")));
    }

    [Fact]
    public void DatesAndTimes()
    {
        var utc = new DateTime(2030, 12, 31, 23, 59, 58, DateTimeKind.Utc).AddTicks(1234567);
        DbValue stored = DbValue.FromDateTime(utc);
        Assert.Equal(utc, FieldValueConverter.To<DateTime>(stored));
        Assert.Equal(DateTimeKind.Utc, FieldValueConverter.To<DateTime>(stored).Kind);
        Assert.Equal(new DateTimeOffset(utc), FieldValueConverter.To<DateTimeOffset>(stored));
        Assert.Equal(TimeSpan.Zero, FieldValueConverter.To<DateTimeOffset>(stored).Offset);
        Assert.Equal(new DateOnly(2030, 12, 31), FieldValueConverter.To<DateOnly>(stored));
        Assert.Equal(TimeOnly.FromDateTime(utc), FieldValueConverter.To<TimeOnly>(stored));
        Assert.Equal(new TimeOnly(8, 30, 1), FieldValueConverter.To<TimeOnly>(DbValue.FromInt64(new TimeOnly(8, 30, 1).Ticks)));
        Assert.Equal(TimeSpan.FromDays(-2.5), FieldValueConverter.To<TimeSpan>(DbValue.FromInt64(TimeSpan.FromDays(-2.5).Ticks)));
        Assert.Equal(TimeSpan.FromMinutes(90), FieldValueConverter.To<TimeSpan>(DbValue.FromText("01:30:00")));
        Assert.Equal(new DateTime(2024, 1, 2, 3, 4, 5), FieldValueConverter.To<DateTime>(DbValue.FromText("2024-01-02T03:04:05")));
        Assert.Equal(new DateOnly(2024, 1, 2), FieldValueConverter.To<DateOnly>(DbValue.FromText("2024-01-02")));
        Assert.Throws<InvalidCastException>(() => FieldValueConverter.To<DateTime>(DbValue.FromDouble(1.0)));
    }

    [Fact]
    public void GuidsTextBlobsStreamsAndReaders()
    {
        var g = Guid.NewGuid();
        Assert.Equal(g, FieldValueConverter.To<Guid>(DbValue.FromText(g.ToString())));
        Assert.Equal(g, FieldValueConverter.To<Guid>(DbValue.FromBlob(g.ToByteArray())));
        Assert.Equal(g.ToString(), FieldValueConverter.To<string>(DbValue.FromGuid(g)));
        Assert.Equal("12", FieldValueConverter.To<string>(DbValue.FromInt64(12)));
        Assert.Equal("hé", FieldValueConverter.To<string>(DbValue.FromBlob("hé"u8.ToArray())));
        Assert.Equal('h', FieldValueConverter.To<char>(DbValue.FromText("hello")));
        Assert.Equal("hi".ToCharArray(), FieldValueConverter.To<char[]>(DbValue.FromText("hi")));
        Assert.Equal(new byte[] { 9, 8 }, FieldValueConverter.To<byte[]>(DbValue.FromBlob(new byte[] { 9, 8 })));
        using Stream stream = FieldValueConverter.To<Stream>(DbValue.FromBlob(new byte[] { 1, 2, 3 }));
        Assert.Equal(3, stream.Length);
        Assert.False(stream.CanWrite);
        using TextReader reader = FieldValueConverter.To<TextReader>(DbValue.FromText("line"));
        Assert.Equal("line", reader.ReadToEnd());
    }

    [Fact]
    public void EnumsFromIntegersAndNames()
    {
        Assert.Equal(Level.High, FieldValueConverter.To<Level>(DbValue.FromInt64(5)));
        Assert.Equal(Level.Low, FieldValueConverter.To<Level>(DbValue.FromText("low")));
        Assert.Equal(Level.High, FieldValueConverter.To<Level?>(DbValue.FromInt64(5)));
    }

    [Fact]
    public void NullReadsAsNullForNullableAndReferenceTypesAndThrowsForValueTypes()
    {
        Assert.Null(FieldValueConverter.To<int?>(DbValue.Null));
        Assert.Null(FieldValueConverter.To<DateTime?>(DbValue.Null));
        Assert.Null(FieldValueConverter.To<string>(DbValue.Null));
        Assert.Null(FieldValueConverter.To<byte[]>(DbValue.Null));
        Assert.Equal(DBNull.Value, FieldValueConverter.To<object>(DbValue.Null));
        Assert.Equal(DBNull.Value, FieldValueConverter.To<DBNull>(DbValue.Null));
        Assert.Throws<InvalidCastException>(() => FieldValueConverter.To<int>(DbValue.Null));
        Assert.Throws<InvalidCastException>(() => FieldValueConverter.To<Guid>(DbValue.Null));
        Assert.Throws<InvalidCastException>(() => FieldValueConverter.To<TimeSpan>(DbValue.Null));
        Assert.Throws<InvalidCastException>(() => FieldValueConverter.To<DBNull>(DbValue.FromInt64(1)));
    }

    [Fact]
    public void ByteAndCharChunks()
    {
        DbValue blob = DbValue.FromBlob(new byte[] { 1, 2, 3, 4, 5 });
        Assert.Equal(5, FieldValueConverter.CopyBytes(blob, 0, null, 0, 0));
        var buffer = new byte[3];
        Assert.Equal(3, FieldValueConverter.CopyBytes(blob, 1, buffer, 0, 3));
        Assert.Equal(new byte[] { 2, 3, 4 }, buffer);
        Assert.Equal(1, FieldValueConverter.CopyBytes(blob, 4, buffer, 0, 3));
        Assert.Equal(0, FieldValueConverter.CopyBytes(blob, 9, buffer, 0, 3));

        DbValue text = DbValue.FromText("abcdef");
        Assert.Equal(6, FieldValueConverter.CopyChars(text, 0, null, 0, 0));
        var chars = new char[4];
        Assert.Equal(2, FieldValueConverter.CopyChars(text, 4, chars, 1, 3));
        Assert.Equal("ef", new string(chars, 1, 2));
    }
}
