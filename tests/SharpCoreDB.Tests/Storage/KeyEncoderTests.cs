// The index key encoding: for random values of every type (biased to the hard
// numeric cases), memcmp order of the encodings equals DbValue.Compare order,
// one column and several; numerically equal values of different types encode
// to the same bytes (so unique indexes see 1 and 1.0 as duplicates); the rowid
// suffix reads back; GetSize is exact.
using SharpCoreDB.Storage.Records;
using SharpCoreDB.Tests.Values;
using SharpCoreDB.Values;

namespace SharpCoreDB.Tests.Storage;

public class KeyEncoderTests
{
    [Fact]
    public void EncodedByteOrderEqualsValueOrderForRandomValues()
    {
        var rng = new Random(7);
        for (int i = 0; i < 100_000; i++)
        {
            DbValue a = ValueSamples.Any(rng);
            DbValue b = rng.Next(4) == 0 ? ValueSamples.Numeric(rng) : ValueSamples.Any(rng);
            int expected = Math.Sign(DbValue.Compare(a, b));
            int actual = Math.Sign(Encode(a).AsSpan().SequenceCompareTo(Encode(b)));
            Assert.True(expected == actual, $"{a} ({a.Type}) vs {b} ({b.Type}): values say {expected}, keys say {actual}");
        }
    }

    [Fact]
    public void MultiColumnKeysCompareColumnByColumn()
    {
        var rng = new Random(8);
        for (int i = 0; i < 40_000; i++)
        {
            int columns = rng.Next(1, 4);
            DbValue[] a = new DbValue[columns];
            DbValue[] b = new DbValue[columns];
            for (int c = 0; c < columns; c++)
            {
                a[c] = ValueSamples.Any(rng);
                b[c] = rng.Next(3) == 0 ? a[c] : ValueSamples.Any(rng);
            }

            int expected = 0;
            for (int c = 0; c < columns && expected == 0; c++)
            {
                expected = Math.Sign(DbValue.Compare(a[c], b[c]));
            }

            long rowA = rng.Next(3);
            long rowB = rng.Next(3);
            int withRowIds = expected != 0 ? expected : rowA.CompareTo(rowB);
            Assert.Equal(expected, Math.Sign(Encode(a).AsSpan().SequenceCompareTo(Encode(b))));
            Assert.Equal(withRowIds, Math.Sign(IndexKey(a, rowA).AsSpan().SequenceCompareTo(IndexKey(b, rowB))));
        }
    }

    [Fact]
    public void EqualNumbersOfDifferentTypesEncodeIdentically()
    {
        byte[] one = Encode(DbValue.FromInt64(1));
        Assert.Equal(one, Encode(DbValue.FromDouble(1.0)));
        Assert.Equal(one, Encode(DbValue.FromDecimal(1.000m)));
        Assert.Equal(one, Encode(DbValue.FromBoolean(true)));
        Assert.Equal(Encode(DbValue.FromInt64(0)), Encode(DbValue.FromDouble(-0.0)));
        Assert.Equal(Encode(DbValue.FromDecimal(-2.5m)), Encode(DbValue.FromDouble(-2.5)));
        Assert.NotEqual(Encode(DbValue.FromDecimal(0.1m)), Encode(DbValue.FromDouble(0.1)));
        Assert.Equal(Encode(DbValue.FromInt64(long.MinValue)), Encode(DbValue.FromDouble(-9223372036854775808.0)));
    }

    [Fact]
    public void RowIdSuffixReadsBackAndRowIdKeysSortAsIntegers()
    {
        DbValue[] columns = [DbValue.FromText("a\0b"), DbValue.FromBlob(new byte[] { 0, 0 })];
        foreach (long rowId in new[] { long.MinValue, -1, 0, 1, long.MaxValue })
        {
            Assert.Equal(rowId, KeyEncoder.ReadRowIdSuffix(IndexKey(columns, rowId)));
        }

        byte[] minus = new byte[RowIdKey.MaxSize];
        byte[] plus = new byte[RowIdKey.MaxSize];
        Assert.True(minus.AsSpan(0, RowIdKey.Write(-1, minus)).SequenceCompareTo(plus.AsSpan(0, RowIdKey.Write(1, plus))) < 0);
    }

    [Fact]
    public void RowIdKeysAreShortRoundTripAndSortLikeTheirValues()
    {
        var values = new List<long> { 0, 1, -1, 2, -2, 127, 128, 255, 256, -255, -256, -257, 65535, 65536, (1L << 56) - 1, 1L << 56, long.MaxValue, long.MinValue, long.MinValue + 1 };
        var rng = new Random(3);
        for (int i = 0; i < 2000; i++)
        {
            values.Add(rng.NextInt64(long.MinValue, long.MaxValue) >> rng.Next(64));
        }

        var encoded = new List<(long Value, byte[] Key)>();
        foreach (long value in values)
        {
            byte[] key = new byte[RowIdKey.MaxSize];
            int size = RowIdKey.Write(value, key);
            Assert.Equal(RowIdKey.SizeOf(value), size);
            Assert.Equal(value, RowIdKey.Read(key.AsSpan(0, size)));
            encoded.Add((value, key[..size]));

            byte[] suffixed = new byte[3 + RowIdKey.MaxSuffixSize];
            int length = 3 + RowIdKey.WriteSuffix(value, suffixed.AsSpan(3));
            Assert.Equal(RowIdKey.SuffixSizeOf(value), length - 3);
            Assert.Equal(value, RowIdKey.ReadSuffix(suffixed.AsSpan(0, length)));
        }

        // Small rowids are small: 1 byte for 0, 4 for the 210,000th row.
        Assert.Equal(1, RowIdKey.SizeOf(0));
        Assert.Equal(4, RowIdKey.SizeOf(210_000));
        Assert.Equal(RowIdKey.MaxSize, RowIdKey.SizeOf(long.MinValue));

        var byValue = encoded.OrderBy(e => e.Value).Select(e => e.Value).ToList();
        var byKey = encoded.OrderBy(e => e.Key, ByteArrayComparer.Instance).Select(e => e.Value).ToList();
        Assert.Equal(byValue, byKey);
    }

    [Fact]
    public void GetSizeIsExactAndNumbersStayShort()
    {
        var rng = new Random(9);
        for (int i = 0; i < 5000; i++)
        {
            DbValue value = ValueSamples.Any(rng);
            byte[] buffer = new byte[200];
            Assert.Equal(KeyEncoder.GetSize(value), KeyEncoder.Encode(value, buffer));
        }

        Assert.Equal(1, KeyEncoder.GetSize(DbValue.FromInt64(0)));
        Assert.Equal(4, KeyEncoder.GetSize(DbValue.FromInt64(1)));
        Assert.Equal(4, KeyEncoder.GetSize(DbValue.FromInt64(1000)));
        Assert.Equal(5, KeyEncoder.GetSize(DbValue.FromInt64(1001)));
        Assert.True(KeyEncoder.GetSize(DbValue.FromDecimal(0.1m)) <= NumericKey.MaxSize);
    }

    private static byte[] Encode(params DbValue[] values)
    {
        byte[] key = new byte[KeyEncoder.GetSize(values)];
        Assert.Equal(key.Length, KeyEncoder.Encode(values, key));
        return key;
    }

    private static byte[] IndexKey(DbValue[] values, long rowId)
    {
        byte[] key = new byte[KeyEncoder.GetSize(values) + RowIdKey.MaxSuffixSize];
        return key[..KeyEncoder.EncodeIndexKey(values, rowId, key)];
    }
}
