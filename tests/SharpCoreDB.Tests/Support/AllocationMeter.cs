// Measures what a piece of work allocates on the calling thread, for the tests that prove a hot
// path allocation-free. The work runs once to warm up and then several times; the fewest bytes
// of any measured run count. A real allocation per call shows in every run, while a one-off
// allocation the runtime makes on the calling thread (tiered JIT installing a new code version
// under a loaded machine, for instance) shows in one run only — so the check stays strict
// without failing on a busy CI machine.
namespace SharpCoreDB.Tests.Support;

internal static class AllocationMeter
{
    public static long FewestBytes(Action work, int runs = 3)
    {
        work();
        long fewest = long.MaxValue;
        for (int run = 0; run < runs; run++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            work();
            fewest = Math.Min(fewest, GC.GetAllocatedBytesForCurrentThread() - before);
        }

        return fewest;
    }
}
