// The frame of a workload run over a file system that fails or "crashes" under it (the
// fault sweeps of the large-commit and failed-checkpoint tests): the I/O error, full
// disk or log failure it meets ends the run, and the close after it may fail too
// (it cannot checkpoint after a crash). What survived is checked by reopening.
using SharpCoreDB.Storage;

namespace SharpCoreDB.Tests.Reliability;

internal static class FaultedRun
{
    /// <summary>Opens an engine with <paramref name="options"/> and runs <paramref name="workload"/> until it ends or meets the fault.</summary>
    public static void Run(StorageOptions options, Action<StorageEngine> workload)
    {
        StorageEngine? engine = null;
        try
        {
            engine = StorageEngine.Open(options);
            workload(engine);
        }
        catch (SharpCoreDBException e) when (e.ErrorCode is SharpCoreDBErrorCode.IoError or SharpCoreDBErrorCode.DiskFull or SharpCoreDBErrorCode.LogFailed)
        {
            // What a failed or crashed call reports.
        }
        finally
        {
            try
            {
                engine?.Dispose();
            }
            catch (SharpCoreDBException)
            {
                // A close after a crash cannot checkpoint; the next open recovers.
            }
        }
    }
}
