// The thread that runs background checkpoints. Checkpoints once ran as thread-pool
// work items, and an application whose pool threads all sat in synchronous database
// calls (the usual Task.Run over a blocking API, sixteen writers on two cores)
// starved them: the work item waited seconds for a thread while the log and the
// dirty pages grew, and an outside probe saw 2 checkpoints in 60 s. A thread of its
// own cannot be starved that way. It is started by the first request, so a database
// that never needs a background checkpoint never has one, sleeps on an event
// between requests, and is joined when the database closes.
//
// States:   idle ──Request()──► pending ──thread runs it──► running ──► idle
//           any ──Dispose()──► stopped (a running checkpoint finishes first)
namespace SharpCoreDB.Storage;

/// <summary>Runs checkpoints on a dedicated background thread when asked.</summary>
internal sealed class CheckpointWorker(Action checkpoint, string name) : IDisposable
{
    private readonly AutoResetEvent _wake = new(initialState: false);
    private readonly Lock _lock = new();
    private Thread? _thread;
    private int _pending;
    private bool _stopping;

    /// <summary>True from a request until the checkpoint it asked for has finished.</summary>
    public bool Pending => Volatile.Read(ref _pending) == 1;

    /// <summary>Asks for a checkpoint; a request while one is pending or running is absorbed by it.</summary>
    public void Request()
    {
        if (Interlocked.CompareExchange(ref _pending, 1, 0) != 0)
        {
            return;
        }

        lock (_lock)
        {
            if (_stopping)
            {
                Volatile.Write(ref _pending, 0);
                return;
            }

            if (_thread is null)
            {
                _thread = new Thread(Loop) { IsBackground = true, Name = name };
                _thread.Start();
            }
        }

        _wake.Set();
    }

    public void Dispose()
    {
        Thread? thread;
        lock (_lock)
        {
            _stopping = true;
            thread = _thread;
        }

        if (thread is not null)
        {
            _wake.Set();
            thread.Join();
        }

        _wake.Dispose();
    }

    private void Loop()
    {
        while (true)
        {
            _wake.WaitOne();
            if (Volatile.Read(ref _stopping))
            {
                Volatile.Write(ref _pending, 0);
                return;
            }

            try
            {
                checkpoint();
            }
            finally
            {
                Volatile.Write(ref _pending, 0);
            }
        }
    }
}
