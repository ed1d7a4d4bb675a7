// Every pooled byte buffer of the log and the engine is rented here, from
// ArrayPool<byte>.Shared, and counted: Outstanding is the number of buffers rented
// and not yet returned, so that tests can prove that no pooled buffer outlives a
// closed database (a buffer never returned is not a leak of memory, the GC takes it,
// but it is a sign of a path that skipped its cleanup). The count is one Interlocked
// operation per rental, cheap next to the rental itself, and always compiled in.
// Empty arrays (a request for zero bytes) are neither pooled nor counted.
using System.Buffers;

namespace SharpCoreDB.Wal.Buffers;

/// <summary>Counted rentals from the shared byte array pool.</summary>
internal static class BufferPool
{
    private static long _outstanding;

    /// <summary>Buffers rented and not yet returned, process-wide.</summary>
    public static long Outstanding => Interlocked.Read(ref _outstanding);

    /// <summary>A buffer of at least <paramref name="minimumLength"/> bytes (possibly longer, contents undefined).</summary>
    public static byte[] Rent(int minimumLength)
    {
        byte[] buffer = ArrayPool<byte>.Shared.Rent(minimumLength);
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
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }
}
