// The cancellation of one command execution: the caller's token, the command's
// timeout and DbCommand.Cancel() combined into the one token the engine watches,
// and the knowledge of which of them fired so the failure can say so.
namespace SharpCoreDB.Data;

/// <summary>Combines a caller token, a timeout and Cancel() for one execution.</summary>
internal sealed class CommandCancellation : IDisposable
{
    private readonly CancellationTokenSource _source;
    private readonly CancellationToken _callerToken;
    private readonly int _timeoutSeconds;
    private volatile bool _cancelRequested;

    /// <summary>Starts the timeout clock (0 seconds = none).</summary>
    public CommandCancellation(int timeoutSeconds, CancellationToken callerToken)
    {
        _callerToken = callerToken;
        _timeoutSeconds = timeoutSeconds;
        _source = callerToken.CanBeCanceled ? CancellationTokenSource.CreateLinkedTokenSource(callerToken) : new CancellationTokenSource();
        if (timeoutSeconds > 0)
        {
            _source.CancelAfter(TimeSpan.FromSeconds(timeoutSeconds));
        }
    }

    /// <summary>The token to hand to the engine.</summary>
    public CancellationToken Token => _source.Token;

    /// <summary>DbCommand.Cancel(): stops the execution from another thread.</summary>
    public void Cancel()
    {
        _cancelRequested = true;
        try
        {
            _source.Cancel();
        }
        catch (ObjectDisposedException)
        {
            // The execution finished meanwhile: nothing left to cancel.
        }
    }

    /// <summary>Throws the right exception if the execution was cancelled.</summary>
    public void ThrowIfCancelled()
    {
        if (_source.IsCancellationRequested)
        {
            throw Translate(new OperationCanceledException(_source.Token));
        }
    }

    /// <summary>What a cancellation of this execution surfaces as.</summary>
    public Exception Translate(Exception error)
    {
        if (_callerToken.IsCancellationRequested)
        {
            return error as OperationCanceledException ?? new OperationCanceledException(error.Message, error, _callerToken);
        }

        if (_cancelRequested)
        {
            return new SharpCoreDBException(SharpCoreDBErrorCode.Cancelled, "The command was cancelled.", error);
        }

        if (_source.IsCancellationRequested)
        {
            return new SharpCoreDBException(
                SharpCoreDBErrorCode.Timeout, $"The command timed out after {_timeoutSeconds} s (CommandTimeout).", error);
        }

        return error;
    }

    /// <inheritdoc />
    public void Dispose() => _source.Dispose();
}
