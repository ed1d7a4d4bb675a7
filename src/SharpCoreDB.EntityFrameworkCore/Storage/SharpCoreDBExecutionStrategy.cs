// The retrying execution strategy (EnableRetryOnFailure): an operation that failed
// because another writer held the database past the command timeout, or because its
// snapshot went stale under a concurrent commit (both Busy), is run again after a
// growing delay. Every other failure (a constraint, a syntax error, a full disk, a
// statement that ran past its own timeout) is final.
using Microsoft.EntityFrameworkCore.Storage;

namespace SharpCoreDB.EntityFrameworkCore.Storage;

/// <summary>Retries operations that failed with <see cref="SharpCoreDBErrorCode.Busy"/> or <c>Locked</c>.</summary>
public sealed class SharpCoreDBExecutionStrategy(ExecutionStrategyDependencies dependencies, int maxRetryCount, TimeSpan maxRetryDelay)
    : ExecutionStrategy(dependencies, maxRetryCount, maxRetryDelay)
{
    /// <summary>Whether a failure is worth retrying: the database was busy or locked.</summary>
    public static bool IsTransient(Exception exception) =>
        exception is SharpCoreDBException { ErrorCode: SharpCoreDBErrorCode.Busy or SharpCoreDBErrorCode.Locked };

    /// <inheritdoc />
    protected override bool ShouldRetryOn(Exception exception) => IsTransient(exception);
}
