// Every pooled byte buffer of the log and the engine is rented here, from
// ArrayPool<byte>.Shared, and counted: Outstanding is the number of buffers rented
// and not yet returned, so that tests can prove that no pooled buffer outlives a
// closed database (a buffer never returned is not a leak of memory, the GC takes it,
// but it is a sign of a path that skipped its cleanup). The count is one Interlocked
// operation per rental, cheap next to the rental itself, and always compiled in.
// Empty arrays (a request for zero bytes) are neither pooled nor counted.
//
// Large buffers (the log's 1 MiB append buffers, checkpoint images) come from a pool of
// their own that is not tied to threads. ArrayPool<byte>.Shared keeps a returned array in
// the returning thread's local cache first; the log's buffers are returned by its flush
// worker, whose thread ends when the database closes, so every open of a database would
// otherwise allocate a fresh 1 MiB array on the large object heap.
using System.Buffers;

namespace SharpCoreDB.Wal.Buffers;

/// <summary>Counted rentals from the shared byte array pool.</summary>
internal static class BufferPool
{
    /// <summary>Rentals of at least this many bytes use <see cref="Large"/>.</summary>
    internal const int LargeThreshold = 256 << 10;

    private static readonly ArrayPool<byte> Large = ArrayPool<byte>.Create(maxArrayLength: 16 << 20, maxArraysPerBucket: 8);
    private static long _outstanding;

    /// <summary>Buffers rented and not yet returned, process-wide.</summary>
    public static long Outstanding => Interlocked.Read(ref _outstanding);

    /// <summary>A buffer of at least <paramref name="minimumLength"/> bytes (possibly longer, contents undefined).</summary>
    public static byte[] Rent(int minimumLength)
    {
        byte[] buffer = minimumLength >= LargeThreshold ? Large.Rent(minimumLength) : ArrayPool<byte>.Shared.Rent(minimumLength);
        if (buffer.Length > 0)
        {
            Interlocked.Increment(ref _outstanding);
        }

        return buffer;
    }

    /// <summary>Gives back a buffer from <see cref="Rent"/>; it must not be used afterwards.</summary>
    public static void Return(byte[] buffer)
    {
        if (buffer.Length > 0)
        {
            Interlocked.Decrement(ref _outstanding);
            // Shared hands out power-of-two lengths, so an array of its that reaches the threshold
            // fits one of Large's buckets (or is dropped by it when longer than its largest).
            (buffer.Length >= LargeThreshold ? Large : ArrayPool<byte>.Shared).Return(buffer);
        }
    }
}
