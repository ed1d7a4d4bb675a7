// The record format: every type round-trips, including edge values; columns are
// read individually in any order; missing trailing columns read as NULL; small
// integers take few bytes; the IBufferWriter path matches the span path; a
// malformed header is reported as corruption; writing numbers allocates nothing.
using System.Buffers;
using SharpCoreDB.Storage.Records;
using SharpCoreDB.Tests.Support;
using SharpCoreDB.Values;

namespace SharpCoreDB.Tests.Storage;

public class RecordFormatTests
{
    private static readonly DbValue[] EveryType =
    [
        DbValue.Null,
        DbValue.FromInt64(0),
        DbValue.FromInt64(1),
        DbValue.FromInt64(-1),
        DbValue.FromInt64(127),
        DbValue.FromInt64(-129),
        DbValue.FromInt64(40_000),
        DbValue.FromInt64(-(1L << 23)),
        DbValue.FromInt64(int.MinValue),
        DbValue.FromInt64((1L << 47) - 1),
        DbValue.FromInt64(1L << 47),
        DbValue.FromInt64(long.MinValue),
        DbValue.FromInt64(long.MaxValue),
        DbValue.FromDouble(-0.0),
        DbValue.FromDouble(double.Epsilon),
        DbValue.FromDouble(double.NegativeInfinity),
        DbValue.FromDouble(Math.PI),
        DbValue.FromText(""),
        DbValue.FromText("héllo, 日本 \U0001F600 \0 end"),
        DbValue.FromBlob(Array.Empty<byte>()),
        DbValue.FromBlob(new byte[] { 0, 1, 2, 255 }),
        DbValue.FromBoolean(false),
        DbValue.FromBoolean(true),
        DbValue.FromDateTimeTicks(0),
        DbValue.FromDateTimeTicks(DateTime.MaxValue.Ticks),
        DbValue.FromDecimal(decimal.MinValue),
        DbValue.FromDecimal(0.0000000000000000000000000001m),
        DbValue.FromDecimal(-123.4500m),
        DbValue.FromGuid(new Guid("00112233-4455-6677-8899-aabbccddeeff")),
    ];

    [Fact]
    public void EveryTypeRoundTripsWithItsTypeAndExactValue()
    {
        byte[] record = Write(EveryType);
        var reader = new RecordReader(record);
        Assert.Equal(EveryType.Length, reader.ColumnCount);
        for (int i = 0; i < EveryType.Length; i++)
        {
            DbValue read = reader.GetValue(i);
            Assert.Equal(EveryType[i].Type, read.Type);
            Assert.Equal(EveryType[i].Type, reader.GetColumnType(i));
            Assert.Equal(EveryType[i].ToString(), read.ToString());
            Assert.Equal(EveryType[i], read);
        }

        // Decimal scale survives (-123.4500, not -123.45) and -0.0 keeps its sign.
        Assert.Equal("-123.4500", reader.GetValue(27).AsDecimal().ToString(System.Globalization.CultureInfo.InvariantCulture));
        Assert.True(double.IsNegative(reader.GetDouble(13)));
    }

    [Fact]
    public void ColumnsReadInAnyOrderWithoutDecodingTheOthers()
    {
        byte[] record = Write(EveryType);
        var rng = new Random(3);
        var reader = new RecordReader(record);
        for (int n = 0; n < 500; n++)
        {
            int i = rng.Next(EveryType.Length + 3);
            DbValue expected = i < EveryType.Length ? EveryType[i] : DbValue.Null;
            Assert.Equal(expected.ToString(), reader.GetValue(i).ToString());
        }

        Assert.True(reader.IsNull(EveryType.Length + 5));
        Assert.Equal(long.MaxValue, reader.GetInt64(12));
        Assert.Equal(1, reader.GetInt64(22));
        Assert.True(reader.GetBytes(20).SequenceEqual(new byte[] { 0, 1, 2, 255 }));
        Assert.Equal("héllo, 日本 \U0001F600 \0 end", System.Text.Encoding.UTF8.GetString(reader.GetBytes(18)));
        Assert.Equal(SharpCoreDBErrorCode.TypeMismatch, CatchCode(() => new RecordReader(record).GetDouble(1)));

        DbValue[] all = new DbValue[EveryType.Length + 1];
        reader.ReadAll(all);
        Assert.Equal(EveryType, all[..^1]);
        Assert.True(all[^1].IsNull);
    }

    [Fact]
    public void SmallValuesTakeFewBytes()
    {
        Assert.Equal(2, Write([DbValue.FromInt64(0)]).Length);   // count, code
        Assert.Equal(3, Write([DbValue.FromInt64(100)]).Length); // count, code, 1 byte
        Assert.Equal(4, Write([DbValue.FromInt64(300)]).Length);
        Assert.Equal(10, Write([DbValue.FromInt64(long.MinValue)]).Length);
        Assert.Equal(5, Write([DbValue.FromText("abc")]).Length);
        Assert.Equal(4, Write([DbValue.Null, DbValue.FromBoolean(true), DbValue.FromInt64(1)]).Length);
    }

    [Fact]
    public void BufferWriterAndSpanProduceTheSameBytes()
    {
        var writer = new ArrayBufferWriter<byte>();
        int size = RecordWriter.Write(EveryType, writer);
        Assert.Equal(RecordWriter.GetSize(EveryType), size);
        Assert.Equal(Write(EveryType), writer.WrittenSpan.ToArray());
    }

    [Fact]
    public void MalformedHeadersAreReportedAsCorruption()
    {
        byte[] record = Write([DbValue.FromText("hello"), DbValue.FromInt64(5)]);
        Assert.Equal(SharpCoreDBErrorCode.Corrupt, CatchCode(() => _ = new RecordReader(record.AsSpan(0, record.Length - 2))));
        Assert.Equal(SharpCoreDBErrorCode.Corrupt, CatchCode(() => _ = new RecordReader([1, 15])));
        Assert.Equal(SharpCoreDBErrorCode.Corrupt, CatchCode(() => _ = new RecordReader([1, 19])));
        Assert.Equal(SharpCoreDBErrorCode.Corrupt, CatchCode(() => _ = new RecordReader([])));
        Assert.Equal(SharpCoreDBErrorCode.Corrupt, CatchCode(() => _ = new RecordReader([0x80])));
    }

    [Fact]
    public void WritingAndReadingNumbersAllocatesNothing()
    {
        DbValue[] row = [DbValue.FromInt64(42), DbValue.FromDouble(1.5), DbValue.FromDecimal(9.99m), DbValue.Null, DbValue.FromBoolean(true)];
        byte[] buffer = new byte[256];
        long Work()
        {
            long sum = 0;
            for (int i = 0; i < 1000; i++)
            {
                int size = RecordWriter.Write(row, buffer);
                var reader = new RecordReader(buffer.AsSpan(0, size));
                sum += reader.GetInt64(0) + (long)reader.GetDouble(1) + (long)reader.GetValue(2).AsDecimal() + reader.GetInt64(4);
            }

            return sum;
        }

        long result = 0;
        Assert.Equal(0, AllocationMeter.FewestBytes(() => result = Work()));
        Assert.Equal(1000 * (42 + 1 + 9 + 1), result);
    }

    private static byte[] Write(DbValue[] values)
    {
        byte[] record = new byte[RecordWriter.GetSize(values)];
        Assert.Equal(record.Length, RecordWriter.Write(values, record));
        return record;
    }

    private static SharpCoreDBErrorCode CatchCode(Action action) => Assert.Throws<SharpCoreDBException>(action).ErrorCode;
}
