// The retrying execution strategy (EnableRetryOnFailure): an operation that failed
// because another writer held the database past the command timeout (Timeout), because
// its snapshot went stale under a concurrent commit (Busy) or because the file was
// locked by another process (Locked) is run again after a growing delay. A statement
// that ran past its own timeout is Timeout too and is retried, as SQL Server's
// strategy retries timeouts. Every other failure (a constraint, a syntax error, a full
// disk) is final.
using Microsoft.EntityFrameworkCore.Storage;

namespace SharpCoreDB.EntityFrameworkCore.Storage;

/// <summary>Retries operations that failed with <see cref="SharpCoreDBErrorCode.Busy"/>, <c>Locked</c> or <c>Timeout</c>.</summary>
public sealed class SharpCoreDBExecutionStrategy(ExecutionStrategyDependencies dependencies, int maxRetryCount, TimeSpan maxRetryDelay)
    : ExecutionStrategy(dependencies, maxRetryCount, maxRetryDelay)
{
    /// <summary>Whether a failure is worth retrying: the database was busy or locked, or the wait for it timed out.</summary>
    public static bool IsTransient(Exception exception) =>
        exception is SharpCoreDBException { ErrorCode: SharpCoreDBErrorCode.Busy or SharpCoreDBErrorCode.Locked or SharpCoreDBErrorCode.Timeout };

    /// <inheritdoc />
    protected override bool ShouldRetryOn(Exception exception) => IsTransient(exception);
}
