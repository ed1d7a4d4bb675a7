// Runs one piece of work on N dedicated threads and waits for all of them; an exception on
// any thread is rethrown on the caller's, so a failing case fails the run. Dedicated
// threads (not the pool) so that every case starts its N writers at once.
using System.Runtime.ExceptionServices;

namespace SharpCoreDB.Benchmarks.Suites;

internal static class WorkerThreads
{
    /// <summary>Runs work(threadIndex) on each of <paramref name="threads"/> threads.</summary>
    public static void Run(int threads, Action<int> work)
    {
        var workers = new Thread[threads];
        ExceptionDispatchInfo? failure = null;
        for (int t = 0; t < threads; t++)
        {
            int index = t;
            workers[t] = new Thread(() =>
            {
                try
                {
                    work(index);
                }
                catch (Exception e)
                {
                    Interlocked.CompareExchange(ref failure, ExceptionDispatchInfo.Capture(e), null);
                }
            });
            workers[t].Start();
        }

        foreach (Thread worker in workers)
        {
            worker.Join();
        }

        failure?.Throw();
    }

    /// <summary>How many of <paramref name="total"/> items thread <paramref name="index"/> of <paramref name="threads"/> does.</summary>
    public static int Share(int total, int threads, int index) => (total / threads) + (index < total % threads ? 1 : 0);
}
