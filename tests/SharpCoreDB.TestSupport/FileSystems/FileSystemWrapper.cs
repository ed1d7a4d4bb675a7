// The skeleton of every test file system that sits on top of another one (the real
// disk by default, or an in-memory one): it forwards each call to the file system
// below, and routes the reads, writes, fsyncs and length changes of the files it
// watches through overridable hooks, where FaultyFileSystem fails them and
// RecordingFileSystem writes them down. Files it does not watch are handed out
// unwrapped. Like every test double it names no completion CPU (the flush worker is
// never pinned) unless a subclass says otherwise.
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.TestSupport.FileSystems;

internal abstract class FileSystemWrapper(IFileSystem? inner, Func<string, bool>? watch) : IFileSystem
{
    /// <summary>The file system every call ends up in.</summary>
    protected IFileSystem Inner { get; } = inner ?? OsFileSystem.Instance;

    /// <summary>True if calls on the file at <paramref name="path"/> go through the hooks.</summary>
    public bool Watches(string path) => watch is null || watch(path);

    public IStorageFile Open(string path, StorageFileMode mode)
    {
        bool watched = Watches(path);
        if (watched)
        {
            OnOpen(path);
        }

        IStorageFile file = Inner.Open(path, mode);
        return watched ? new WatchedFile(this, file, OnOpened(file)) : file;
    }

    public bool Exists(string path) => Inner.Exists(path);

    public void Delete(string path) => Inner.Delete(path);

    public virtual void Move(string sourcePath, string destinationPath) => Inner.Move(sourcePath, destinationPath);

    public IEnumerable<string> EnumerateFiles(string directoryPath, string searchPattern) =>
        Inner.EnumerateFiles(directoryPath, searchPattern);

    public virtual void SyncDirectory(string directoryPath) => Inner.SyncDirectory(directoryPath);

    public virtual int CompletionCpu(string path) => -1;

    /// <summary>Before a watched file is opened; throwing fails the open.</summary>
    protected virtual void OnOpen(string path)
    {
    }

    /// <summary>After a watched file was opened; the number returned is passed to every hook on that file.</summary>
    protected virtual int OnOpened(IStorageFile file) => 0;

    protected virtual int OnRead(IStorageFile file, int number, long offset, Span<byte> buffer) => file.Read(offset, buffer);

    protected virtual void OnWrite(IStorageFile file, int number, long offset, ReadOnlySpan<byte> data) => file.Write(offset, data);

    protected virtual void OnFlush(IStorageFile file, int number) => file.Flush();

    protected virtual void OnSetLength(IStorageFile file, int number, long length) => file.SetLength(length);

    private sealed class WatchedFile(FileSystemWrapper owner, IStorageFile inner, int number) : IStorageFile
    {
        public string Path => inner.Path;

        public long Length => inner.Length;

        public int Read(long offset, Span<byte> buffer) => owner.OnRead(inner, number, offset, buffer);

        public void Write(long offset, ReadOnlySpan<byte> data) => owner.OnWrite(inner, number, offset, data);

        public void Flush() => owner.OnFlush(inner, number);

        public void SetLength(long length) => owner.OnSetLength(inner, number, length);

        public void Dispose() => inner.Dispose();
    }
}
