// The engine's typed value: what the executor computes with, what records store
// and what index keys are made of. A readonly struct holding numbers in two
// longs, so integers, doubles, decimals, booleans, date-times and GUIDs never box;
// only text (string) and blob (byte[]) carry a reference.
//
// Equality and ordering follow DbValueOrder (a total order, documented in
// docs/file-format.md "Values"): numbers of different types compare by exact
// numeric value, so Equals(1, 1.0) is true and both hash alike.
using System.Buffers.Binary;
using System.Globalization;

namespace SharpCoreDB.Values;

/// <summary>A typed SQL value: NULL, integer, real, text, blob, boolean, datetime, decimal or guid.</summary>
internal readonly struct DbValue : IEquatable<DbValue>, IComparable<DbValue>
{
    private readonly long _a;
    private readonly long _b;
    private readonly object? _ref;

    private DbValue(DbValueType type, long a, long b, object? reference)
    {
        Type = type;
        _a = a;
        _b = b;
        _ref = reference;
    }

    /// <summary>The SQL NULL.</summary>
    public static DbValue Null => default;

    /// <summary>What kind of value this is.</summary>
    public DbValueType Type { get; }

    /// <summary>True for NULL.</summary>
    public bool IsNull => Type == DbValueType.Null;

    /// <summary>True for Integer, Real, Boolean and Decimal: the types that compare by numeric value.</summary>
    public bool IsNumeric => Type is DbValueType.Integer or DbValueType.Real or DbValueType.Boolean or DbValueType.Decimal;

    public static DbValue FromInt64(long value) => new(DbValueType.Integer, value, 0, null);

    /// <summary>A real; NaN becomes NULL (as SQLite stores it), so every stored real is ordered.</summary>
    public static DbValue FromDouble(double value) =>
        double.IsNaN(value) ? default : new(DbValueType.Real, BitConverter.DoubleToInt64Bits(value), 0, null);

    public static DbValue FromText(string value) =>
        new(DbValueType.Text, 0, 0, value ?? throw new ArgumentNullException(nameof(value)));

    /// <summary>A blob over <paramref name="value"/> itself (not copied): the caller must not change it afterwards.</summary>
    public static DbValue FromBlob(byte[] value) =>
        new(DbValueType.Blob, 0, 0, value ?? throw new ArgumentNullException(nameof(value)));

    /// <summary>A blob holding a copy of <paramref name="value"/>.</summary>
    public static DbValue FromBlob(ReadOnlySpan<byte> value) => new(DbValueType.Blob, 0, 0, value.ToArray());

    public static DbValue FromBoolean(bool value) => new(DbValueType.Boolean, value ? 1 : 0, 0, null);

    /// <summary>A point in time; local and unspecified times are taken as they are converted by ToUniversalTime.</summary>
    public static DbValue FromDateTime(DateTime value) =>
        FromDateTimeTicks((value.Kind == DateTimeKind.Utc ? value : value.ToUniversalTime()).Ticks);

    /// <summary>A point in time given as UTC ticks (0 .. DateTime.MaxValue.Ticks).</summary>
    public static DbValue FromDateTimeTicks(long utcTicks)
    {
        if ((ulong)utcTicks > (ulong)DateTime.MaxValue.Ticks)
        {
            throw new ArgumentOutOfRangeException(nameof(utcTicks));
        }

        return new(DbValueType.DateTime, utcTicks, 0, null);
    }

    public static DbValue FromDecimal(decimal value)
    {
        Span<int> bits = stackalloc int[4];
        decimal.GetBits(value, bits);
        return new(DbValueType.Decimal, (uint)bits[0] | ((long)bits[1] << 32), (uint)bits[2] | ((long)bits[3] << 32), null);
    }

    public static DbValue FromGuid(Guid value)
    {
        Span<byte> bytes = stackalloc byte[16];
        value.TryWriteBytes(bytes);
        return new(DbValueType.Guid, BinaryPrimitives.ReadInt64LittleEndian(bytes),
            BinaryPrimitives.ReadInt64LittleEndian(bytes[8..]), null);
    }

    /// <summary>The integer; a boolean reads as 0 or 1.</summary>
    public long AsInt64() => Type is DbValueType.Integer or DbValueType.Boolean ? _a : throw Mismatch(DbValueType.Integer);

    public double AsDouble() => Type == DbValueType.Real ? BitConverter.Int64BitsToDouble(_a) : throw Mismatch(DbValueType.Real);

    public string AsText() => Type == DbValueType.Text ? (string)_ref! : throw Mismatch(DbValueType.Text);

    /// <summary>The blob's bytes (not a copy).</summary>
    public byte[] AsBlob() => Type == DbValueType.Blob ? (byte[])_ref! : throw Mismatch(DbValueType.Blob);

    public bool AsBoolean() => Type == DbValueType.Boolean ? _a != 0 : throw Mismatch(DbValueType.Boolean);

    /// <summary>The point in time, with Kind = Utc.</summary>
    public DateTime AsDateTime() => new(AsDateTimeTicks(), DateTimeKind.Utc);

    public long AsDateTimeTicks() => Type == DbValueType.DateTime ? _a : throw Mismatch(DbValueType.DateTime);

    public decimal AsDecimal()
    {
        if (Type != DbValueType.Decimal)
        {
            throw Mismatch(DbValueType.Decimal);
        }

        ReadOnlySpan<int> bits = [(int)_a, (int)(_a >> 32), (int)_b, (int)(_b >> 32)];
        return new decimal(bits);
    }

    public Guid AsGuid()
    {
        if (Type != DbValueType.Guid)
        {
            throw Mismatch(DbValueType.Guid);
        }

        Span<byte> bytes = stackalloc byte[16];
        BinaryPrimitives.WriteInt64LittleEndian(bytes, _a);
        BinaryPrimitives.WriteInt64LittleEndian(bytes[8..], _b);
        return new Guid(bytes);
    }

    /// <summary>The total order of docs/file-format.md "Values": negative, zero or positive.</summary>
    public static int Compare(in DbValue left, in DbValue right) => DbValueOrder.Compare(left, right);

    public int CompareTo(DbValue other) => DbValueOrder.Compare(this, other);

    /// <summary>True when <see cref="Compare"/> says equal (so 1, 1.0, 1m and TRUE are all equal; NULL equals NULL).</summary>
    public bool Equals(DbValue other) => DbValueOrder.Compare(this, other) == 0;

    public override bool Equals(object? obj) => obj is DbValue other && Equals(other);

    public override int GetHashCode() => DbValueOrder.Hash(this);

    public static bool operator ==(DbValue left, DbValue right) => left.Equals(right);

    public static bool operator !=(DbValue left, DbValue right) => !left.Equals(right);

    public static bool operator <(DbValue left, DbValue right) => Compare(left, right) < 0;

    public static bool operator <=(DbValue left, DbValue right) => Compare(left, right) <= 0;

    public static bool operator >(DbValue left, DbValue right) => Compare(left, right) > 0;

    public static bool operator >=(DbValue left, DbValue right) => Compare(left, right) >= 0;

    public override string ToString() => Type switch
    {
        DbValueType.Null => "NULL",
        DbValueType.Integer => _a.ToString(CultureInfo.InvariantCulture),
        DbValueType.Real => AsDouble().ToString("R", CultureInfo.InvariantCulture),
        DbValueType.Text => (string)_ref!,
        DbValueType.Blob => "x'" + Convert.ToHexString((byte[])_ref!) + "'",
        DbValueType.Boolean => _a != 0 ? "TRUE" : "FALSE",
        DbValueType.DateTime => AsDateTime().ToString("O", CultureInfo.InvariantCulture),
        DbValueType.Decimal => AsDecimal().ToString(CultureInfo.InvariantCulture),
        DbValueType.Guid => AsGuid().ToString(),
        _ => Type.ToString(),
    };

    /// <summary>The raw 64 bits of an Integer, Boolean, Real (IEEE bits) or DateTime, for the encoders.</summary>
    internal long RawBits => _a;

    private SharpCoreDBException Mismatch(DbValueType wanted) =>
        new(SharpCoreDBErrorCode.TypeMismatch, $"Cannot read a {Type} value as {wanted}.");
}
