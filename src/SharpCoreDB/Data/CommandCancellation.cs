// The cancellation of one command execution: the caller's token, the command's
// timeout and DbCommand.Cancel() combined into the one token the engine watches,
// and the knowledge of which of them fired so the failure can say so.
//
// A command executed again and again (a prepared INSERT in a batch) reuses its
// cancellation: when an execution ends without having been cancelled and without
// a caller token, Finish resets the source (which also stops the timeout timer)
// and the next execution restarts it with a new timeout, so neither a token
// source nor a timer is allocated per execution.
namespace SharpCoreDB.Data;

/// <summary>Combines a caller token, a timeout and Cancel() for one execution at a time.</summary>
internal sealed class CommandCancellation : IDisposable
{
    private readonly CancellationTokenSource _source;
    private readonly CancellationToken _callerToken;
    private int _timeoutSeconds;
    private volatile bool _cancelRequested;
    private volatile bool _running = true;

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
        if (!_running)
        {
            // The execution finished meanwhile: nothing left to cancel.
            return;
        }

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

    /// <summary>
    /// Ends the execution. True when this object may serve the next execution (<see cref="TryRestart"/>):
    /// nothing cancelled it and it has no caller token; otherwise it is disposed.
    /// </summary>
    public bool Finish()
    {
        _running = false;
        if (!_callerToken.CanBeCanceled && !_cancelRequested && _source.TryReset())
        {
            return true;
        }

        _source.Dispose();
        return false;
    }

    /// <summary>Starts the next execution with a new timeout; false if a late Cancel() reached this object.</summary>
    public bool TryRestart(int timeoutSeconds)
    {
        if (_source.IsCancellationRequested)
        {
            _source.Dispose();
            return false;
        }

        _timeoutSeconds = timeoutSeconds;
        _cancelRequested = false;
        _running = true;
        if (timeoutSeconds > 0)
        {
            _source.CancelAfter(TimeSpan.FromSeconds(timeoutSeconds));
        }

        return true;
    }

    /// <inheritdoc />
    public void Dispose() => _source.Dispose();
}
