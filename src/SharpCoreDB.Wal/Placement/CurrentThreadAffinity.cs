// Pins the calling thread to one CPU (Linux sched_setaffinity with thread id 0, which
// means the caller). .NET's Process.ProcessorAffinity is process-wide, which would pin
// every thread of the application; only the log's flush worker should move.
using System.Runtime.InteropServices;

namespace SharpCoreDB.Wal.Placement;

/// <summary>Restricts the calling thread to a single CPU.</summary>
internal static partial class CurrentThreadAffinity
{
    // 1,024 CPUs, the kernel's default CPU-set size.
    private const int MaskWords = 16;

    /// <summary>
    /// Pins the calling thread to <paramref name="cpu"/> if it may run there and may also run
    /// elsewhere (pinning to the only allowed CPU changes nothing). True if it is now pinned.
    /// </summary>
    public static bool TryPin(int cpu)
    {
        if (!OperatingSystem.IsLinux() || cpu < 0 || cpu >= MaskWords * 64)
        {
            return false;
        }

        try
        {
            Span<ulong> mask = stackalloc ulong[MaskWords];
            nint size = MaskWords * sizeof(ulong);
            if (sched_getaffinity(0, size, ref MemoryMarshal.GetReference(mask)) < 0)
            {
                return false;
            }

            ulong bit = 1UL << (cpu % 64);
            if ((mask[cpu / 64] & bit) == 0 || CountAllowed(mask) < 2)
            {
                return false;
            }

            mask.Clear();
            mask[cpu / 64] = bit;
            return sched_setaffinity(0, size, ref MemoryMarshal.GetReference(mask)) == 0;
        }
        catch (Exception exception) when (exception is DllNotFoundException or EntryPointNotFoundException)
        {
            return false;
        }
    }

    private static int CountAllowed(ReadOnlySpan<ulong> mask)
    {
        int count = 0;
        foreach (ulong word in mask)
        {
            count += System.Numerics.BitOperations.PopCount(word);
        }

        return count;
    }

    [LibraryImport("libc")]
    private static partial int sched_getaffinity(int pid, nint size, ref ulong mask);

    [LibraryImport("libc")]
    private static partial int sched_setaffinity(int pid, nint size, ref ulong mask);
}
