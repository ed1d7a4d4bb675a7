// The writer lock grants waiters in arrival order. With the SemaphoreSlim it replaced, two
// writers committing in a loop kept a VACUUM waiting for seconds: a thread coming straight
// back from its commit took the lock before the long waiter woke up.
using SharpCoreDB.Storage.Transactions;

namespace SharpCoreDB.Tests.Storage;

public sealed class WriterLockTests
{
    [Fact]
    public void WaitersAreGrantedInArrivalOrder()
    {
        var writerLock = new WriterLock();
        Assert.True(writerLock.Wait(TimeSpan.Zero));
        var order = new List<string>();
        var threads = new List<Thread>();
        foreach (string name in new[] { "first", "second", "third" })
        {
            int queued = writerLock.WaitingCount;
            var thread = new Thread(() =>
            {
                Assert.True(writerLock.Wait(TimeSpan.FromSeconds(30)));
                lock (order)
                {
                    order.Add(name);
                }

                writerLock.Release();
            });
            thread.Start();
            SpinWait.SpinUntil(() => writerLock.WaitingCount == queued + 1, TimeSpan.FromSeconds(30));
            threads.Add(thread);
        }

        writerLock.Release();
        threads.ForEach(thread => thread.Join());
        Assert.Equal(["first", "second", "third"], order);
        Assert.False(writerLock.IsHeld);
    }

    [Fact]
    public void AWaiterThatTimesOutLeavesTheQueue()
    {
        var writerLock = new WriterLock();
        Assert.True(writerLock.Wait(TimeSpan.Zero));
        Assert.False(writerLock.Wait(TimeSpan.FromMilliseconds(20)));
        Assert.Equal(0, writerLock.WaitingCount);

        // The release finds nobody waiting, so the lock is free again.
        writerLock.Release();
        Assert.False(writerLock.IsHeld);
        Assert.True(writerLock.Wait(TimeSpan.Zero));
    }

    [Fact]
    public void ALateCallerIsNotStarvedByWritersInALoop()
    {
        var writerLock = new WriterLock();
        using var stop = new CancellationTokenSource();
        Thread[] writers = [.. Enumerable.Range(0, 2).Select(_ => new Thread(() =>
        {
            while (!stop.IsCancellationRequested)
            {
                Assert.True(writerLock.Wait(Timeout.InfiniteTimeSpan));
                Thread.SpinWait(50);
                writerLock.Release();
            }
        }))];
        foreach (Thread writer in writers)
        {
            writer.Start();
        }

        try
        {
            // Overtaken for the starvation threshold at most, then handed the lock: 5 s is a thousand times that.
            for (int round = 0; round < 50; round++)
            {
                Assert.True(writerLock.Wait(TimeSpan.FromSeconds(5)), $"round {round}: starved by the writers");
                writerLock.Release();
            }
        }
        finally
        {
            stop.Cancel();
            foreach (Thread writer in writers)
            {
                writer.Join();
            }
        }
    }
}
