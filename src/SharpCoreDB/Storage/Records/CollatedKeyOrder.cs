// The order of an index whose key has a column under an application collation
// (SharpCoreDBConnection.CreateCollation). Such a collation is a comparison of two
// strings, not a folding, so no key bytes can be made whose memcmp order is its
// order: the index stores its texts as they are (KeyEncoder's encoding) and its
// B+tree orders keys with this instead of memcmp (BTree.KeyOrder; a tree without one
// keeps the plain memcmp path). Keys are walked value by value (KeyEncoder.ValueLength):
// two texts in a column with a comparison are decoded and compared by it, every other
// pair of values by their encoded bytes (which is their order, NOCASE and RTRIM keys
// being stored folded), and what follows the key columns (the rowid suffix) by bytes.
//
// A probe may hold fewer values than a stored key (an equality prefix, a bound): as
// with memcmp it sorts before every key that starts with its values, or, searched with
// PrefixPlacement.AfterExtensions, after them (the end of a prefix's range, which
// memcmp finds by incrementing the prefix's last byte). The comparison itself comes
// from the layers above; this file knows only that it compares two strings.
using System.Buffers;
using System.Text;

namespace SharpCoreDB.Storage.Records;

/// <summary>Where a probe sorts among the stored keys that start with all of its values.</summary>
internal enum PrefixPlacement
{
    /// <summary>Before them, as memcmp puts a prefix (a search finds the first of them).</summary>
    BeforeExtensions,

    /// <summary>After them (a search finds the first key past them).</summary>
    AfterExtensions,
}

/// <summary>Compares encoded index keys column by column, texts of some columns by a comparison of strings.</summary>
internal sealed class CollatedKeyOrder
{
    // Decoded texts up to this many bytes use the stack.
    private const int StackBytes = 256;

    private readonly Comparison<string>?[] _columns;

    /// <param name="columns">Per key column, the comparison of its texts; null where the value's bytes decide.</param>
    public CollatedKeyOrder(Comparison<string>?[] columns)
    {
        if (columns.All(c => c is null))
        {
            throw new ArgumentException("A collated key order needs a column with a comparison; plain memcmp order needs none.", nameof(columns));
        }

        _columns = columns;
    }

    /// <summary>The number of key columns (before the rowid suffix).</summary>
    public int KeyColumns => _columns.Length;

    /// <summary>Negative, zero or positive as the stored <paramref name="key"/> sorts before, with or after <paramref name="probe"/>.</summary>
    public int Compare(ReadOnlySpan<byte> key, ReadOnlySpan<byte> probe, PrefixPlacement placement = PrefixPlacement.BeforeExtensions)
    {
        int a = 0, b = 0;
        for (int column = 0; column < _columns.Length && a < key.Length && b < probe.Length; column++)
        {
            int left = KeyEncoder.ValueLength(key[a..]);
            int right = KeyEncoder.ValueLength(probe[b..]);
            int c = CompareValue(column, key.Slice(a, left), probe.Slice(b, right));
            if (c != 0)
            {
                return c;
            }

            a += left;
            b += right;
        }

        if (b == probe.Length && a < key.Length && placement == PrefixPlacement.AfterExtensions)
        {
            return -1;
        }

        return Math.Sign(key[a..].SequenceCompareTo(probe[b..]));
    }

    /// <summary>Whether every value of <paramref name="prefix"/> equals the value of <paramref name="key"/> at its place.</summary>
    public bool StartsWith(ReadOnlySpan<byte> key, ReadOnlySpan<byte> prefix)
    {
        int a = 0, b = 0;
        for (int column = 0; column < _columns.Length && b < prefix.Length; column++)
        {
            if (a == key.Length)
            {
                return false;
            }

            int left = KeyEncoder.ValueLength(key[a..]);
            int right = KeyEncoder.ValueLength(prefix[b..]);
            if (CompareValue(column, key.Slice(a, left), prefix.Slice(b, right)) != 0)
            {
                return false;
            }

            a += left;
            b += right;
        }

        return key[a..].StartsWith(prefix[b..]);
    }

    /// <summary>Two whole encoded values of key column <paramref name="column"/>: negative, zero or positive.</summary>
    public int CompareValue(int column, ReadOnlySpan<byte> left, ReadOnlySpan<byte> right)
    {
        if (_columns[column] is not { } comparison || left[0] != KeyEncoder.TextTag || right[0] != KeyEncoder.TextTag)
        {
            return Math.Sign(left.SequenceCompareTo(right));
        }

        return left.SequenceEqual(right) ? 0 : Math.Sign(comparison(DecodeText(left), DecodeText(right)));
    }

    // The string an encoded text holds: the bytes between the tag and the terminator, 00 FF read as 00.
    private static string DecodeText(ReadOnlySpan<byte> encoded)
    {
        ReadOnlySpan<byte> escaped = encoded[1..^2];
        if (escaped.IndexOf((byte)0) < 0)
        {
            return Encoding.UTF8.GetString(escaped);
        }

        byte[]? rented = escaped.Length > StackBytes ? ArrayPool<byte>.Shared.Rent(escaped.Length) : null;
        Span<byte> raw = rented ?? stackalloc byte[StackBytes];
        int length = 0;
        for (int i = 0; i < escaped.Length; i++)
        {
            raw[length++] = escaped[i];
            if (escaped[i] == 0)
            {
                i++; // the FF after an escaped 00
            }
        }

        string text = Encoding.UTF8.GetString(raw[..length]);
        if (rented is not null)
        {
            ArrayPool<byte>.Shared.Return(rented);
        }

        return text;
    }
}
