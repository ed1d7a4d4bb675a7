// Finds the byte ranges in which a page's new image differs from its old one.
// Commit records carry only these ranges, so the log volume of a commit follows
// what changed: a 100-byte row inserted into a leaf logs the row, its slot and a
// few header bytes, not the 8 KiB page.
namespace SharpCoreDB.Storage.Logging;

/// <summary>Enumerates the changed ranges between two equally long spans, in increasing order.</summary>
internal ref struct PageDiff
{
    // Two differing runs closer than this are merged: a range costs a few bytes of
    // offset and length, so sending a short equal gap is cheaper than a new range.
    internal const int MergeGap = 8;
    private readonly ReadOnlySpan<byte> _older;
    private readonly ReadOnlySpan<byte> _newer;
    private int _position;

    public PageDiff(ReadOnlySpan<byte> older, ReadOnlySpan<byte> newer)
    {
        if (older.Length != newer.Length)
        {
            throw new ArgumentException("Both images must have the same length.");
        }

        _older = older;
        _newer = newer;
    }

    /// <summary>Moves to the next changed range; false when there is none.</summary>
    public bool Next(out int offset, out int length)
    {
        int size = _newer.Length;
        _position += _older[_position..].CommonPrefixLength(_newer[_position..]);
        if (_position >= size)
        {
            offset = length = 0;
            return false;
        }

        offset = _position;
        int lastDifferent = _position;
        int i = _position + 1;
        while (i < size)
        {
            if (_older[i] != _newer[i])
            {
                lastDifferent = i++;
                continue;
            }

            int same = _older[i..].CommonPrefixLength(_newer[i..]);
            if (same >= MergeGap || i + same >= size)
            {
                break;
            }

            i += same;
        }

        length = lastDifferent + 1 - offset;
        _position = lastDifferent + 1;
        return true;
    }
}
