// Test workers that loop for a time window, each on a thread of its own. Started with
// Task.Run, such a loop waits in the thread pool's queue until a pool thread is free; on
// a 2-core CI machine, with other test classes blocking pool threads, it started seconds
// late, after its window had closed ("0 transfers committed", "0 VACUUMs" while the
// other workers ran thousands of iterations). A dedicated thread starts at once.
namespace SharpCoreDB.TestSupport;

/// <summary>Starts long-running test loops on dedicated threads.</summary>
public static class Workers
{
    /// <summary>Runs <paramref name="body"/> on a thread of its own.</summary>
    public static Task Start(Action body) =>
        Task.Factory.StartNew(body, CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);

    /// <summary>Runs <paramref name="body"/> on a thread of its own and returns its result.</summary>
    public static Task<T> Start<T>(Func<T> body) =>
        Task.Factory.StartNew(body, CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);
}
