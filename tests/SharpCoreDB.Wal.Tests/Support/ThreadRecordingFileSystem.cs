// Wraps a file system and records, for every write and fsync of the log's segment files,
// the managed thread that made it and that thread's name, so that a test can tell who
// wrote and fsynced a group: a committer leading its own round, or the flush worker.
// Fsyncs can be slowed down to behave like a disk's, which makes committers pile up
// behind a round for sure without the test measuring any time itself.
using System.Collections.Concurrent;
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Wal.Tests.Support;

public enum IoOperation
{
    Write,
    Flush,
}

/// <summary>One recorded call: what it was and which thread made it.</summary>
public readonly record struct IoCall(IoOperation Operation, int ThreadId, string? ThreadName);

public sealed class ThreadRecordingFileSystem(IFileSystem inner, int flushDelayMilliseconds = 0) : IFileSystem
{
    private readonly ConcurrentQueue<IoCall> _calls = new();

    /// <summary>How long each fsync of a segment file sleeps before it goes on, like a disk's flush.</summary>
    public int FlushDelayMilliseconds { get; } = flushDelayMilliseconds;

    /// <summary>Every write and fsync of a segment file since the last <see cref="Clear"/>, in order.</summary>
    public IReadOnlyList<IoCall> Calls => [.. _calls];

    /// <summary>The fsyncs of segment files since the last <see cref="Clear"/>, in order.</summary>
    public IReadOnlyList<IoCall> Flushes => [.. _calls.Where(c => c.Operation == IoOperation.Flush)];

    public void Clear() => _calls.Clear();

    public IStorageFile Open(string path, StorageFileMode mode)
    {
        var file = inner.Open(path, mode);
        return char.IsAsciiDigit(path[^1]) ? new RecordingFile(this, file) : file;
    }

    public bool Exists(string path) => inner.Exists(path);

    public void Delete(string path) => inner.Delete(path);

    public IEnumerable<string> EnumerateFiles(string directoryPath, string searchPattern) =>
        inner.EnumerateFiles(directoryPath, searchPattern);

    public void SyncDirectory(string directoryPath) => inner.SyncDirectory(directoryPath);

    private void Record(IoOperation operation) =>
        _calls.Enqueue(new IoCall(operation, Environment.CurrentManagedThreadId, Thread.CurrentThread.Name));

    private sealed class RecordingFile(ThreadRecordingFileSystem owner, IStorageFile inner) : IStorageFile
    {
        public string Path => inner.Path;

        public long Length => inner.Length;

        public int Read(long offset, Span<byte> buffer) => inner.Read(offset, buffer);

        public void Write(long offset, ReadOnlySpan<byte> data)
        {
            owner.Record(IoOperation.Write);
            inner.Write(offset, data);
        }

        public void Flush()
        {
            owner.Record(IoOperation.Flush);
            if (owner.FlushDelayMilliseconds > 0)
            {
                Thread.Sleep(owner.FlushDelayMilliseconds);
            }

            inner.Flush();
        }

        public void SetLength(long length) => inner.SetLength(length);

        public void Dispose() => inner.Dispose();
    }
}
