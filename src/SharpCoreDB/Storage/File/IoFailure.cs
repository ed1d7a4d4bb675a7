// Turns an I/O failure of the operating system into the project's exception, with
// what was being done and the error code a caller can act on: DiskFull for a full
// disk (ENOSPC, ERROR_DISK_FULL, ERROR_HANDLE_DISK_FULL), IoError for the rest.
namespace SharpCoreDB.Storage.File;

/// <summary>Maps IOExceptions to SharpCoreDBExceptions.</summary>
internal static class IoFailure
{
    internal const int Enospc = 28;
    internal const int ErrorHandleDiskFull = unchecked((int)0x80070027);
    internal const int ErrorDiskFull = unchecked((int)0x80070070);

    public static SharpCoreDBException From(IOException e, string doing)
    {
        bool full = e.HResult is Enospc or ErrorDiskFull or ErrorHandleDiskFull
            || e.Message.Contains("No space left", StringComparison.OrdinalIgnoreCase);
        return full
            ? new SharpCoreDBException(SharpCoreDBErrorCode.DiskFull, $"The disk is full while {doing}.", e)
            : new SharpCoreDBException(SharpCoreDBErrorCode.IoError, $"I/O failed while {doing}: {e.Message}", e);
    }
}
