// Encodes a row of DbValues as a record (docs/file-format.md, "Records"):
//
//   varint column count
//   one varint type code per column (RecordCode)
//   the payloads, in column order, with no padding
//
// Integers take 0, 1, 2, 3, 4, 6 or 8 bytes (little-endian two's complement);
// reals and date-times 8; decimals and guids 16; text is UTF-8. Writing allocates
// nothing: callers size the destination with GetSize or pass an IBufferWriter.
using System.Buffers;
using System.Buffers.Binary;
using System.Text;

namespace SharpCoreDB.Storage.Records;

/// <summary>Writes rows of values in the record format.</summary>
internal static class RecordWriter
{
    /// <summary>The exact number of bytes <see cref="Write(ReadOnlySpan{DbValue}, Span{byte})"/> will write.</summary>
    public static int GetSize(ReadOnlySpan<DbValue> values)
    {
        long size = Varint.SizeOf((ulong)values.Length);
        foreach (ref readonly DbValue value in values)
        {
            ulong code = CodeOf(value, out int payload);
            size += Varint.SizeOf(code) + payload;
        }

        return size <= int.MaxValue ? (int)size : throw new SharpCoreDBException(SharpCoreDBErrorCode.Misuse, "A record may not exceed 2 GB.");
    }

    /// <summary>Writes the record into <paramref name="destination"/>; returns the bytes written.</summary>
    public static int Write(ReadOnlySpan<DbValue> values, Span<byte> destination)
    {
        int header = Varint.Write(destination, (ulong)values.Length);
        foreach (ref readonly DbValue value in values)
        {
            header += Varint.Write(destination[header..], CodeOf(value, out _));
        }

        int position = header;
        foreach (ref readonly DbValue value in values)
        {
            position += WritePayload(value, destination[position..]);
        }

        return position;
    }

    /// <summary>Writes the record into <paramref name="writer"/>; returns the bytes written.</summary>
    public static int Write(ReadOnlySpan<DbValue> values, IBufferWriter<byte> writer)
    {
        int size = GetSize(values);
        Span<byte> destination = writer.GetSpan(size);
        Write(values, destination);
        writer.Advance(size);
        return size;
    }

    private static ulong CodeOf(in DbValue value, out int payload)
    {
        switch (value.Type)
        {
            case DbValueType.Null:
                payload = 0;
                return RecordCode.Null;
            case DbValueType.Integer:
                ulong code = RecordCode.ForInteger(value.RawBits);
                payload = (int)RecordCode.PayloadSize(code);
                return code;
            case DbValueType.Real:
                payload = 8;
                return RecordCode.Real;
            case DbValueType.Boolean:
                payload = 0;
                return value.RawBits != 0 ? RecordCode.True : RecordCode.False;
            case DbValueType.DateTime:
                payload = 8;
                return RecordCode.DateTime;
            case DbValueType.Decimal:
                payload = 16;
                return RecordCode.Decimal;
            case DbValueType.Guid:
                payload = 16;
                return RecordCode.Guid;
            case DbValueType.Text:
                payload = Encoding.UTF8.GetByteCount(value.AsText());
                return RecordCode.Text(payload);
            default:
                payload = value.AsBlob().Length;
                return RecordCode.Blob(payload);
        }
    }

    private static int WritePayload(in DbValue value, Span<byte> destination)
    {
        switch (value.Type)
        {
            case DbValueType.Integer:
                int size = (int)RecordCode.PayloadSize(RecordCode.ForInteger(value.RawBits));
                long bits = value.RawBits;
                for (int i = 0; i < size; i++)
                {
                    destination[i] = (byte)(bits >> (8 * i));
                }

                return size;
            case DbValueType.Real:
            case DbValueType.DateTime:
                BinaryPrimitives.WriteInt64LittleEndian(destination, value.RawBits);
                return 8;
            case DbValueType.Decimal:
                Span<int> words = stackalloc int[4];
                decimal.GetBits(value.AsDecimal(), words);
                for (int i = 0; i < 4; i++)
                {
                    BinaryPrimitives.WriteInt32LittleEndian(destination[(4 * i)..], words[i]);
                }

                return 16;
            case DbValueType.Guid:
                value.AsGuid().TryWriteBytes(destination, bigEndian: true, out _);
                return 16;
            case DbValueType.Text:
                return Encoding.UTF8.GetBytes(value.AsText(), destination);
            case DbValueType.Blob:
                byte[] blob = value.AsBlob();
                blob.CopyTo(destination);
                return blob.Length;
            default:
                return 0;
        }
    }
}
