// A reusable awaitable for one FullSync append waiting for its fsync. Pooled by
// CommitWaiters and handed out as a ValueTask, so that an awaited commit allocates
// no Task in the steady state. Continuations run on the thread pool, never on the
// thread that completed the round, so that user code cannot stall the next fsync.
using System.Threading.Tasks.Sources;

namespace SharpCoreDB.Wal.GroupCommit;

/// <summary>The completion source behind an awaited commit.</summary>
internal sealed class AsyncCommitWaiter : IValueTaskSource<long>, IValueTaskSource
{
    private readonly CommitWaiters _owner;
    private ManualResetValueTaskSourceCore<long> _core;
    private CancellationTokenRegistration _registration;

    public AsyncCommitWaiter(CommitWaiters owner)
    {
        _owner = owner;
        _core.RunContinuationsAsynchronously = true;
    }

    /// <summary>The LSN this waiter waits for.</summary>
    public long Lsn { get; set; }

    /// <summary>The next waiter the same round completes (CommitWaiters chains them under its lock).</summary>
    public AsyncCommitWaiter? NextReady { get; set; }

    public short Version => _core.Version;

    public void RegisterCancellation(CancellationToken cancellationToken) =>
        _registration = cancellationToken.UnsafeRegister(
            static (state, token) => ((AsyncCommitWaiter)state!)._owner.Cancel((AsyncCommitWaiter)state!, token),
            this);

    public void Complete() => _core.SetResult(Lsn);

    public void Fail(Exception exception) => _core.SetException(exception);

    public long GetResult(short token)
    {
        if (token != _core.Version)
        {
            throw new InvalidOperationException("The commit wait was already consumed.");
        }

        try
        {
            return _core.GetResult(token);
        }
        finally
        {
            _registration.Dispose();
            _registration = default;
            _core.Reset();
            _owner.Return(this);
        }
    }

    void IValueTaskSource.GetResult(short token) => GetResult(token);

    public ValueTaskSourceStatus GetStatus(short token) => _core.GetStatus(token);

    public void OnCompleted(Action<object?> continuation, object? state, short token, ValueTaskSourceOnCompletedFlags flags) =>
        _core.OnCompleted(continuation, state, token, flags);
}
