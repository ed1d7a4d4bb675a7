// How long tests wait for something that must happen. None of these is a
// measurement: each only bounds a wait that succeeds at once in a correct run, so
// that a deadlock or a hang fails its test instead of stalling the whole run. They
// are generous because CI machines are small and busy.
using System.Diagnostics;

namespace SharpCoreDB.TestSupport;

public static class TestTimeouts
{
    /// <summary>How long a write transaction waits for the writer lock (StorageEngine.BeginWrite).</summary>
    public static readonly TimeSpan WriteLock = TimeSpan.FromSeconds(30);

    /// <summary>How long a test waits for a thread, task, process or condition before it calls it hung.</summary>
    public static readonly TimeSpan Hang = TimeSpan.FromSeconds(60);

    /// <summary>
    /// Polls <paramref name="condition"/> every millisecond until it holds; throws a <see cref="TimeoutException"/>
    /// naming <paramref name="what"/> was awaited if it does not within <see cref="Hang"/>.
    /// </summary>
    public static void WaitUntil(Func<bool> condition, string what)
    {
        var clock = Stopwatch.StartNew();
        while (!condition())
        {
            if (clock.Elapsed >= Hang)
            {
                throw new TimeoutException($"timed out waiting for {what}");
            }

            Thread.Sleep(1);
        }
    }
}
