// Writes down what happens to the files it watches (all by default), over the real
// disk by default or any other file system: every write (its bytes, where they went),
// every length change and every fsync, each with the managed thread that made it and that thread's name.
// With it a test can tell who wrote and fsynced a log's group (a committer leading its
// own round, or the flush worker), find plaintext in what an encrypted database wrote
// to its temporary files, or rebuild each file's bytes as written. Fsyncs can be slowed
// down to behave like a disk's, which makes committers pile up behind a round for sure
// without the test measuring any time itself. It can also name a completion CPU for the
// log's flush worker and count how often it was asked.
using System.Collections.Concurrent;
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.TestSupport.FileSystems;

public enum IoOperation
{
    Write,
    Flush,

    /// <summary>A truncation or extension: the new length is the call's Offset.</summary>
    SetLength,
}

/// <summary>
/// One recorded call: what it was, which thread made it, on which file (its path and its number: the files
/// opened through the recorder are numbered from 0 in order), and for a write where and what (a copy; empty for a flush).
/// </summary>
public readonly record struct IoCall(IoOperation Operation, int ThreadId, string? ThreadName, string Path, int File, long Offset, byte[] Data);

/// <summary>A file system that records the writes and fsyncs of the files it watches.</summary>
internal sealed class RecordingFileSystem(IFileSystem? inner = null, Func<string, bool>? watch = null) : FileSystemWrapper(inner, watch)
{
    private readonly ConcurrentQueue<IoCall> _calls = new();
    private readonly List<string> _opened = [];
    private int _openedBeforeClear;
    private int _completionCpuQuestions;

    /// <summary>How long each fsync sleeps before it goes on, like a disk's flush.</summary>
    public int FlushDelayMilliseconds { get; init; }

    /// <summary>The CPU this file system names for every file's completion interrupts; -1 (the default): none.</summary>
    public int NamedCompletionCpu { get; init; } = -1;

    /// <summary>How often the completion CPU was asked for.</summary>
    public int CompletionCpuQuestions => Volatile.Read(ref _completionCpuQuestions);

    /// <summary>Every write, length change and fsync since the last <see cref="Clear"/>, in order.</summary>
    public IReadOnlyList<IoCall> Calls => [.. _calls];

    /// <summary>The fsyncs since the last <see cref="Clear"/>, in order.</summary>
    public IReadOnlyList<IoCall> Flushes => [.. _calls.Where(c => c.Operation == IoOperation.Flush)];

    /// <summary>The writes to files whose name contains <paramref name="text"/> since the last <see cref="Clear"/>, in order.</summary>
    public IReadOnlyList<IoCall> WritesTo(string text) =>
        [.. _calls.Where(c => c.Operation == IoOperation.Write && System.IO.Path.GetFileName(c.Path).Contains(text, StringComparison.Ordinal))];

    /// <summary>
    /// The bytes of each file opened since the last <see cref="Clear"/>, in the order they were opened,
    /// as the recorded writes left them (what was there before is not known: zeros).
    /// </summary>
    public IReadOnlyList<byte[]> Images()
    {
        int first;
        int count;
        lock (_opened)
        {
            first = _openedBeforeClear;
            count = _opened.Count - first;
        }

        var images = new MemoryStream[count];
        for (int i = 0; i < count; i++)
        {
            images[i] = new MemoryStream();
        }

        foreach (IoCall call in _calls)
        {
            if (call.Operation == IoOperation.Write && call.File >= first && call.File < first + count)
            {
                MemoryStream image = images[call.File - first];
                image.Position = call.Offset;
                image.Write(call.Data);
            }
        }

        return [.. images.Select(image => image.ToArray())];
    }

    /// <summary>Forgets every call and file recorded so far.</summary>
    public void Clear()
    {
        lock (_opened)
        {
            _calls.Clear();
            _openedBeforeClear = _opened.Count;
        }
    }

    public override int CompletionCpu(string path)
    {
        Interlocked.Increment(ref _completionCpuQuestions);
        return NamedCompletionCpu;
    }

    protected override int OnOpened(IStorageFile file)
    {
        lock (_opened)
        {
            _opened.Add(file.Path);
            return _opened.Count - 1;
        }
    }

    protected override void OnWrite(IStorageFile file, int number, long offset, ReadOnlySpan<byte> data)
    {
        Record(IoOperation.Write, file, number, offset, data.ToArray());
        file.Write(offset, data);
    }

    protected override void OnFlush(IStorageFile file, int number)
    {
        Record(IoOperation.Flush, file, number, 0, []);
        if (FlushDelayMilliseconds > 0)
        {
            Thread.Sleep(FlushDelayMilliseconds);
        }

        file.Flush();
    }

    protected override void OnSetLength(IStorageFile file, int number, long length)
    {
        Record(IoOperation.SetLength, file, number, length, []);
        file.SetLength(length);
    }

    private void Record(IoOperation operation, IStorageFile file, int number, long offset, byte[] data) =>
        _calls.Enqueue(new IoCall(operation, Environment.CurrentManagedThreadId, Thread.CurrentThread.Name, file.Path, number, offset, data));
}
