// Turns what can escape the engine into the exceptions ADO.NET callers expect:
// SharpCoreDBException (a DbException) with an error code for every failure,
// except that a caller's own cancellation token surfaces as the standard
// OperationCanceledException (what await-ers and the ADO.NET contract expect).
// A timeout or Cancel() — cancellations the caller did not pass a token for —
// become SharpCoreDBException with Timeout or Cancelled.
using System.Security.Cryptography;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Data;

/// <summary>Maps engine and system failures to provider exceptions.</summary>
internal static class EngineExceptionTranslator
{
    internal const int DiskFullHResult = unchecked((int)0x80070070);
    internal const int DiskFullErrno = 28;

    /// <summary>The exception to throw for <paramref name="error"/>, or null to rethrow it unchanged.</summary>
    public static Exception? Translate(Exception error, CommandCancellation? cancellation = null)
    {
        switch (error)
        {
            case OperationCanceledException oce when cancellation is not null:
                return cancellation.Translate(oce);
            case SharpCoreDBException { ErrorCode: SharpCoreDBErrorCode.Cancelled } when cancellation is not null:
                return cancellation.Translate(error);
            case SharpCoreDBException:
            case OperationCanceledException:
            case ArgumentException:
            case InvalidOperationException:
            case InvalidCastException:
            case NotSupportedException:
                return null;
            case WalFailedException:
                return new SharpCoreDBException(SharpCoreDBErrorCode.LogFailed, "The write-ahead log failed; reopen the database. " + error.Message, error);
            case IOException io when io.HResult == DiskFullHResult || (io.HResult & 0xFFFF) == DiskFullErrno:
                return new SharpCoreDBException(SharpCoreDBErrorCode.DiskFull, "The disk is full. " + io.Message, io);
            case FileNotFoundException or DirectoryNotFoundException:
                return new SharpCoreDBException(SharpCoreDBErrorCode.IoError, error.Message, error);
            case IOException io:
                return new SharpCoreDBException(SharpCoreDBErrorCode.IoError, io.Message, io);
            case UnauthorizedAccessException:
                return new SharpCoreDBException(SharpCoreDBErrorCode.IoError, "Access to the database file was denied. " + error.Message, error);
            case AuthenticationTagMismatchException:
                return new SharpCoreDBException(SharpCoreDBErrorCode.AuthenticationFailed, error.Message, error);
            case CryptographicException:
                return new SharpCoreDBException(SharpCoreDBErrorCode.WrongKey, error.Message, error);
            default:
                return new SharpCoreDBException(SharpCoreDBErrorCode.Unknown, error.Message, error);
        }
    }
}
