// Wraps a file system and fails chosen writes or fsyncs of the log's segment files
// with an injected IOException, to prove that a failure reaches every waiting
// appender and that nothing acknowledged is lost. It can also hold fsyncs at a gate
// until released, so that a test can pile committers up behind a group whose fsync is
// in flight and choose the moment (and the outcome) of its completion.
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Wal.Tests.Support;

public sealed class FaultyFileSystem(IFileSystem inner) : IFileSystem
{
    private readonly ManualResetEventSlim _flushGate = new(true);
    private int _failWrites;
    private int _failFlushes;
    private int _heldFlushes;

    /// <summary>The exception every injected failure throws.</summary>
    public IOException Injected { get; } = new("injected I/O failure");

    /// <summary>From now on, every write to a segment file fails (before any byte is written).</summary>
    public void FailWrites() => Volatile.Write(ref _failWrites, 1);

    /// <summary>From now on, every fsync of a segment file fails (after its write reached the OS).</summary>
    public void FailFlushes() => Volatile.Write(ref _failFlushes, 1);

    /// <summary>From now on, every fsync of a segment file waits until <see cref="ReleaseFlushes"/>.</summary>
    public void HoldFlushes() => _flushGate.Reset();

    /// <summary>Lets held and later fsyncs go on (and fail, after <see cref="FailFlushes"/>).</summary>
    public void ReleaseFlushes() => _flushGate.Set();

    /// <summary>How many fsyncs wait at the gate right now.</summary>
    public int HeldFlushes => Volatile.Read(ref _heldFlushes);

    public IStorageFile Open(string path, StorageFileMode mode)
    {
        var file = inner.Open(path, mode);
        return IsSegment(path) ? new FaultyFile(this, file) : file;
    }

    public bool Exists(string path) => inner.Exists(path);

    public void Delete(string path) => inner.Delete(path);

    public IEnumerable<string> EnumerateFiles(string directoryPath, string searchPattern) =>
        inner.EnumerateFiles(directoryPath, searchPattern);

    public void SyncDirectory(string directoryPath) => inner.SyncDirectory(directoryPath);

    private static bool IsSegment(string path) => char.IsAsciiDigit(path[^1]);

    private sealed class FaultyFile(FaultyFileSystem owner, IStorageFile inner) : IStorageFile
    {
        public string Path => inner.Path;

        public long Length => inner.Length;

        public int Read(long offset, Span<byte> buffer) => inner.Read(offset, buffer);

        public void Write(long offset, ReadOnlySpan<byte> data)
        {
            if (Volatile.Read(ref owner._failWrites) == 1)
            {
                throw owner.Injected;
            }

            inner.Write(offset, data);
        }

        public void Flush()
        {
            if (!owner._flushGate.IsSet)
            {
                Interlocked.Increment(ref owner._heldFlushes);
                owner._flushGate.Wait();
                Interlocked.Decrement(ref owner._heldFlushes);
            }

            if (Volatile.Read(ref owner._failFlushes) == 1)
            {
                throw owner.Injected;
            }

            inner.Flush();
        }

        public void SetLength(long length) => inner.SetLength(length);

        public void Dispose() => inner.Dispose();
    }
}
