// The narrow seam through which every byte SharpCoreDB reads or writes passes:
// the log, the database file and any temporary file. Production code uses
// OsFileSystem; fault-injection tests wrap it to fail the Nth read, write, fsync
// or extension. It lives in the Wal assembly because that is the lowest layer
// that touches files, and the engine references it.
namespace SharpCoreDB.Wal.IO;

/// <summary>An open file with positional reads and writes and a durable flush.</summary>
internal interface IStorageFile : IDisposable
{
    /// <summary>The path the file was opened with.</summary>
    string Path { get; }

    /// <summary>The current length of the file in bytes.</summary>
    long Length { get; }

    /// <summary>Reads up to <paramref name="buffer"/>.Length bytes at <paramref name="offset"/>; returns how many were read (fewer only at end of file).</summary>
    int Read(long offset, Span<byte> buffer);

    /// <summary>Writes all of <paramref name="data"/> at <paramref name="offset"/>, extending the file if needed.</summary>
    void Write(long offset, ReadOnlySpan<byte> data);

    /// <summary>Makes every completed write durable (fdatasync on Linux, FlushFileBuffers on Windows).</summary>
    void Flush();

    /// <summary>Truncates or extends the file.</summary>
    void SetLength(long length);
}
