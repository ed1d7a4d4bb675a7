// Reads a record (docs/file-format.md, "Records") in place, without decoding the
// columns it is not asked for: finding column i walks the header's type codes
// up to i, summing payload sizes, and remembers where it got to so that reading
// columns in order costs O(1) each. A column past the end of the record reads as
// NULL, so rows written before ALTER TABLE ADD COLUMN still read.
using System.Buffers.Binary;
using System.Text;

namespace SharpCoreDB.Storage.Records;

/// <summary>A view of one record's columns; reading numbers and spans allocates nothing.</summary>
internal ref struct RecordReader
{
    private readonly ReadOnlySpan<byte> _record;
    private readonly int _payloadStart;
    private int _cursorColumn;
    private int _cursorCodeOffset;
    private int _cursorPayloadOffset;

    public RecordReader(ReadOnlySpan<byte> record)
    {
        _record = record;
        int read = Varint.Read(record, out ulong count);
        if (read == 0 || count > int.MaxValue)
        {
            throw Corrupt();
        }

        ColumnCount = (int)count;
        int offset = read;
        long payload = 0;
        for (int i = 0; i < ColumnCount; i++)
        {
            int n = Varint.Read(record[offset..], out ulong code);
            long size = n == 0 ? -1 : RecordCode.PayloadSize(code);
            if (size < 0)
            {
                throw Corrupt();
            }

            offset += n;
            payload += size;
        }

        if (offset + payload > record.Length)
        {
            throw Corrupt();
        }

        _payloadStart = offset;
        _cursorColumn = 0;
        _cursorCodeOffset = read;
        _cursorPayloadOffset = offset;
    }

    /// <summary>How many columns the record holds.</summary>
    public int ColumnCount { get; }

    /// <summary>The type of column <paramref name="column"/> (Null past the end).</summary>
    public DbValueType GetColumnType(int column)
    {
        ulong code = Locate(column, out _);
        return code switch
        {
            RecordCode.Null => DbValueType.Null,
            <= RecordCode.Int64 => DbValueType.Integer,
            RecordCode.Real => DbValueType.Real,
            RecordCode.False or RecordCode.True => DbValueType.Boolean,
            RecordCode.DateTime => DbValueType.DateTime,
            RecordCode.Decimal => DbValueType.Decimal,
            RecordCode.Guid => DbValueType.Guid,
            _ => (code & 1) == 0 ? DbValueType.Blob : DbValueType.Text,
        };
    }

    public bool IsNull(int column) => Locate(column, out _) == RecordCode.Null;

    /// <summary>Column <paramref name="column"/> as a DbValue; text and blobs allocate their string or array.</summary>
    public DbValue GetValue(int column)
    {
        ulong code = Locate(column, out ReadOnlySpan<byte> payload);
        switch (code)
        {
            case RecordCode.Null:
                return DbValue.Null;
            case <= RecordCode.Int64:
                return DbValue.FromInt64(ReadInteger(code, payload));
            case RecordCode.Real:
                return DbValue.FromDouble(BinaryPrimitives.ReadDoubleLittleEndian(payload));
            case RecordCode.False:
                return DbValue.FromBoolean(false);
            case RecordCode.True:
                return DbValue.FromBoolean(true);
            case RecordCode.DateTime:
                long ticks = BinaryPrimitives.ReadInt64LittleEndian(payload);
                return (ulong)ticks <= (ulong)DateTime.MaxValue.Ticks ? DbValue.FromDateTimeTicks(ticks) : throw Corrupt();
            case RecordCode.Decimal:
                return DbValue.FromDecimal(ReadDecimal(payload));
            case RecordCode.Guid:
                return DbValue.FromGuid(new Guid(payload, bigEndian: true));
            default:
                return (code & 1) == 0 ? DbValue.FromBlob(payload) : DbValue.FromText(Encoding.UTF8.GetString(payload));
        }
    }

    /// <summary>An Integer or Boolean column as a long.</summary>
    public long GetInt64(int column)
    {
        ulong code = Locate(column, out ReadOnlySpan<byte> payload);
        return code switch
        {
            RecordCode.False => 0,
            RecordCode.True => 1,
            >= RecordCode.IntZero and <= RecordCode.Int64 => ReadInteger(code, payload),
            _ => throw Mismatch(column, "an integer"),
        };
    }

    /// <summary>A Real column.</summary>
    public double GetDouble(int column) =>
        Locate(column, out ReadOnlySpan<byte> payload) == RecordCode.Real
            ? BinaryPrimitives.ReadDoubleLittleEndian(payload)
            : throw Mismatch(column, "a real");

    /// <summary>The UTF-8 bytes of a Text column, or the bytes of a Blob column, in place.</summary>
    public ReadOnlySpan<byte> GetBytes(int column) =>
        Locate(column, out ReadOnlySpan<byte> payload) >= RecordCode.FirstVariable
            ? payload
            : throw Mismatch(column, "text or a blob");

    /// <summary>Decodes every column into <paramref name="destination"/> (columns past the record's end become NULL).</summary>
    public void ReadAll(Span<DbValue> destination)
    {
        for (int i = 0; i < destination.Length; i++)
        {
            destination[i] = GetValue(i);
        }
    }

    private ulong Locate(int column, out ReadOnlySpan<byte> payload)
    {
        if ((uint)column >= (uint)ColumnCount)
        {
            ArgumentOutOfRangeException.ThrowIfNegative(column);
            payload = default;
            return RecordCode.Null;
        }

        if (column < _cursorColumn)
        {
            _cursorColumn = 0;
            _cursorCodeOffset = Varint.Read(_record, out _);
            _cursorPayloadOffset = _payloadStart;
        }

        ulong code;
        while (true)
        {
            int n = Varint.Read(_record[_cursorCodeOffset..], out code);
            int size = (int)RecordCode.PayloadSize(code);
            if (_cursorColumn == column)
            {
                payload = _record.Slice(_cursorPayloadOffset, size);
                return code;
            }

            _cursorColumn++;
            _cursorCodeOffset += n;
            _cursorPayloadOffset += size;
        }
    }

    private static long ReadInteger(ulong code, ReadOnlySpan<byte> payload)
    {
        if (code == RecordCode.IntZero)
        {
            return 0;
        }

        if (code == RecordCode.IntOne)
        {
            return 1;
        }

        long value = 0;
        for (int i = payload.Length - 1; i >= 0; i--)
        {
            value = (value << 8) | payload[i];
        }

        int unused = 64 - (8 * payload.Length);
        return (value << unused) >> unused;
    }

    private static decimal ReadDecimal(ReadOnlySpan<byte> payload)
    {
        Span<int> words = stackalloc int[4];
        for (int i = 0; i < 4; i++)
        {
            words[i] = BinaryPrimitives.ReadInt32LittleEndian(payload[(4 * i)..]);
        }

        try
        {
            return new decimal(words);
        }
        catch (ArgumentException e)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Corrupt, "A record holds an invalid decimal.", e);
        }
    }

    private static SharpCoreDBException Corrupt() =>
        new(SharpCoreDBErrorCode.Corrupt, "A record's header is malformed.");

    private static SharpCoreDBException Mismatch(int column, string wanted) =>
        new(SharpCoreDBErrorCode.TypeMismatch, $"Column {column} of the record is not {wanted}.");
}
