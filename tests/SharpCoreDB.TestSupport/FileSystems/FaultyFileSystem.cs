// Every way the tests make a file system fail, over the real disk by default (or any
// other file system), for the files it watches (all by default):
// - one counted call: reads, writes, fsyncs and length changes are numbered from 0;
//   the call numbered FailAt fails as Mode says (EIO, ENOSPC, or a write that stores
//   its first half and then fails), and later calls go through, as on a disk whose
//   trouble was passing. A run with no FailAt counts the calls a workload makes;
// - switches: from FailWrites() or FailFlushes() on, every write or fsync throws the
//   one InjectedError, so that a test can tell it apart from anything else; FailOpens(n)
//   fails the next n opens with ENOSPC;
// - a gate: from HoldFlushes() on, fsyncs wait until ReleaseFlushes(), so that a test
//   can pile committers up behind a group whose fsync is in flight and choose the
//   moment (and, with FailFlushes, the outcome) of its completion;
// - a crash: after Crash() every later read, write, fsync, length change and directory
//   sync fails, as if the process had died at that instant (disposing still closes the
//   real handles, so the files can be reopened); TearWriteAfter(n) lets n more writes
//   through, then writes the first half of the next one and crashes;
// - a full disk: with a Capacity, a write or extension that would take the files of
//   DiskDirectory past it fails with ENOSPC and changes nothing, as a small tmpfs does;
//   overwriting bytes a file already has always works, and deleting a file frees its
//   space at once. Tests raise Capacity to "free space".
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.TestSupport.FileSystems;

/// <summary>How the counted call (<see cref="FaultyFileSystem.FailAt"/>) fails.</summary>
public enum FaultMode
{
    /// <summary>The call throws an I/O error (EIO).</summary>
    IoError,

    /// <summary>The call throws "no space left on device" (ENOSPC).</summary>
    DiskFull,

    /// <summary>A write stores only its first half, then throws; other calls throw EIO.</summary>
    ShortWrite,
}

/// <summary>A file system that fails chosen calls on the files it watches.</summary>
internal sealed class FaultyFileSystem(IFileSystem? inner = null, Func<string, bool>? watch = null) : FileSystemWrapper(inner, watch)
{
    private readonly Lock _lock = new();
    private readonly ManualResetEventSlim _flushGate = new(true);
    private int _failWrites;
    private int _failFlushes;
    private int _opensToFail;
    private int _heldFlushes;
    private int _writesLeft = int.MaxValue;
    private int _writes;
    private volatile bool _crashed;

    /// <summary>The number of the call that fails as <see cref="Mode"/> says; -1 (the default) for none.</summary>
    public int FailAt { get; init; } = -1;

    /// <summary>How the call numbered <see cref="FailAt"/> fails.</summary>
    public FaultMode Mode { get; init; }

    /// <summary>How many reads, writes, fsyncs and length changes of watched files were made so far.</summary>
    public int Calls { get; private set; }

    /// <summary>True once the call numbered <see cref="FailAt"/> was made (and failed).</summary>
    public bool CallFailed { get; private set; }

    /// <summary>The file whose call numbered <see cref="FailAt"/> failed (null until one did).</summary>
    public string? FailedPath { get; private set; }

    /// <summary>The exception every switched failure (<see cref="FailWrites"/>, <see cref="FailFlushes"/>) throws.</summary>
    public IOException InjectedError { get; } = new("injected I/O failure");

    /// <summary>How many fsyncs wait at the gate right now.</summary>
    public int HeldFlushes => Volatile.Read(ref _heldFlushes);

    /// <summary>True once the file system crashed.</summary>
    public bool Crashed => _crashed;

    /// <summary>How many writes went through (torn and refused ones not counted).</summary>
    public int Writes => Volatile.Read(ref _writes);

    /// <summary>The directory whose files <see cref="Capacity"/> limits.</summary>
    public string? DiskDirectory { get; init; }

    /// <summary>Bytes the files of <see cref="DiskDirectory"/> may hold in all; no limit by default.</summary>
    public long Capacity { get; set; } = long.MaxValue;

    /// <summary>How many writes or extensions failed for lack of space.</summary>
    public int Refused { get; private set; }

    /// <summary>Bytes the files of <see cref="DiskDirectory"/> hold now.</summary>
    public long Used => DiskDirectory is null ? 0 : Directory.EnumerateFiles(DiskDirectory).Sum(f => new FileInfo(f).Length);

    /// <summary>From now on, every write fails (before any byte is written).</summary>
    public void FailWrites() => Volatile.Write(ref _failWrites, 1);

    /// <summary>From now on, every fsync fails (after the writes before it reached the OS).</summary>
    public void FailFlushes() => Volatile.Write(ref _failFlushes, 1);

    /// <summary>The next <paramref name="count"/> opens fail with ENOSPC, as on a full disk.</summary>
    public void FailOpens(int count)
    {
        lock (_lock)
        {
            _opensToFail = count;
        }
    }

    /// <summary>From now on, every fsync waits until <see cref="ReleaseFlushes"/>.</summary>
    public void HoldFlushes() => _flushGate.Reset();

    /// <summary>Lets held and later fsyncs go on (and fail, after <see cref="FailFlushes"/>).</summary>
    public void ReleaseFlushes() => _flushGate.Set();

    /// <summary>Every later operation on the files fails, as if the process had died now.</summary>
    public void Crash() => _crashed = true;

    /// <summary>Lets <paramref name="writes"/> more writes through, then tears the next one (writes its first half) and crashes.</summary>
    public void TearWriteAfter(int writes) => Volatile.Write(ref _writesLeft, writes);

    public override void SyncDirectory(string directoryPath)
    {
        ThrowIfCrashed();
        base.SyncDirectory(directoryPath);
    }

    protected override void OnOpen(string path)
    {
        lock (_lock)
        {
            if (_opensToFail > 0)
            {
                _opensToFail--;
                throw DiskFull("injected");
            }
        }
    }

    protected override int OnRead(IStorageFile file, int number, long offset, Span<byte> buffer)
    {
        ThrowIfCrashed();
        return IsFailingCall(file.Path) ? throw CountedError() : file.Read(offset, buffer);
    }

    protected override void OnWrite(IStorageFile file, int number, long offset, ReadOnlySpan<byte> data)
    {
        ThrowIfCrashed();
        if (IsFailingCall(file.Path))
        {
            if (Mode == FaultMode.ShortWrite)
            {
                file.Write(offset, data[..(data.Length / 2)]);
            }

            throw CountedError();
        }

        if (Volatile.Read(ref _failWrites) == 1)
        {
            throw InjectedError;
        }

        if (Interlocked.Decrement(ref _writesLeft) < 0)
        {
            file.Write(offset, data[..(data.Length / 2)]);
            Crash();
            throw new IOException("simulated crash during a write");
        }

        Reserve(file, offset + data.Length);
        Interlocked.Increment(ref _writes);
        file.Write(offset, data);
    }

    protected override void OnFlush(IStorageFile file, int number)
    {
        ThrowIfCrashed();
        if (IsFailingCall(file.Path))
        {
            throw CountedError();
        }

        if (!_flushGate.IsSet)
        {
            Interlocked.Increment(ref _heldFlushes);
            _flushGate.Wait();
            Interlocked.Decrement(ref _heldFlushes);
        }

        if (Volatile.Read(ref _failFlushes) == 1)
        {
            throw InjectedError;
        }

        file.Flush();
    }

    protected override void OnSetLength(IStorageFile file, int number, long length)
    {
        ThrowIfCrashed();
        if (IsFailingCall(file.Path))
        {
            throw CountedError();
        }

        Reserve(file, length);
        file.SetLength(length);
    }

    private static IOException DiskFull(string what) => new($"No space left on device ({what})", 28);

    private void ThrowIfCrashed()
    {
        if (_crashed)
        {
            throw new IOException("simulated crash");
        }
    }

    // Numbers the call; true when it is the one to fail.
    private bool IsFailingCall(string path)
    {
        lock (_lock)
        {
            if (Calls++ != FailAt)
            {
                return false;
            }

            CallFailed = true;
            FailedPath = path;
            return true;
        }
    }

    private IOException CountedError() =>
        Mode == FaultMode.DiskFull ? DiskFull("injected") : new IOException("Input/output error (injected)", 5);

    // Refuses growth past the capacity; overwrites and shrinking always pass.
    private void Reserve(IStorageFile file, long newLength)
    {
        if (Capacity == long.MaxValue)
        {
            return;
        }

        lock (_lock)
        {
            long growth = newLength - file.Length;
            if (growth > 0 && Used + growth > Capacity)
            {
                Refused++;
                throw DiskFull("test disk");
            }
        }
    }
}
