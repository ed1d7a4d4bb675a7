// Thrown once the log has seen a write or fsync fail: from then on it refuses every
// append, because it can no longer tell which bytes reached the disk and must not
// acknowledge records it may not have stored. The failure that caused it is the
// InnerException. It derives from IOException so that the engine, which turns I/O
// failures into SharpCoreDBExceptions, needs no knowledge of this assembly's types.
namespace SharpCoreDB.Wal;

/// <summary>The log failed to write or fsync and accepts no more appends.</summary>
internal sealed class WalFailedException : IOException
{
    public WalFailedException(string message, Exception? innerException)
        : base(message, innerException)
    {
    }
}
