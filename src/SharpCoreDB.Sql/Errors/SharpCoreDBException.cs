// The one exception type every failure of SharpCoreDB derives from. It is a
// DbException so that ADO.NET code catching provider errors catches ours, and it
// carries a SharpCoreDBErrorCode so that callers can tell failures apart without
// parsing messages.
using System.Data.Common;

namespace SharpCoreDB;

/// <summary>The base of every exception SharpCoreDB throws on purpose.</summary>
public class SharpCoreDBException : DbException
{
    /// <summary>Creates an exception with a code and a message a person can act on.</summary>
    public SharpCoreDBException(SharpCoreDBErrorCode errorCode, string message)
        : base(message) => ErrorCode = errorCode;

    /// <summary>Creates an exception that wraps the failure that caused it.</summary>
    public SharpCoreDBException(SharpCoreDBErrorCode errorCode, string message, Exception? innerException)
        : base(message, innerException) => ErrorCode = errorCode;

    /// <summary>What kind of failure this is.</summary>
    public new SharpCoreDBErrorCode ErrorCode { get; }

    /// <inheritdoc />
    public override string? SqlState => null;

    /// <summary>True for lock timeouts and snapshot conflicts, which may succeed if the transaction is tried again.</summary>
    public override bool IsTransient =>
        ErrorCode is SharpCoreDBErrorCode.Timeout or SharpCoreDBErrorCode.Locked or SharpCoreDBErrorCode.Busy;
}
