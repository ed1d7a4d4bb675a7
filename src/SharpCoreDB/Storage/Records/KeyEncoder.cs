// The order-preserving encoding of index keys (docs/file-format.md, "Index keys"):
// comparing two encoded keys with memcmp (span SequenceCompareTo) gives the same
// answer as comparing their DbValues column by column with DbValue.Compare, so
// index B+trees never decode keys to search them. Each value is self-delimiting,
// which makes multi-column keys safe:
//
//   0x05                     NULL
//   0x10..0x14 ...           a number (NumericKey)
//   0x20 + 8 bytes           a DateTime: ticks XOR 2^63, big-endian (OrderedInt64)
//   0x30 + escaped + 00 01   text: UTF-8 with each 00 written as 00 FF
//   0x40 + 16 bytes          a Guid: its RFC 4122 big-endian bytes
//   0x50 + escaped + 00 01   a blob, escaped like text
//
// An index key is the encoded key columns followed by the rowid as a suffix
// (RowIdKey: 2 to 10 bytes, readable from the key's end).
using System.Text;

namespace SharpCoreDB.Storage.Records;

/// <summary>Encodes values and rows of values as memcmp-ordered key bytes.</summary>
internal static class KeyEncoder
{
    public const byte NullTag = 0x05;
    public const byte DateTimeTag = 0x20;
    public const byte TextTag = 0x30;
    public const byte GuidTag = 0x40;
    public const byte BlobTag = 0x50;

    /// <summary>The exact size of <paramref name="value"/>'s encoding.</summary>
    public static int GetSize(in DbValue value)
    {
        switch (value.Type)
        {
            case DbValueType.Null:
                return 1;
            case DbValueType.DateTime:
                return 9;
            case DbValueType.Guid:
                return 17;
            case DbValueType.Text:
                string text = value.AsText();
                return 3 + Encoding.UTF8.GetByteCount(text) + text.AsSpan().Count('\0');
            case DbValueType.Blob:
                byte[] blob = value.AsBlob();
                return 3 + blob.Length + blob.AsSpan().Count((byte)0);
            default:
                Span<byte> scratch = stackalloc byte[NumericKey.MaxSize];
                return NumericKey.Encode(value, scratch);
        }
    }

    /// <summary>The exact size of the encoding of all of <paramref name="values"/>.</summary>
    public static int GetSize(ReadOnlySpan<DbValue> values)
    {
        int size = 0;
        foreach (ref readonly DbValue value in values)
        {
            size += GetSize(value);
        }

        return size;
    }

    /// <summary>Writes <paramref name="value"/>'s encoding; returns the bytes written.</summary>
    public static int Encode(in DbValue value, Span<byte> destination)
    {
        switch (value.Type)
        {
            case DbValueType.Null:
                destination[0] = NullTag;
                return 1;
            case DbValueType.DateTime:
                destination[0] = DateTimeTag;
                OrderedInt64.Write(value.RawBits, destination[1..]);
                return 9;
            case DbValueType.Guid:
                destination[0] = GuidTag;
                value.AsGuid().TryWriteBytes(destination[1..], bigEndian: true, out _);
                return 17;
            case DbValueType.Text:
                destination[0] = TextTag;
                int length = Encoding.UTF8.GetBytes(value.AsText(), destination[1..]);
                return 1 + Escape(destination[1..], length);
            case DbValueType.Blob:
                destination[0] = BlobTag;
                byte[] blob = value.AsBlob();
                blob.CopyTo(destination[1..]);
                return 1 + Escape(destination[1..], blob.Length);
            default:
                Span<byte> number = stackalloc byte[NumericKey.MaxSize];
                int size = NumericKey.Encode(value, number);
                number[..size].CopyTo(destination);
                return size;
        }
    }

    /// <summary>Writes the encodings of <paramref name="values"/> one after another; returns the bytes written.</summary>
    public static int Encode(ReadOnlySpan<DbValue> values, Span<byte> destination)
    {
        int written = 0;
        foreach (ref readonly DbValue value in values)
        {
            written += Encode(value, destination[written..]);
        }

        return written;
    }

    /// <summary>
    /// Writes an index key: the key columns, then the rowid suffix; returns the bytes written. The destination
    /// needs <see cref="GetSize(ReadOnlySpan{DbValue})"/> plus <see cref="RowIdKey.MaxSuffixSize"/> bytes at most.
    /// </summary>
    public static int EncodeIndexKey(ReadOnlySpan<DbValue> columns, long rowId, Span<byte> destination)
    {
        int written = Encode(columns, destination);
        return written + RowIdKey.WriteSuffix(rowId, destination[written..]);
    }

    /// <summary>
    /// The length of the value encoded at the start of <paramref name="key"/>, so that a key can be walked value by value
    /// (ANALYZE counts distinct prefixes of index keys without decoding them).
    /// </summary>
    public static int ValueLength(ReadOnlySpan<byte> key)
    {
        switch (key[0])
        {
            case NumericKey.Positive or NumericKey.Negative:
                // Tag, two exponent bytes, then digits whose low bit says "more" (inverted for a negative number).
                byte last = key[0] == NumericKey.Negative ? (byte)1 : (byte)0;
                int digit = 3;
                while ((key[digit] & 1) != last)
                {
                    digit++;
                }

                return digit + 1;
            case DateTimeTag:
                return 9;
            case GuidTag:
                return 17;
            case TextTag or BlobTag:
                // Escaped bytes (00 as 00 FF), then the terminator 00 01.
                int at = 1;
                while (key[at] != 0 || key[at + 1] != 0x01)
                {
                    at += key[at] == 0 ? 2 : 1;
                }

                return at + 2;
            default:
                return 1; // NULL, zero and the infinities are their tag alone
        }
    }

    /// <summary>Where the value after the first <paramref name="count"/> values of <paramref name="key"/> starts.</summary>
    public static int SkipValues(ReadOnlySpan<byte> key, int count)
    {
        int at = 0;
        for (int i = 0; i < count; i++)
        {
            at += ValueLength(key[at..]);
        }

        return at;
    }

    /// <summary>The rowid at the end of an index key.</summary>
    public static long ReadRowIdSuffix(ReadOnlySpan<byte> indexKey) => RowIdKey.ReadSuffix(indexKey);

    /// <summary>
    /// Escapes the <paramref name="length"/> raw bytes at the start of <paramref name="buffer"/> in place
    /// (00 becomes 00 FF) and appends the terminator 00 01; returns the escaped size.
    /// </summary>
    private static int Escape(Span<byte> buffer, int length)
    {
        int zeros = buffer[..length].Count((byte)0);
        int size = length + zeros + 2;
        buffer[size - 2] = 0x00;
        buffer[size - 1] = 0x01;
        if (zeros == 0)
        {
            return size;
        }

        int to = length + zeros - 1;
        for (int from = length - 1; from >= 0; from--)
        {
            byte b = buffer[from];
            if (b == 0)
            {
                buffer[to--] = 0xFF;
            }

            buffer[to--] = b;
        }

        return size;
    }
}
