// One append buffer of the group-commit log: an array rented from ArrayPool into which
// appenders copy whole frames side by side, without a lock.
//
// State packs two counters into one long so that a single Interlocked.Add reserves
// both a place in the buffer and an LSN, which keeps LSN order and byte order the same:
//   bits 0..38   bytes reserved (may run past Capacity once the buffer is full)
//   bits 39..62  records reserved
// The appender whose reservation first runs past Capacity seals the buffer (records
// before it stay, it and later ones go to the next buffer); the flush worker seals a
// partly filled buffer the same way by pushing the byte counter past Capacity.
// Filled counts bytes whose copy has finished; the worker writes a sealed buffer once
// Filled reaches SealedLength.
using SharpCoreDB.Wal.Buffers;

namespace SharpCoreDB.Wal.GroupCommit;

/// <summary>A buffer of frames waiting for the flush worker.</summary>
internal sealed class WalBuffer
{
    public const int CountShift = 39;
    public const long OffsetMask = (1L << CountShift) - 1;
    public const long OneRecord = 1L << CountShift;

    /// <summary>The bytes; rented from ArrayPool.Shared, returned once written.</summary>
    public byte[] Data = [];

    /// <summary>How many bytes of Data appenders may fill.</summary>
    public int Capacity;

    /// <summary>The LSN of the last record before this buffer; its i-th record (from 0) has BaseLsn + i + 1.</summary>
    public long BaseLsn;

    /// <summary>Reserved bytes and records, packed as described above.</summary>
    public long State;

    /// <summary>Bytes whose copy has completed.</summary>
    public long Filled;

    /// <summary>Bytes of whole frames the buffer holds once sealed.</summary>
    public int SealedLength;

    /// <summary>Records the buffer holds once sealed.</summary>
    public int SealedCount;

    /// <summary>1 once SealedLength and SealedCount are set.</summary>
    public int Sealed;

    /// <summary>The buffer that took over from this one, once it is sealed (null for the last buffer of a closing log).</summary>
    public WalBuffer? Next;

    public static long Offset(long state) => state & OffsetMask;

    public static int Count(long state) => (int)((state >> CountShift) & 0xFF_FFFF);

    /// <summary>
    /// Prepares a (possibly pooled) buffer for a new life with a fresh array. State is set
    /// last and atomically: until then the buffer still reads as sealed to any appender.
    /// </summary>
    public void Reset(int capacity, long baseLsn, long initialState)
    {
        Data = BufferPool.Rent(capacity);
        Capacity = capacity;
        BaseLsn = baseLsn;
        Filled = 0;
        SealedLength = 0;
        SealedCount = 0;
        Sealed = 0;
        Next = null;
        Interlocked.Exchange(ref State, initialState);
    }

    /// <summary>Records the seal; the fields become visible to the worker with Sealed.</summary>
    public void Seal(int length, int count, WalBuffer? next)
    {
        SealedLength = length;
        SealedCount = count;
        Next = next;
        Volatile.Write(ref Sealed, 1);
    }

    /// <summary>The LSN of the last record once sealed.</summary>
    public long SealedLastLsn => BaseLsn + SealedCount;

    /// <summary>Gives the array back to the pool.</summary>
    public void ReturnData()
    {
        BufferPool.Return(Data);
        Data = [];
        Next = null;
    }
}
