// A snapshot of the log's counters, read by benchmarks (fsyncs per commit) and by
// the shell's .stats command.
namespace SharpCoreDB.Wal;

/// <summary>Counters of a log since it was opened.</summary>
/// <param name="Appends">Records appended.</param>
/// <param name="BytesAppended">Payload bytes appended.</param>
/// <param name="Writes">Write calls made to the file.</param>
/// <param name="Fsyncs">fsync (fdatasync) calls made.</param>
/// <param name="FileLength">The log file's current length in bytes.</param>
internal readonly record struct WalStatistics(long Appends, long BytesAppended, long Writes, long Fsyncs, long FileLength);
