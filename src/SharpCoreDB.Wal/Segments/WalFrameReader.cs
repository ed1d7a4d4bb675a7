// Reads the frames of one segment in order through a pooled read-ahead buffer, and
// classifies what it finds: a valid frame, the clean end of the segment, or invalid
// bytes (short, torn, CRC-failing or out-of-sequence frame). After invalid bytes,
// recovery asks it to resynchronise: to search forward, offset by offset, for the next
// frame that validates, so that one damaged frame does not hide the valid ones after
// it. Replay reads the already-recovered frame runs with it again.
using SharpCoreDB.Wal.Buffers;
using SharpCoreDB.Wal.Format;
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Wal.Segments;

/// <summary>What <see cref="WalFrameReader.Next"/> found.</summary>
internal enum WalFrameStatus
{
    Valid,
    End,
    Invalid,
}

/// <summary>A forward reader over the frames of a segment file.</summary>
internal sealed class WalFrameReader : IDisposable
{
    internal const int DefaultBufferSize = 1 << 20;

    /// <summary>
    /// How far past the expected LSN a resynchronising frame may lie. Real gaps are a few records to a
    /// few million; a wider window would only let random bytes in payloads pass the cheap checks.
    /// </summary>
    internal const long MaxResyncLsnGap = 1L << 32;

    private readonly IStorageFile _file;
    private readonly long _end;
    private byte[] _buffer;
    private long _bufferOffset;
    private int _bufferCount;
    private int _payloadStart;
    private int _payloadLength;

    public WalFrameReader(IStorageFile file, long start, long end)
    {
        _file = file;
        _end = end;
        Position = start;
        _bufferOffset = start;
        _buffer = BufferPool.Rent(DefaultBufferSize);
    }

    /// <summary>The file offset of the next frame; after an invalid frame, where it starts.</summary>
    public long Position { get; private set; }

    /// <summary>Where the reader stops: the end of the bytes it may read.</summary>
    public long End => _end;

    /// <summary>The LSN of the frame last returned as valid.</summary>
    public long Lsn { get; private set; }

    /// <summary>The durable LSN at copy of the frame last returned as valid.</summary>
    public long DurableAtCopy { get; private set; }

    /// <summary>The payload of the frame last returned as valid; good until the next call.</summary>
    public ReadOnlySpan<byte> Payload => _buffer.AsSpan(_payloadStart, _payloadLength);

    /// <summary>Continues reading at <paramref name="position"/> (a frame boundary the caller knows).</summary>
    public void MoveTo(long position) => Position = position;

    /// <summary>The LSN field of the bytes at Position, unchecked; 0 if less than a frame header remains.</summary>
    public long PeekLsn() =>
        Fill(WalFrame.HeaderSize) ? WalFrame.ReadLsn(_buffer.AsSpan((int)(Position - _bufferOffset))) : 0;

    /// <summary>Reads the next frame, which must carry <paramref name="expectedLsn"/>.</summary>
    public WalFrameStatus Next(long expectedLsn)
    {
        if (Position >= _end)
        {
            return WalFrameStatus.End;
        }

        if (!Fill(WalFrame.HeaderSize))
        {
            return WalFrameStatus.Invalid;
        }

        ReadOnlySpan<byte> header = _buffer.AsSpan((int)(Position - _bufferOffset), WalFrame.HeaderSize);
        if (WalFrame.ReadLsn(header) != expectedLsn ||
            !WalFrame.HasPlausibleHeader(header, expectedLsn, _end - Position))
        {
            return WalFrameStatus.Invalid;
        }

        int length = WalFrame.ReadLength(header);
        int size = WalFrame.SizeOf(length);
        if (!Fill(size))
        {
            return WalFrameStatus.Invalid;
        }

        int start = (int)(Position - _bufferOffset);
        ReadOnlySpan<byte> frame = _buffer.AsSpan(start, size);
        if (!WalFrame.HasValidChecksum(frame))
        {
            return WalFrameStatus.Invalid;
        }

        Lsn = expectedLsn;
        DurableAtCopy = WalFrame.ReadDurableAtCopy(frame);
        _payloadStart = start + WalFrame.HeaderSize;
        _payloadLength = length;
        Position += size;
        return WalFrameStatus.Valid;
    }

    /// <summary>
    /// Searches from <paramref name="from"/> to the end for the first offset holding a valid frame whose
    /// LSN is at least <paramref name="minLsn"/> and exceeds it by less than MaxResyncLsnGap and by at most
    /// one per frame header that fits between <paramref name="gapOrigin"/> and the offset: each record the
    /// hole lost took at least a frame header of its bytes. On success Position is that offset and
    /// <paramref name="lsn"/> its LSN (Next(lsn) then reads it); otherwise Position is the end.
    /// </summary>
    /// <remarks>
    /// The cheap fields are checked first: the LSN (which rejects a zero-filled tail at once; a run of
    /// zeros is skipped with one vectorised search), then the length and the durable LSN at copy. Only
    /// the rare candidate that passes them all costs a CRC. The bound by bytes matters: a real frame's
    /// header read one byte early passes as a frame with 256 times its LSN and length, and without the
    /// bound every damaged frame would cost a CRC of a quarter megabyte of payload.
    /// </remarks>
    public bool TryResync(long from, long minLsn, long gapOrigin, out long lsn)
    {
        long candidate = from;
        while (_end - candidate >= WalFrame.HeaderSize)
        {
            Position = candidate;
            if (!Fill(WalFrame.HeaderSize))
            {
                break;
            }

            ReadOnlySpan<byte> data = _buffer.AsSpan(0, _bufferCount);
            int last = _bufferCount - WalFrame.HeaderSize;
            int i = (int)(candidate - _bufferOffset);
            long found = -1;
            while (i <= last)
            {
                long candidateLsn = WalFrame.ReadLsn(data[i..]);
                if (candidateLsn == 0)
                {
                    i = SkipZeros(data, i, last);
                    continue;
                }

                long at = _bufferOffset + i;
                long gap = candidateLsn - minLsn;
                if ((ulong)gap < MaxResyncLsnGap &&
                    gap <= (at - gapOrigin) / WalFrame.HeaderSize &&
                    WalFrame.HasPlausibleHeader(data[i..], candidateLsn, _end - at))
                {
                    found = at;
                    lsn = candidateLsn;
                    break;
                }

                i++;
            }

            if (found < 0)
            {
                candidate = _bufferOffset + last + 1;
                continue;
            }

            // The CRC may need bytes beyond the buffer, which moves it: check, then start over after this offset.
            Position = found;
            int length = WalFrame.ReadLength(data[(int)(found - _bufferOffset)..]);
            if (Fill(WalFrame.SizeOf(length)) &&
                WalFrame.HasValidChecksum(_buffer.AsSpan((int)(found - _bufferOffset), WalFrame.SizeOf(length))))
            {
                lsn = WalFrame.ReadLsn(_buffer.AsSpan((int)(found - _bufferOffset)));
                return true;
            }

            candidate = found + 1;
        }

        Position = _end;
        lsn = 0;
        return false;
    }

    public void Dispose()
    {
        BufferPool.Return(_buffer);
        _buffer = [];
    }

    // A candidate at i has a zero LSN field. Every later candidate whose LSN field lies wholly in the same
    // run of zeros fails the same way, so the next one worth looking at is the first whose LSN field
    // reaches the next non-zero byte.
    private static int SkipZeros(ReadOnlySpan<byte> data, int i, int last)
    {
        int lsnField = i + WalFrame.LsnField.Offset;
        int nonZero = data[lsnField..].IndexOfAnyExcept((byte)0);
        if (nonZero < 0)
        {
            return last + 1;
        }

        return Math.Max(i + 1, lsnField + nonZero - WalFrame.LsnField.Offset - (WalFrame.LsnField.Size - 1));
    }

    // Makes [Position, Position + count) available in the buffer; false if the segment ends first.
    private bool Fill(int count)
    {
        if (_end - Position < count)
        {
            return false;
        }

        long relative = Position - _bufferOffset;
        if (relative >= 0 && relative + count <= _bufferCount)
        {
            return true;
        }

        if (count > _buffer.Length)
        {
            BufferPool.Return(_buffer);
            _buffer = BufferPool.Rent(count);
        }

        int toRead = (int)Math.Min(_buffer.Length, _end - Position);
        _bufferOffset = Position;
        _bufferCount = _file.Read(Position, _buffer.AsSpan(0, toRead));
        return _bufferCount >= count;
    }
}
