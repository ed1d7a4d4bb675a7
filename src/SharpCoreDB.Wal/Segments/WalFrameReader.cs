// Reads the frames of one segment in order through a pooled read-ahead buffer, and
// classifies what it finds: a valid frame, the clean end of the segment, or the first
// invalid bytes (short, torn, CRC-failing or out-of-sequence frame). Recovery uses the
// position of the first invalid frame as the point to truncate at; Replay reads the
// already-recovered segments with it again.
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

    /// <summary>The LSN of the frame last returned as valid.</summary>
    public long Lsn { get; private set; }

    /// <summary>The durable LSN at copy of the frame last returned as valid.</summary>
    public long DurableAtCopy { get; private set; }

    /// <summary>The payload of the frame last returned as valid; good until the next call.</summary>
    public ReadOnlySpan<byte> Payload => _buffer.AsSpan(_payloadStart, _payloadLength);

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

    public void Dispose()
    {
        BufferPool.Return(_buffer);
        _buffer = [];
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
