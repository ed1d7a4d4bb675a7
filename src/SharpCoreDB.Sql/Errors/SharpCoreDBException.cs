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
        : base(message, (int)errorCode) => ErrorCode = errorCode;

    /// <summary>Creates an exception that wraps the failure that caused it.</summary>
    public SharpCoreDBException(SharpCoreDBErrorCode errorCode, string message, Exception? innerException)
        : base(message, innerException)
    {
        ErrorCode = errorCode;

        // DbException.ErrorCode (an int, read by code that catches DbException) is the HResult.
        HResult = (int)errorCode;
    }

    /// <summary>What kind of failure this is; <see cref="System.Runtime.InteropServices.ExternalException.ErrorCode"/> is the same number.</summary>
    public new SharpCoreDBErrorCode ErrorCode { get; }

    /// <summary>
    /// The SQL standard's five-character SQLSTATE for <see cref="ErrorCode"/> (class 23 for constraints, 40001 for a
    /// snapshot conflict, 42 for syntax and meaning, ...), so that code written against several providers can tell
    /// failures apart; docs/adonet.md lists the mapping.
    /// </summary>
    public override string? SqlState => ErrorCode switch
    {
        SharpCoreDBErrorCode.SyntaxError => "42601",
        SharpCoreDBErrorCode.SemanticError => "42000",
        SharpCoreDBErrorCode.NotNullConstraint => "23502",
        SharpCoreDBErrorCode.UniqueConstraint or SharpCoreDBErrorCode.PrimaryKeyConstraint => "23505",
        SharpCoreDBErrorCode.CheckConstraint => "23514",
        SharpCoreDBErrorCode.ForeignKeyConstraint => "23503",
        SharpCoreDBErrorCode.TriggerConstraint => "23000",
        SharpCoreDBErrorCode.TypeMismatch => "22000",
        SharpCoreDBErrorCode.ArithmeticOverflow => "22003",
        SharpCoreDBErrorCode.Corrupt or SharpCoreDBErrorCode.AuthenticationFailed => "XX001",
        SharpCoreDBErrorCode.WrongKey => "28000",
        SharpCoreDBErrorCode.NotADatabase or SharpCoreDBErrorCode.IoError or SharpCoreDBErrorCode.LogFailed => "58030",
        SharpCoreDBErrorCode.Locked => "55006",
        SharpCoreDBErrorCode.ReadOnly => "25006",
        SharpCoreDBErrorCode.Timeout => "HYT00",
        SharpCoreDBErrorCode.Cancelled => "57014",
        SharpCoreDBErrorCode.Busy => "40001",
        SharpCoreDBErrorCode.DiskFull => "53100",
        SharpCoreDBErrorCode.Misuse => "HY010",
        _ => "HY000",
    };

    /// <summary>True for lock timeouts and snapshot conflicts, which may succeed if the transaction is tried again.</summary>
    public override bool IsTransient =>
        ErrorCode is SharpCoreDBErrorCode.Timeout or SharpCoreDBErrorCode.Locked or SharpCoreDBErrorCode.Busy;
}
