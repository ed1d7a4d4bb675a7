// Where the frames of a log segment lie, read the way docs/wal.md lays them out: a
// 32-byte segment header, then frames of a 24-byte header (bytes 4..7 the payload
// length) and the payload, then zeros. The damage tests use it to tell damage to the
// last frame (which recovery cannot tell from a torn write) from damage before it.
namespace SharpCoreDB.Tests.Reliability;

internal static class LogFrames
{
    private const int SegmentHeaderSize = 32;
    private const int FrameHeaderSize = 24;
    private const int LengthOffset = 4;

    /// <summary>The offset where the segment's last frame starts and the offset where the frames end.</summary>
    public static (long Start, long End) Last(byte[] segment)
    {
        long start = SegmentHeaderSize, next = SegmentHeaderSize;
        while (next + FrameHeaderSize <= segment.Length
            && BitConverter.ToInt32(segment, (int)next + LengthOffset) is int length and > 0
            && next + FrameHeaderSize + length <= segment.Length)
        {
            start = next;
            next += FrameHeaderSize + length;
        }

        return (start, next);
    }
}
